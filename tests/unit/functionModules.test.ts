import { existsSync } from 'node:fs';
import { glob, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { httpFunctions, timerFunctions } from '../../api/src/http/registry.js';
import {
  FUNCTIONS_DIR,
  functionModuleFiles,
  loadFunctionModules,
} from '../../api/src/local/functionModules.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BUILT_LOADER = join(ROOT, 'api/dist/local/functionModules.js');

/** The files Azure loads: the root package.json `main` glob, resolved from the repository root. */
async function azureEntryFiles(): Promise<string[]> {
  const { main } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { main: string };
  const files: string[] = [];
  for await (const file of glob(main, { cwd: ROOT })) files.push(join(ROOT, file));
  return files.sort();
}

const stem = (file: string) => basename(file).replace(/\.(js|ts)$/, '');

describe('function modules', () => {
  it('the built local host loads exactly the files the package.json `main` glob gives Azure', async () => {
    expect(existsSync(BUILT_LOADER), 'build the API first: npx tsc -b common api').toBe(true);
    const built = (await import(pathToFileURL(BUILT_LOADER).href)) as {
      functionModuleFiles: typeof functionModuleFiles;
    };
    const azure = await azureEntryFiles();
    expect(azure.length).toBeGreaterThan(0);
    expect(await built.functionModuleFiles()).toEqual(azure);
  });

  it('run from source, it loads one module per file Azure loads (a stale dist file fails here)', async () => {
    expect(FUNCTIONS_DIR).toBe(join(ROOT, 'api/src/functions'));
    const sources = await functionModuleFiles();
    expect(sources.every((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toBe(true);
    expect(sources.map(stem)).toEqual((await azureEntryFiles()).map(stem));
  });

  it('loading them registers every function once', async () => {
    const loaded = await loadFunctionModules();
    expect(loaded).toEqual(await functionModuleFiles());
    expect(httpFunctions.length).toBeGreaterThan(0);
    const names = [...httpFunctions, ...timerFunctions].map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['userLogin', 'houseGet', 'nightlyMaintenance']));
    const count = names.length;
    await loadFunctionModules();
    expect(httpFunctions.length + timerFunctions.length).toBe(count);
  });
});
