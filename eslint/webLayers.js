// Layers of the web app, one direction only (issue "one recipe for every slice"):
//
//   app/              routes, providers, shell and layout, session provider, house chooser
//     ↓
//   features/<area>/  one folder per slice (rooms, devices, fees, …); never imports another slice
//     ↓
//   components/, lib/ shared UI and plumbing (API client and shared resources, session store, toasts,
//                     formatting, paths); never imports features/ or app/
//
// Data two slices need lives in lib/api/resources/; pages made of several slices are composed in
// app/routes/. `main.tsx` only mounts app/.
import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

const SOURCE_RESOLVER = fileURLToPath(new URL('./sourceResolver.cjs', import.meta.url));

const SRC = 'web/src';

export default [
  {
    // Type-aware checks of promises (the parser reads web/tsconfig.json through the project service):
    // a promise nobody awaits or handles, or one passed where a plain callback is expected (an event
    // handler, a setTimeout), hides its failure. Fire-and-forget is written `void promise`, only where
    // nothing is lost: SWR revalidation (`void revalidateX()`, `void list.mutate()`), whose failure
    // the hook's error state shows; react-router's `void navigate(…)`; and async handlers that catch
    // their own failures and show them (uploads, saves: `void upload(file)`), said where not obvious.
    files: [`${SRC}/**/*.{ts,tsx}`],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: fileURLToPath(new URL('..', import.meta.url)) },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: [`${SRC}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [SOURCE_RESOLVER]: {} },
      'boundaries/include': [`${SRC}/**/*`],
      // main.tsx only mounts app/App.tsx (element patterns match folders, and it is the one file directly
      // in web/src).
      'boundaries/ignore': [`${SRC}/main.tsx`],
      'boundaries/elements': [
        { type: 'app', pattern: `${SRC}/app` },
        { type: 'feature', pattern: `${SRC}/features/*`, capture: ['feature'] },
        { type: 'components', pattern: `${SRC}/components` },
        { type: 'lib', pattern: `${SRC}/lib` },
      ],
    },
    rules: {
      // Every source file belongs to a layer.
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } } },
            },
            // A slice uses its own files and the shared layers, never another slice (nor app/).
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: { types: { anyOf: ['components', 'lib'] } },
                },
              },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } },
                },
              },
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } },
            },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
          ],
          message: `${SRC}: {{ from.element.type }} may not import {{ to.element.type }} (layers: app → features → components, lib; a feature never imports another feature).`,
        },
      ],
    },
  },
];
