// `npm run package:api`: the Function App's deployment package, in its own folder (.azure-package/api,
// gitignored), deployed as it is (azure.yaml `remoteBuild: false`). See docs/deploy.md, "Deployment package".
//
//   .azure-package/api/
//     host.json        the repository's host.json, unchanged
//     package.json     "type": "module", "main": "main.js", no dependencies
//     main.js          entry: imports every compiled function module (api/src/functions/*.ts) in the order the
//                      local host loads them, so the same functions register
//     chunks/*.js      code shared by main.js and the lazy imports (ES module chunks)
//     fonts/*.ttf      DejaVu Sans, embedded in contract PDFs (pdfkit reads the files at run time)
//
// The build starts clean: the API is compiled afresh into .azure-package/api-build (not api/dist, where
// files of deleted or renamed sources can linger and would be packaged and registered), and the package
// is bundled from there.
//
// Everything is bundled, @azure/functions included (the Functions worker provides only
// `@azure/functions-core`, which stays a runtime `require`). ESM with code splitting keeps the dynamic
// imports lazy: exceljs, @azure/identity, @azure/cosmos and the store drivers are chunks that load on
// first use, as they do from api/dist. The build metadata (which input went to which chunk) is written
// next to the folder, not into it: .azure-package/api-meta.json (tests/deploy reads it).
import { execSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
export const PACKAGE_DIR = join(ROOT, '.azure-package', 'api');
export const META_FILE = join(ROOT, '.azure-package', 'api-meta.json');
/** A clean compile of api/src, made anew by every package build (gitignored with .azure-package). */
export const BUILD_DIR = join(ROOT, '.azure-package', 'api-build');
const FUNCTIONS_DIST = join(BUILD_DIR, 'functions');

// CommonJS dependencies bundled into ES modules still call `require` (node built-ins, the worker's
// @azure/functions-core): every chunk gets a real one. The odd local names avoid clashes with bundled code.
const BANNER = [
  "import { createRequire as __nhatroCreateRequire } from 'node:module';",
  'const require = __nhatroCreateRequire(import.meta.url);',
].join('\n');

/** The fonts api/src/documents/contractPdf.ts embeds (FONT_FILES there). */
export const PDF_FONTS = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];

function compileTypeScript() {
  // @nhatro/common is consumed through its package (common/dist); the API is compiled on its own into an
  // empty folder, so only today's sources are in it.
  execSync('npx tsc -b common', { cwd: ROOT, stdio: 'inherit' });
  rmSync(BUILD_DIR, { recursive: true, force: true });
  execSync(
    `npx tsc -p api --outDir "${BUILD_DIR}" --composite false --incremental false --declaration false ` +
      `--declarationMap false --sourceMap false --tsBuildInfoFile null`,
    { cwd: ROOT, stdio: 'inherit' },
  );
}

async function functionModules() {
  // The local host's own loader lists the modules, so the package and `npm start` cannot disagree.
  const loader = await import(pathToFileURL(join(BUILD_DIR, 'local', 'functionModules.js')).href);
  return loader.functionModuleFiles(FUNCTIONS_DIST);
}

export async function packageApi({ log = console.log } = {}) {
  const started = Date.now();
  compileTypeScript();
  const modules = await functionModules();
  if (modules.length === 0) throw new Error(`No function modules in ${FUNCTIONS_DIST}`);

  rmSync(PACKAGE_DIR, { recursive: true, force: true });
  mkdirSync(PACKAGE_DIR, { recursive: true });

  const entry = modules.map((file) => `import './${relative(FUNCTIONS_DIST, file).replaceAll('\\', '/')}';`);
  const result = await build({
    stdin: {
      contents: entry.join('\n') + '\n',
      resolveDir: FUNCTIONS_DIST,
      sourcefile: 'main.js',
      loader: 'js',
    },
    outdir: PACKAGE_DIR,
    entryNames: 'main',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Provided by the Functions worker at run time, never installed.
    external: ['@azure/functions-core'],
    banner: { js: BANNER },
    legalComments: 'linked',
    sourcemap: false,
    minify: false,
    metafile: true,
    logLevel: 'warning',
  });

  copyFileSync(join(ROOT, 'host.json'), join(PACKAGE_DIR, 'host.json'));
  // The contract PDF embeds DejaVu Sans (Vietnamese letters); the renderer looks for fonts/ beside the bundle.
  mkdirSync(join(PACKAGE_DIR, 'fonts'), { recursive: true });
  for (const font of PDF_FONTS) {
    copyFileSync(
      join(ROOT, 'node_modules', 'dejavu-fonts-ttf', 'ttf', font),
      join(PACKAGE_DIR, 'fonts', font),
    );
  }
  const packageJson = {
    name: 'nha-tro-api-package',
    version: '0.0.0',
    private: true,
    description: 'Generated by `npm run package:api` (scripts/package-api.mjs); do not edit.',
    type: 'module',
    main: 'main.js',
    engines: { node: '>=22' },
  };
  writeFileSync(join(PACKAGE_DIR, 'package.json'), JSON.stringify(packageJson, null, 2) + '\n');
  writeFileSync(META_FILE, JSON.stringify(result.metafile));

  log(
    `API package: ${relative(ROOT, PACKAGE_DIR)} (${modules.length} function modules, ${Date.now() - started} ms)`,
  );
  return { modules, metafile: result.metafile };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await packageApi();
}
