/**
 * Times the embedded store's migration to real columns (api/src/store/sqliteColumns.ts) on a generated
 * file of the older schema: `node --import tsx tests/bench/sqliteMigration.ts [MB]` (default 100).
 * Houses of 500 rooms with their contracts, occupants and bills, bodies of the product's sizes.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import { createSchemaV0 } from '../store/sqliteSchemaV0.js';

const targetMb = Number(process.argv[2] ?? 100);
const dir = mkdtempSync(join(tmpdir(), 'nhatro-migration-'));
const file = join(dir, 'store.sqlite');
const db = createSchemaV0(file);
const insert = db.prepare('INSERT INTO "houses" (pk, id, etag, body) VALUES (?, ?, ?, jsonb(?))');
const filler = 'Ghi chú về phòng trọ, điện nước và tiền cọc. '.repeat(8);
let docs = 0;
db.exec('BEGIN');
for (let h = 0; statSync(file).size < targetMb * 1024 * 1024 || h === 0; h += 1) {
  const pk = `house-${h}`;
  for (let r = 0; r < 500; r += 1) {
    const roomID = `room-${r}`;
    const items = [
      {
        id: roomID,
        type: 'room',
        roomName: `P${r}`,
        floor: r % 6,
        status: 'rented',
        price: 2_500_000,
        note: filler,
      },
      { id: `c-${r}`, type: 'contract', roomID, startDate: '2026-01-01', status: 'active', note: filler },
      {
        id: `l-${r}`,
        type: 'lesseeInfo',
        contractID: `c-${r}`,
        occupantName: `Nguyễn Văn ${r}`,
        note: filler,
      },
      { id: `b-${r}`, type: 'monthlyBill', roomID, contractID: `c-${r}`, month: '2026-10', total: 3_100_000 },
    ];
    for (const item of items) insert.run(pk, item.id, '"e"', JSON.stringify({ ...item, pk }));
    docs += items.length;
  }
  db.exec('COMMIT; PRAGMA wal_checkpoint(TRUNCATE); BEGIN');
}
db.exec('COMMIT');
db.close();
const mb = statSync(file).size / 1024 / 1024;
const started = performance.now();
const store = openSqliteStore({ file });
const first = performance.now() - started;
await store.close();
const again = performance.now();
const reopened = openSqliteStore({ file });
const second = performance.now() - again;
await reopened.close();
console.log(
  `${docs} documents, ${mb.toFixed(0)} MB: first open (migration) ${(first / 1000).toFixed(2)} s, ` +
    `second open ${second.toFixed(0)} ms, file after ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB`,
);
rmSync(dir, { recursive: true, force: true });
