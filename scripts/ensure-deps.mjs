// Installs the locked dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone. Uses only Node built-ins.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(`Nhà trọ cần Node.js 22 trở lên (đang dùng ${process.version}).`);
  process.exit(1);
}
const lock = readFileSync('package-lock.json');
const digest = createHash('sha256').update(lock).digest('hex');
const stamp = 'node_modules/.nhatro-lock-sha256';
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== digest) {
  console.log('Cài đặt các gói phụ thuộc (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
  writeFileSync(stamp, digest);
}
