// `azd up` on a machine that never built the project (a CI runner, a new laptop): the predeploy hook is
// run exactly as azd runs it, in a clean clone of this repository with no node_modules, with the
// provisioning outputs it needs set to stand-ins. It must install, package the API and build the SPA on
// its own. The clone carries the working tree's uncommitted changes too, so the test checks the sources
// as they are. `npm ci` reads the machine's npm cache first (--prefer-offline): about 1–3 minutes here.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const API_BASE_URL = 'https://func-standin.azurewebsites.net';
const BLOB_ACCOUNT_URL = 'https://ststandin.blob.core.windows.net';

let workDir = '';
let clone = '';
let hook: { status: number | null; output: string; seconds: number };

function git(args: string[], cwd = ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' });
}

/** A clone of HEAD, with the working tree's changed, new (not ignored) and deleted files applied. */
function cleanClone(target: string): void {
  git(['clone', '--quiet', '--no-hardlinks', ROOT, target], tmpdir());
  const changed = git(['ls-files', '--modified', '--others', '--exclude-standard', '-z'])
    .split('\0')
    .filter(Boolean);
  for (const file of changed) {
    const from = join(ROOT, file);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(from, join(target, file));
  }
  for (const file of git(['ls-files', '--deleted', '-z']).split('\0').filter(Boolean)) {
    rmSync(join(target, file), { force: true });
  }
}

/**
 * The machine's environment as a fresh shell has it (certificates, proxies, HOME with npm's cache), less
 * what this run added: npm's lifecycle variables, vitest's, and this checkout's node_modules/.bin on PATH.
 */
function freshShellEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) => !/^(npm_|VITEST|TEST$|NODE_ENV$|INIT_CWD$|NODE_OPTIONS$)/i.test(name),
  );
  const path = (process.env.PATH ?? '')
    .split(':')
    .filter((entry) => !entry.startsWith(ROOT))
    .join(':');
  return { ...Object.fromEntries(kept), PATH: path };
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'nhatro-clean-clone-'));
  clone = join(workDir, 'repo');
  cleanClone(clone);
  const started = Date.now();
  // As azd runs it: the machine's shell environment plus the provisioning outputs.
  const result = spawnSync(process.execPath, ['scripts/azd-predeploy.mjs'], {
    cwd: clone,
    encoding: 'utf8',
    env: {
      ...freshShellEnvironment(),
      API_BASE_URL,
      BLOB_ACCOUNT_URL,
      NPM_CI_FLAGS: '--prefer-offline',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  hook = {
    status: result.status,
    output: `${result.stdout}\n${result.stderr}`,
    seconds: (Date.now() - started) / 1000,
  };
  console.log(`predeploy hook on a clean clone: ${hook.seconds.toFixed(0)} s`);
}, 900_000);

// The clone holds a whole node_modules (hundreds of thousands of files): removing it takes a while on a
// busy machine.
afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 600_000);

describe('the azd predeploy hook on a clean clone', () => {
  it('starts with no node_modules and finishes without an error', () => {
    expect(hook.status, hook.output.slice(-4000)).toBe(0);
    expect(hook.output).not.toMatch(/ERR_MODULE_NOT_FOUND/);
  });

  it('stages the API package: host.json, the bundle, no node_modules', () => {
    const api = join(clone, '.azure-package', 'api');
    for (const file of ['host.json', 'package.json', 'main.js'])
      expect(existsSync(join(api, file))).toBe(true);
    expect(existsSync(join(api, 'node_modules'))).toBe(false);
    expect(readdirSync(join(api, 'chunks')).length).toBeGreaterThan(0);
  });

  it('stages the SPA built for the provisioned API and blob account, without the build manifest', () => {
    const dist = join(clone, '.azure-package', 'web', 'dist');
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    expect(existsSync(join(dist, '.vite'))).toBe(false);
    const assets = readdirSync(join(dist, 'assets'));
    const bundle = assets
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(dist, 'assets', name), 'utf8'))
      .join('\n');
    expect(bundle).toContain(API_BASE_URL);
    const config = JSON.parse(readFileSync(join(dist, 'staticwebapp.config.json'), 'utf8')) as {
      globalHeaders: Record<string, string>;
    };
    const csp = config.globalHeaders['Content-Security-Policy'] ?? '';
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${API_BASE_URL.replaceAll('.', '\\.')}`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${BLOB_ACCOUNT_URL.replaceAll('.', '\\.')}`));
    expect(csp).not.toContain('*.blob.core.windows.net');
    const pkg = JSON.parse(readFileSync(join(clone, '.azure-package', 'web', 'package.json'), 'utf8')) as {
      scripts?: unknown;
      dependencies?: unknown;
    };
    expect(pkg.scripts).toBeUndefined();
    expect(pkg.dependencies).toBeUndefined();
  });
});
