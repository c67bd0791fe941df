import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default leaves one core to its main process (one worker on a 2-core machine), but the
    // test files mostly wait on their product's host, Azurite and scrypt's thread pool: two workers
    // finish the non-browser projects in about half the time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        // Pages, forms and hooks of web/src rendered in a simulated DOM (happy-dom) with the app's own
        // router, session, SWR cache and toasts; only fetch is fake (tests/web/support/fakeApi.ts).
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'usecases',
          include: ['tests/useCases/**/*.test.ts'],
          globalSetup: ['tests/support/passwordHashSetup.ts'],
          // Opening a tenant account hashes its one-time password (scrypt, N=2^17): slow on a busy machine.
          testTimeout: 30_000,
        },
      },
      { test: { name: 'store', include: ['tests/store/**/*.test.ts'], testTimeout: 30_000 } },
      {
        // tests/deploy: the deployment packages (built by the test) and the templates.
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/deploy/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file after another (they share the product and its demo data), all in one worker
          // process: no new process and imports per file, and the browser contexts of `cleanPages`
          // (tests/support/browser.ts) keep their HTTP cache from file to file. Each test file is
          // still evaluated once on its own; the Chromium and the product are the globalSetup's.
          fileParallelism: false,
          isolate: false,
          // After the other projects, as a sequential project runs by default.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
