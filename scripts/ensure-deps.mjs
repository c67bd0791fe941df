// Installs the locked dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone. Uses only Node built-ins.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(`Nhà trọ cần Node.js 22 trở lên (đang dùng ${process.version}).`);
  process.exit(1);
}
// npm writes node_modules/.package-lock.json on every install: newer than the lockfile means up to date.
const installed = 'node_modules/.package-lock.json';
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync('package-lock.json').mtimeMs) {
  console.log('Cài đặt các gói phụ thuộc (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
