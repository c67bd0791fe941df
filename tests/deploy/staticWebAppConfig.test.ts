// staticwebapp.config.json (SPA fallback, CSP and the other headers) lives at the repository's top level,
// its single source; every `vite build` emits a copy into its output (web/vite.config.ts), whoever runs
// the build. The build changes the CSP only: with VITE_API_BASE_URL set, the API's origin joins
// connect-src; with BLOB_ACCOUNT_URL, the account's blob host joins img-src and connect-src (no
// *.blob.core.windows.net wildcard).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = join(ROOT, 'web');
const SOURCE = join(ROOT, 'staticwebapp.config.json');
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const outDirs: string[] = [];

/** A production build of the SPA into a temporary folder; returns the emitted config text. */
function build(env: Record<string, string>): string {
  const outDir = mkdtempSync(join(tmpdir(), 'nhatro-web-build-'));
  outDirs.push(outDir);
  const { VITE_API_BASE_URL: _ignored, BLOB_ACCOUNT_URL: _ignoredToo, ...inherited } = process.env;
  execFileSync(
    process.execPath,
    [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: WEB,
      env: { ...inherited, ...env },
      stdio: 'pipe',
    },
  );
  return readFileSync(join(outDir, 'staticwebapp.config.json'), 'utf8');
}

interface StaticWebAppConfig {
  navigationFallback?: { rewrite?: string };
  routes?: { route: string; headers?: Record<string, string> }[];
  globalHeaders: Record<string, string>;
}

const csp = (text: string) =>
  (JSON.parse(text) as StaticWebAppConfig).globalHeaders['Content-Security-Policy'] ?? '';

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe('staticwebapp.config.json', () => {
  it('is the source of truth at the top level: SPA fallback, HSTS of at least a year, no azurewebsites.net wildcard', () => {
    const config = JSON.parse(readFileSync(SOURCE, 'utf8')) as StaticWebAppConfig;
    expect(config.navigationFallback?.rewrite).toBe('/index.html');
    const hsts = config.globalHeaders['Strict-Transport-Security'] ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(csp(readFileSync(SOURCE, 'utf8'))).not.toContain('azurewebsites.net');
    expect(csp(readFileSync(SOURCE, 'utf8'))).not.toContain('blob.core.windows.net');
  });

  it('hashed /assets/* are cached for a year, everything else (index.html, the SPA fallback) revalidates', () => {
    const config = JSON.parse(readFileSync(SOURCE, 'utf8')) as StaticWebAppConfig;
    const assets = config.routes?.find((route) => route.route === '/assets/*');
    expect(assets?.headers?.['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(config.routes?.[0]).toBe(assets);
    expect(config.globalHeaders['Cache-Control']).toBe('no-cache');
  });

  it('a build without VITE_API_BASE_URL emits an identical copy', () => {
    expect(build({})).toBe(readFileSync(SOURCE, 'utf8'));
  }, 120_000);

  it('a build with VITE_API_BASE_URL adds only the API origin to connect-src', () => {
    const source = readFileSync(SOURCE, 'utf8');
    const emitted = build({ VITE_API_BASE_URL: 'https://func-example.azurewebsites.net/' });
    const expectedCsp = csp(source).replace(
      /connect-src ([^;]+)/,
      'connect-src $1 https://func-example.azurewebsites.net',
    );
    expect(csp(emitted)).toBe(expectedCsp);
    expect(emitted).toBe(source.replace(JSON.stringify(csp(source)), JSON.stringify(expectedCsp)));
  }, 120_000);

  it('a build with BLOB_ACCOUNT_URL names that account (and only it) in img-src and connect-src', () => {
    const source = readFileSync(SOURCE, 'utf8');
    const emitted = build({
      VITE_API_BASE_URL: 'https://func-example.azurewebsites.net',
      BLOB_ACCOUNT_URL: 'https://stexample.blob.core.windows.net',
    });
    const expectedCsp = csp(source)
      .replace(
        /connect-src ([^;]+)/,
        'connect-src $1 https://func-example.azurewebsites.net https://stexample.blob.core.windows.net',
      )
      .replace(/img-src ([^;]+)/, 'img-src $1 https://stexample.blob.core.windows.net');
    expect(csp(emitted)).toBe(expectedCsp);
  }, 120_000);
});
