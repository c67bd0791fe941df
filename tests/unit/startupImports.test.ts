import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

// A cold start imports every function module (api/dist/functions, as Azure does through `main`). The SDKs
// and libraries a request may need are loaded on first use, never at that import.

const ROOT = resolve(import.meta.dirname, '../..');
const BUILT_LOADER = join(ROOT, 'api/dist/local/functionModules.js');

const LOADED_ON_FIRST_USE = [
  '@azure/storage-blob',
  '@azure/identity',
  '@azure/cosmos',
  '@azure/core-auth',
  '@azure/communication-email',
  '@azure/communication-sms',
  'vnpay',
  'exceljs',
  'pdfkit',
  // Loaded with the first request (the endpoint wrapper) or the first token signed or checked.
  'jose',
  '@odata/parser',
];

/** The packages a fresh process loads while importing every built function module. */
function packagesLoadedAtStart(): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const packages = new Set();
    registerHooks({
      load(url, context, next) {
        const found = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(url);
        if (found) packages.add(found[1]);
        return next(url, context);
      },
    });
    const { loadFunctionModules } = await import(${JSON.stringify(pathToFileURL(BUILT_LOADER).href)});
    await loadFunctionModules();
    console.log(JSON.stringify([...packages].sort()));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? '[]') as string[];
}

it('importing every function module loads no SDK or library that waits for its first use', () => {
  expect(existsSync(BUILT_LOADER), 'build the API first: npx tsc -b common api').toBe(true);
  const loaded = packagesLoadedAtStart();
  expect(loaded).toContain('@azure/functions');
  expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
});
