import { readdir } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = fileURLToPath(import.meta.url);

/**
 * The folder of function modules next to the running code: `api/dist/functions` when built
 * (the folder the root package.json `main` glob, `api/dist/functions/*.js`, gives Azure), or
 * `api/src/functions` when the sources run directly (vitest, tsx).
 */
export const FUNCTIONS_DIR = join(dirname(HERE), '..', 'functions');

/** `.js` when built, `.ts` when the sources run directly. */
const MODULE_EXTENSION = extname(HERE);

/** Every function module in `dir`, sorted so registration order does not depend on the file system. */
export async function functionModuleFiles(dir = FUNCTIONS_DIR): Promise<string[]> {
  const names = await readdir(dir);
  return names
    .filter((name) => name.endsWith(MODULE_EXTENSION) && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * Imports every function module, as Azure does through `main`: a new slice only adds its file.
 * Modules register their functions when imported; importing twice is a no-op (module cache).
 */
export async function loadFunctionModules(dir = FUNCTIONS_DIR): Promise<string[]> {
  const files = await functionModuleFiles(dir);
  for (const file of files) await import(pathToFileURL(file).href);
  return files;
}
