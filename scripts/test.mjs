// The whole test suite: the builds, then every vitest project (unit, store contract, API through the real
// handlers, browser tests in Chromium) with format, lint, unused code and types checked beside them.
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

/** `nice -n 19` before a command where `nice` exists: the checks then take only the CPU the tests leave. */
const niceness =
  spawnSync('sh', ['-c', 'command -v nice'], { stdio: 'ignore' }).status === 0 ? 'nice -n 19 ' : '';

/**
 * Commands side by side (each is mostly one process on one core). Resolves, once all have finished, with
 * each one's title, status, output and time; `lowPriority` runs them under `nice`.
 */
function startTogether(steps, { lowPriority = false } = {}) {
  return Promise.all(
    steps.map(
      ([title, command]) =>
        new Promise((resolveStep) => {
          const stepStarted = Date.now();
          const child = spawn(`${lowPriority ? niceness : ''}${command}`, {
            shell: true,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
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
    ),
  );
}

/** Prints each step's output whole, in order, and its result; true when every step passed. */
function printResults(results) {
  for (const { title, status, output, seconds } of results) {
    if (output.length > 0) process.stdout.write(output);
    if (status === 0) console.log(`✔ ${title} (${seconds.toFixed(1)} s)`);
    else console.error(`✖ ${title} thất bại.`);
  }
  return results.every((result) => result.status === 0);
}

// The web build and the type check of web/ read @nhatro/common from its build output; tests read the
// API's build output (api/dist) and the browser tests the web's (web/dist), so both are built first.
run('Build @nhatro/common (tsc)', 'npx tsc -b common');
const buildStarted = Date.now();
console.log('\n▶ Build API (tsc), Build web (vite) (song song)');
if (
  !printResults(
    await startTogether([
      ['Build API (tsc)', 'npx tsc -b api'],
      ['Build web (vite)', 'npm run build -w web --silent'],
    ]),
  )
) {
  process.exit(1);
}
console.log(`✔ Build (${((Date.now() - buildStarted) / 1000).toFixed(1)} s)`);
const chromium = ensureChromium();
console.log(`Chromium: ${chromium}`);

// The checks that only read the sources run beside the tests, at the lowest CPU priority: the browser
// tests, last and one file at a time, leave most of a core idle, which the checks then fill. Their
// output is printed after the tests'; a failed check fails the run as a failed test does.
const checks = startTogether(
  [
    ['Định dạng mã (prettier)', 'npx prettier --check . --log-level warn'],
    ['Kiểm tra mã (eslint)', 'npx eslint . --max-warnings 0'],
    ['Mã không dùng (knip)', 'npm run lint:unused --silent'],
    ['Kiểm tra kiểu (tsc)', 'npm run typecheck --silent'],
  ],
  { lowPriority: true },
);
console.log(
  `\n▶ Định dạng mã, kiểm tra mã, mã không dùng, kiểm tra kiểu: chạy song song với các bài kiểm thử${niceness ? ' (nice 19)' : ''}`,
);

const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/vitest.json',
  ...extraArgs,
];
// Not spawnSync: the checks' output is read while the tests run.
const vitestStatus = await new Promise((resolveRun) => {
  spawn('npx', vitestArgs, { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium } }).on(
    'close',
    (status) => resolveRun(status),
  );
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
console.log('\n▶ Kiểm tra tĩnh (chạy song song với các bài kiểm thử)');
const checkResults = await checks;
const checksPassed = printResults(checkResults);
const checksSeconds = Math.max(...checkResults.map((result) => result.seconds));
console.log(
  `Kiểm tra tĩnh: xong ${checksSeconds.toFixed(0)} s sau khi bắt đầu, cùng lúc với các bài kiểm thử`,
);
console.log(`\nThời gian: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (!checksPassed) console.error('✖ Kiểm tra tĩnh thất bại (xem ở trên).');
process.exit(vitestStatus === 0 && failed === 0 && passed > 0 && checksPassed ? 0 : 1);
