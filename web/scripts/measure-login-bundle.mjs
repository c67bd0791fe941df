// Gzipped size of the JavaScript the /login route loads: the entry chunk, the login page chunk and
// everything they import statically. Run after `vite build` (needs build.manifest).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const LOGIN_PAGE_SOURCE = 'src/features/auth/LoginPage.tsx';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[LOGIN_PAGE_SOURCE])
  throw new Error('Entry or login chunk missing from the manifest.');

const loaded = new Set();
function collect(key) {
  if (loaded.has(key)) return;
  loaded.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported);
}
collect(entryKey);
collect(LOGIN_PAGE_SOURCE);

let totalGzipped = 0;
for (const key of loaded) {
  const file = manifest[key].file;
  const gzipped = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  totalGzipped += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const verdict = totalGzipped <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `${(totalGzipped / 1024).toFixed(1).padStart(7)} KB  total for /login (${verdict} the ${BUDGET_BYTES / 1024} KB budget)`,
);
if (totalGzipped > BUDGET_BYTES) process.exitCode = 1;
