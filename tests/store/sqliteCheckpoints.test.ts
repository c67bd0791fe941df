import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import type { Store } from '../../api/src/store/store.js';

// The embedded store checkpoints its write-ahead log from a worker thread (api/src/store/sqliteCheckpointer.ts):
// writes land in the log at once and reach the database file shortly after, without a request waiting.

let dir = '';
let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('copies the log into the database file in the background, and closes cleanly', async () => {
  dir = await mkdtemp(join(tmpdir(), 'nhatro-wal-'));
  const file = join(dir, 'store.sqlite');
  store = openSqliteStore({ file });
  const before = (await stat(file)).size;
  const docs = store.container<{ id: string; pk: string; type: string; filler: string }>('houses');
  for (let batch = 0; batch < 20; batch += 1) {
    await docs.batch(
      'house-1',
      Array.from({ length: 50 }, (_, index) => ({
        op: 'create' as const,
        doc: { id: `doc-${batch}-${index}`, pk: 'house-1', type: 'note', filler: 'x'.repeat(500) },
      })),
    );
  }
  // Commits do not checkpoint by themselves any more: right after them the data is only in the log.
  expect((await stat(file)).size).toBe(before);
  await expect
    .poll(async () => (await stat(file)).size, { timeout: 5_000, interval: 100 })
    .toBeGreaterThan(before + 500_000);
  expect(await docs.count({ partitionKey: 'house-1' })).toBe(1000);
});
