// The Function App package (`npm run package:api` → .azure-package/api) is what Azure runs: loaded in a
// fresh Node process with a stand-in for the worker's `@azure/functions-core`, it must register exactly
// the functions the local host serves, with the same routes, methods and schedules; it must not ship
// node_modules; and the lazy imports must stay out of the start-up path.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFunctions, timerFunctions } from '../../api/src/http/registry.js';
import { loadFunctionModules } from '../../api/src/local/functionModules.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGE_DIR = join(ROOT, '.azure-package', 'api');
const META_FILE = join(ROOT, '.azure-package', 'api-meta.json');
/** Generous ceiling on the unzipped package (about 7 MB today; the old repository package was ~145 MB). */
const SIZE_BUDGET_BYTES = 15 * 1024 * 1024;

/** Records what the bundled @azure/functions hands to the worker. */
const FAKE_CORE = `
const registered = [];
module.exports = {
  registered,
  programmingModel: undefined,
  setProgrammingModel(model) { module.exports.programmingModel = model; },
  getProgrammingModel() { return module.exports.programmingModel; },
  registerFunction(metadata) { registered.push(metadata); return { dispose() {} }; },
  registerHook() { return { dispose() {} }; },
  log() {},
};
`;

/** Runs in a fresh process: loads the package as the worker would, then every lazy chunk. */
const PROBE = `
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const dir = process.argv[2];
const main = join(dir, JSON.parse((await import('node:fs')).readFileSync(join(dir, 'package.json'), 'utf8')).main);
const started = performance.now();
await import(pathToFileURL(main).href);
const loadMs = performance.now() - started;
const core = createRequire(main)('@azure/functions-core');
const chunkErrors = [];
for (const file of readdirSync(join(dir, 'chunks')).filter((name) => name.endsWith('.js'))) {
  try { await import(pathToFileURL(join(dir, 'chunks', file)).href); }
  catch (error) { chunkErrors.push(file + ': ' + (error instanceof Error ? error.message : String(error))); }
}
console.log(JSON.stringify({ loadMs, programmingModel: core.programmingModel?.name, functions: core.registered, chunkErrors }));
`;

interface Binding {
  type: string;
  direction?: string;
  route?: string;
  methods?: string[];
  schedule?: string;
}
interface ProbeResult {
  loadMs: number;
  programmingModel?: string;
  functions: { name: string; bindings: Record<string, Binding> }[];
  chunkErrors: string[];
}
interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<
    string,
    {
      imports: { path: string; kind: string; external?: boolean }[];
      inputs: Record<string, unknown>;
      entryPoint?: string;
    }
  >;
}

let workDir = '';
let probe: ProbeResult;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    statSync(join(dir, name)).isFile(),
  );
}

beforeAll(() => {
  // Always rebuilt: the package must come from the current sources (about 10 s).
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'package-api.mjs')], { cwd: ROOT, stdio: 'pipe' });
  workDir = mkdtempSync(join(tmpdir(), 'nhatro-api-package-'));
  cpSync(PACKAGE_DIR, join(workDir, 'app'), { recursive: true });
  const core = join(workDir, 'node_modules', '@azure', 'functions-core');
  mkdirSync(core, { recursive: true });
  writeFileSync(
    join(core, 'package.json'),
    JSON.stringify({ name: '@azure/functions-core', main: 'index.js' }),
  );
  writeFileSync(join(core, 'index.js'), FAKE_CORE);
  writeFileSync(join(workDir, 'probe.mjs'), PROBE);
  const output = execFileSync(process.execPath, [join(workDir, 'probe.mjs'), join(workDir, 'app')], {
    cwd: workDir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  probe = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ProbeResult;
}, 120_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('API deployment package', () => {
  it('holds host.json, a package.json whose main is the bundle, the bundle, and no node_modules', () => {
    const files = filesUnder(PACKAGE_DIR);
    expect(files).toContain('host.json');
    expect(files).toContain('main.js');
    expect(files.some((file) => file.split(/[\\/]/).includes('node_modules'))).toBe(false);
    const unexpected = files.filter(
      (file) =>
        !/^(host\.json|package\.json|main\.js|chunks[\\/][\w.-]+\.js)(\.LEGAL\.txt)?$/.test(file) &&
        !/^fonts[\\/]DejaVuSans(-Bold)?\.ttf$/.test(file),
    );
    expect(unexpected).toEqual([]);
    expect(readFileSync(join(PACKAGE_DIR, 'host.json'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'host.json'), 'utf8'),
    );
    const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(pkg).toMatchObject({ type: 'module', main: 'main.js' });
    expect(pkg.dependencies).toBeUndefined();
    const bytes = files.reduce((sum, file) => sum + statSync(join(PACKAGE_DIR, file)).size, 0);
    expect(bytes).toBeLessThan(SIZE_BUDGET_BYTES);
  });

  it('ships the fonts the contract PDF embeds, unchanged', () => {
    for (const font of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
      expect(readFileSync(join(PACKAGE_DIR, 'fonts', font))).toEqual(
        readFileSync(join(ROOT, 'node_modules', 'dejavu-fonts-ttf', 'ttf', font)),
      );
    }
  });

  it('registers, in a fresh process, every function the local host serves', async () => {
    await loadFunctionModules();
    expect(probe.programmingModel).toBe('@azure/functions');
    const fromPackage = probe.functions.map(({ name, bindings }) => {
      const trigger = Object.values(bindings).find((binding) => /trigger$/i.test(binding.type));
      return trigger?.type === 'httpTrigger'
        ? { name, route: trigger.route, methods: [...(trigger.methods ?? [])].sort() }
        : { name, schedule: trigger?.schedule };
    });
    const local = [
      ...httpFunctions.map(({ name, route, methods }) => ({ name, route, methods: [...methods].sort() })),
      ...timerFunctions.map(({ name, schedule }) => ({ name, schedule })),
    ];
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(fromPackage.sort(byName)).toEqual(local.sort(byName));
    expect(local.length).toBeGreaterThan(0);
  });

  it('loads quickly, and every lazy chunk evaluates on its own', () => {
    expect(probe.chunkErrors).toEqual([]);
    expect(probe.loadMs).toBeLessThan(5_000);
  });

  it('keeps exceljs, pdfkit, @azure/identity, @azure/cosmos and the store drivers out of the start-up imports', () => {
    expect(existsSync(META_FILE)).toBe(true);
    const meta = JSON.parse(readFileSync(META_FILE, 'utf8')) as Metafile;
    const entry = Object.keys(meta.outputs).find((output) => output.endsWith('/main.js'));
    expect(entry).toBeDefined();
    const startup = new Set<string>();
    const queue = [entry ?? ''];
    while (queue.length > 0) {
      const output = queue.pop() ?? '';
      if (startup.has(output)) continue;
      startup.add(output);
      for (const imported of meta.outputs[output]?.imports ?? []) {
        if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path);
      }
    }
    const startupInputs = [...startup].flatMap((output) => Object.keys(meta.outputs[output]?.inputs ?? {}));
    const lazy = [
      /node_modules\/exceljs\//,
      /node_modules\/@azure\/identity\//,
      /node_modules\/@azure\/cosmos\//,
      /node_modules\/pdfkit\//,
      /api\/dist\/store\/(cosmos|sqlite)\.js$/,
    ];
    for (const pattern of lazy) {
      expect(startupInputs.filter((input) => pattern.test(input))).toEqual([]);
      // ...and they are in the package, in a chunk that loads on demand.
      expect(Object.keys(meta.inputs).some((input) => pattern.test(input))).toBe(true);
    }
  });
});
