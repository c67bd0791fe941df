import { mkdtemp, rm, stat } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import { startCheckpointer, type Checkpointer } from '../../api/src/store/sqliteCheckpointer.js';
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

describe('the checkpointer worker', () => {
  let db: DatabaseSync | undefined;
  let checkpointer: Checkpointer | undefined;
  afterEach(async () => {
    await checkpointer?.stop();
    db?.close();
  });

  async function writer(): Promise<{ file: string; commit: () => void }> {
    dir = await mkdtemp(join(tmpdir(), 'nhatro-wal-'));
    const file = join(dir, 'store.sqlite');
    db = new DatabaseSync(file);
    db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;
      PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);`);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const filler = 'x'.repeat(3000);
    return {
      file,
      commit() {
        db?.exec('BEGIN IMMEDIATE');
        for (let row = 0; row < 10; row += 1) insert.run(filler);
        db?.exec('COMMIT');
      },
    };
  }

  const walSize = async (file: string) => (await stat(`${file}-wal`).catch(() => undefined))?.size ?? 0;

  it('starts the log over while writes go on, so it does not grow with them', async () => {
    const { file, commit } = await writer();
    checkpointer = startCheckpointer(file, () => undefined, { intervalMs: 10, restartAboveFrames: 64 });
    await checkpointer.ready;
    let largest = 0;
    // 1,000 commits of ten 3 KB rows: about 40 MB of log if it were never started over.
    const commits = 1000;
    for (let index = 0; index < commits; index += 1) {
      commit();
      if (index % 5 === 0) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        largest = Math.max(largest, await walSize(file));
      }
    }
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan((commits * 10 * 4096) / 2);
  });

  it('cuts a large log file back once writes pause', async () => {
    const { file, commit } = await writer();
    // The log grows first (a checkpointer already running could cut it between two commits on a busy machine).
    for (let index = 0; index < 20; index += 1) commit();
    expect(await walSize(file)).toBeGreaterThan(100_000);
    checkpointer = startCheckpointer(file, () => undefined, {
      intervalMs: 10,
      restartAboveFrames: 1_000_000,
      truncateAboveBytes: 100_000,
    });
    await checkpointer.ready;
    await expect.poll(() => walSize(file), { timeout: 5_000, interval: 20 }).toBe(0);
    expect((db?.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(200);
  });
});
