// Budget of the JavaScript the /login route loads: at most 100 KB gzipped (issue "Web app shell"; was
// 150 KB until the login page dropped MUI: it is plain React + CSS, MUI loads with app/ThemedLayout).
// Same computation as web/scripts/measure-login-bundle.mjs, on the manifest of the last `vite build`
// (the test command builds the web app before vitest runs).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const BUDGET_BYTES = 100 * 1024;
const DIST_DIR = resolve(import.meta.dirname, '../../web/dist');
const MANIFEST_PATH = join(DIST_DIR, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  if (!existsSync(MANIFEST_PATH)) {
    throw new Error(`${MANIFEST_PATH} is missing: build the web app first (npm run build -w web).`);
  }
  return JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
}

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`The manifest has no chunk "${key}".`);
  return found;
}

/** The keys of the entry chunk, the login page chunk and everything they import statically. */
function loginRouteChunks(manifest: Manifest): { entryKey: string; loginKey: string; keys: string[] } {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  expect(entryKeys).toHaveLength(1);
  const entryKey = entryKeys[0]!;
  const loginKeys = (chunk(manifest, entryKey).dynamicImports ?? []).filter((key) =>
    (chunk(manifest, key).src ?? key).includes('LoginPage'),
  );
  expect(loginKeys).toHaveLength(1);
  const loginKey = loginKeys[0]!;

  const loaded = new Set<string>();
  const collect = (key: string): void => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of chunk(manifest, key).imports ?? []) collect(imported);
  };
  collect(entryKey);
  collect(loginKey);
  return { entryKey, loginKey, keys: [...loaded] };
}

function gzippedSize(file: string): number {
  return gzipSync(readFileSync(join(DIST_DIR, file)), { level: 9 }).length;
}

const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

describe('login bundle budget', () => {
  it('keeps the JavaScript of /login (entry + login page + their static imports) within 100 KB gzipped', () => {
    const manifest = readManifest();
    const { entryKey, loginKey, keys } = loginRouteChunks(manifest);
    const files = [...new Set(keys.map((key) => chunk(manifest, key).file))];
    expect(files.every((file) => file.endsWith('.js'))).toBe(true);
    expect(files).toContain(chunk(manifest, entryKey).file);
    expect(files).toContain(chunk(manifest, loginKey).file);

    const sizes = files.map((file) => ({ file, gzipped: gzippedSize(file) }));
    const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);
    const report = sizes.map(({ file, gzipped }) => `${kilobytes(gzipped).padStart(9)}  ${file}`);
    console.log(
      [
        ...report,
        `${kilobytes(total).padStart(9)}  total for /login (budget ${kilobytes(BUDGET_BYTES)})`,
      ].join('\n'),
    );
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('does not count the pages the login route does not need (dashboard, layout)', () => {
    const manifest = readManifest();
    const { keys } = loginRouteChunks(manifest);
    const sources = keys.map((key) => chunk(manifest, key).src ?? key);
    for (const lazyPage of ['DashboardPage', 'GuardedShell', 'AppLayout', 'ToastHost']) {
      expect(sources.some((source) => source.includes(lazyPage))).toBe(false);
    }
  });
});
