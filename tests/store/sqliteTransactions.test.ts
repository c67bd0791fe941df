import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SqliteTransactions } from '../../api/src/store/sqliteTransactions.js';

// The embedded store's write transactions (api/src/store/sqliteTransactions.ts) on a real file with
// real locks. `busy_timeout = 0` stands for the refusal SQLite gives without waiting while another
// connection starts the write-ahead log over.

let dir = '';
const connections: DatabaseSync[] = [];
afterEach(async () => {
  for (const db of connections.splice(0)) if (db.isOpen) db.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function database(): Promise<{ file: string; db: DatabaseSync }> {
  dir = await mkdtemp(join(tmpdir(), 'nhatro-transactions-'));
  const file = join(dir, 'store.sqlite');
  const db = connect(file);
  db.exec(`PRAGMA journal_mode = WAL; CREATE TABLE t (id TEXT PRIMARY KEY, v TEXT NOT NULL);`);
  db.exec('PRAGMA busy_timeout = 0');
  return { file, db };
}

function connect(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  connections.push(db);
  return db;
}

function ids(db: DatabaseSync): string[] {
  return (db.prepare('SELECT id FROM t ORDER BY id').all() as Array<{ id: string }>).map((row) => row.id);
}

function insert(db: DatabaseSync, id: string): void {
  db.prepare('INSERT INTO t (id, v) VALUES (?, ?)').run(id, 'v');
}

it('commits all of a transaction or, when a write fails, none of it', async () => {
  const { db } = await database();
  const transactions = new SqliteTransactions(db);
  expect(await transactions.run(() => (insert(db, 'a'), insert(db, 'b'), 'done'))).toBe('done');
  await expect(transactions.run(() => (insert(db, 'c'), insert(db, 'a')))).rejects.toThrow(/UNIQUE/);
  expect(ids(db)).toEqual(['a', 'b']);
});

it('waits out another connection that holds the database, without blocking the event loop', async () => {
  const { file, db } = await database();
  const transactions = new SqliteTransactions(db);
  const other = connect(file);
  other.exec('BEGIN IMMEDIATE');
  insert(other, 'other');
  let timerRan = false;
  setTimeout(() => {
    timerRan = true;
    other.exec('COMMIT');
  }, 60);
  const started = Date.now();
  await transactions.run(() => insert(db, 'mine'));
  // The other connection's commit ran on this thread's event loop while the write waited.
  expect(timerRan).toBe(true);
  expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  expect(ids(db)).toEqual(['mine', 'other']);
});

it('gives up with the busy error once the wait is over, having written nothing', async () => {
  const { file, db } = await database();
  const transactions = new SqliteTransactions(db, 100);
  const other = connect(file);
  other.exec('BEGIN IMMEDIATE');
  await expect(transactions.run(() => insert(db, 'mine'))).rejects.toMatchObject({ errcode: 5 });
  other.exec('ROLLBACK');
  expect(ids(db)).toEqual([]);
  await transactions.run(() => insert(db, 'next'));
  expect(ids(db)).toEqual(['next']);
});

it('lets no other statement into a transaction once it has begun', async () => {
  const { db } = await database();
  const transactions = new SqliteTransactions(db);
  // A write queued by another request while this one runs lands after it, outside its transaction:
  // when this transaction fails, the other write stays.
  queueMicrotask(() => insert(db, 'queued'));
  await expect(transactions.run(() => (insert(db, 'x'), insert(db, 'x')))).rejects.toThrow(/UNIQUE/);
  expect(ids(db)).toEqual(['queued']);
});
