// The whole test suite: format, lint, unused code, types, build, then every vitest project
// (unit, store contract, API through the real handlers, browser tests in Chromium).
// Extra arguments go to vitest, e.g. `npm test -- tests/api`.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const extraArgs = process.argv.slice(2);
const started = Date.now();

function run(title, command, env = process.env) {
  const t0 = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✖ ${title} thất bại.`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

function findChromium() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ].filter(Boolean);
  return candidates.find((path) => existsSync(path));
}

function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Không thấy Chromium: cài đặt bằng apt-get…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    found = findChromium();
  }
  if (!found) {
    console.error(
      'Cần Chromium cho các bài kiểm thử trình duyệt. Cài bằng `sudo apt-get install chromium` ' +
        'hoặc đặt biến CHROME_PATH trỏ tới Chrome/Chromium.',
    );
    process.exit(1);
  }
  return found;
}

/**
 * The checks that only read the sources run side by side (each is mostly one process on one core):
 * their output is printed whole, in this order, once each has finished.
 */
function runTogether(steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${steps.map(([title]) => title).join(', ')} (song song)`);
  const finished = steps.map(
    ([title, command]) =>
      new Promise((resolveStep) => {
        const stepStarted = Date.now();
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (status) =>
          resolveStep({
            title,
            status,
            output: Buffer.concat(output),
            seconds: (Date.now() - stepStarted) / 1000,
          }),
        );
      }),
  );
  return Promise.all(finished).then((results) => {
    for (const { title, status, output, seconds } of results) {
      if (output.length > 0) process.stdout.write(output);
      if (status === 0) console.log(`✔ ${title} (${seconds.toFixed(1)} s)`);
      else console.error(`✖ ${title} thất bại.`);
    }
    const failed = results.find((result) => result.status !== 0);
    if (failed) process.exit(failed.status ?? 1);
    console.log(`✔ Kiểm tra tĩnh và build (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  });
}

// The web build and the type check of web/ read @nhatro/common from its build output.
run('Build @nhatro/common (tsc)', 'npx tsc -b common');
await runTogether([
  ['Định dạng mã (prettier)', 'npx prettier --check . --log-level warn'],
  ['Kiểm tra mã (eslint)', 'npx eslint . --max-warnings 0'],
  ['Mã không dùng (knip)', 'npm run lint:unused --silent'],
  ['Kiểm tra kiểu (tsc)', 'npm run typecheck --silent'],
  ['Build web (vite)', 'npm run build -w web --silent'],
]);
const chromium = ensureChromium();
console.log(`Chromium: ${chromium}`);

const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/vitest.json',
  ...extraArgs,
];
const vitest = spawnSync('npx', vitestArgs, {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`\nThời gian: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitest.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
