import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import { COLUMNS, columnName, prepareSchema } from '../../api/src/store/sqliteColumns.js';
import { countSql, selectSql } from '../../api/src/store/sqliteQuery.js';
import type { ContainerName, Filter, QuerySpec, Store, StoredDoc } from '../../api/src/store/store.js';
import { createSchemaV0 } from './sqliteSchemaV0.js';

// Real columns beside the JSON body (api/src/store/sqliteColumns.ts): filled by every write and, for a
// file of the older schema, once at open. A column must hold exactly what json_extract returns, so the
// same documents in a container without columns (`users`: every field read from the body) are the
// reference every query is compared with.

interface Doc extends StoredDoc {
  type: string;
  [field: string]: unknown;
}

let dir = '';
let file = '';
let store: Store | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nhatro-columns-'));
  file = join(dir, 'store.sqlite');
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  await rm(dir, { recursive: true, force: true });
});

const house = 'house-1';
/** Every kind of value a field can hold, and documents without it. */
const VALUES: unknown[] = [
  'P1',
  'p2',
  'Phòng 3',
  '',
  0,
  1,
  2,
  -1,
  2.5,
  1e21,
  true,
  false,
  null,
  { a: 1 },
  [1],
];
function documents(): Doc[] {
  const docs: Doc[] = [];
  const types = ['room', 'contract', 'lesseeInfo', 'bill', 'house'];
  for (let i = 0; i < 60; i += 1) {
    const doc: Doc = { id: `d${String(i).padStart(2, '0')}`, pk: house, type: types[i % types.length]! };
    for (const [k, field] of (COLUMNS.houses ?? []).entries()) {
      if (field === 'type') continue;
      const pick = (i * 7 + k * 3) % (VALUES.length + 3);
      if (pick < VALUES.length) doc[field] = VALUES[pick];
    }
    doc.at = doc.createdOn;
    docs.push(doc);
  }
  return docs;
}

const f = (
  op: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le',
  field: string,
  value: Filter['op'] extends never ? never : string | number | boolean | null,
): Filter => ({ op, field, value });
const and = (...items: Filter[]): Filter => ({ op: 'and', items });
const room = f('eq', 'type', 'room');

/** Query shapes of the product's lists and odd ones, over columns and body fields alike. */
function specs(): QuerySpec[] {
  const filters: Filter[] = [
    room,
    and(room, f('ge', 'floor', 0), f('ne', 'roomName', '~n')),
    and(room, f('eq', 'status', true)),
    and(room, f('lt', 'price', 2)),
    and(f('eq', 'type', 'contract'), f('eq', 'status', 'P1')),
    and(f('eq', 'type', 'contract'), f('eq', 'roomID', 'P1')),
    and(f('eq', 'type', 'lesseeInfo'), { op: 'in', field: 'contractID', values: ['P1', 'p2', 1] }),
    and(f('eq', 'type', 'bill'), f('eq', 'month', null)),
    and(f('eq', 'type', 'bill'), f('ne', 'month', null)),
    { op: 'not', item: f('gt', 'floor', 1) },
    { op: 'or', items: [f('eq', 'plateKey', 'P1'), f('le', 'ownerID', 0)] },
    and(room, { op: 'contains', field: 'roomName', value: 'p', ignoreCase: true }),
    and(room, { op: 'exists', field: 'floor' }),
    f('eq', 'startDate', '{"a":1}'),
  ];
  const orders = [undefined, 'roomName', 'startDate', 'occupantName', 'floor', 'createdOn'];
  const out: QuerySpec[] = [];
  for (const filter of filters) {
    for (const [i, field] of orders.entries()) {
      const orderBy = field ? { field, desc: i % 2 === 0 } : undefined;
      out.push({ partitionKey: house, filter, orderBy }, { partitionKey: house, filter, orderBy, top: 7 });
    }
    out.push({ filter, orderBy: { field: 'roomName' } });
  }
  return out;
}

async function answers(s: Store, name: ContainerName): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const spec of specs()) {
    const page = await s.container<Doc>(name).query(spec);
    out.push(
      page.items.map((item) => item.id),
      page.continuation !== undefined,
    );
    if (spec.top === undefined) out.push(await s.container(name).count(spec));
  }
  return out;
}

function columnsMatchBodies(db: DatabaseSync): void {
  for (const [name, fields] of Object.entries(COLUMNS)) {
    for (const field of fields) {
      const differ = db
        .prepare(
          `SELECT count(*) AS n FROM "${name}" WHERE ${columnName(field)} IS NOT json_extract(body, '$.${field}')
             OR typeof(${columnName(field)}) <> typeof(json_extract(body, '$.${field}'))`,
        )
        .get() as { n: number };
      expect(differ.n, `${name}.${field}`).toBe(0);
    }
  }
}

describe('real columns', () => {
  it('migrates a file of the older schema once, and every query answers as over the bodies', async () => {
    const docs = documents();
    const older = createSchemaV0(file);
    for (const name of ['houses', 'users', 'audit'] as const) {
      const insert = older.prepare(`INSERT INTO "${name}" (pk, id, etag, body) VALUES (?, ?, ?, ?)`);
      for (const doc of docs) insert.run(doc.pk, doc.id, '"e0"', JSON.stringify(doc));
    }
    older.close();

    store = openSqliteStore({ file });
    const raw = new DatabaseSync(file);
    try {
      expect((raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(1);
      columnsMatchBodies(raw);
      const reference = await answers(store, 'users');
      expect(await answers(store, 'houses')).toEqual(reference);
      // The older expression indexes are gone; a second preparation of the schema does no work.
      const indexSql = (
        raw
          .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'houses'")
          .all() as Array<{ sql: string | null }>
      )
        .map((row) => row.sql ?? '')
        .join('\n');
      expect(indexSql).not.toContain('json_extract');
      expect(prepareSchema(raw, [])).toEqual({ migrated: false });
    } finally {
      raw.close();
    }
  });

  it('fills the columns on every write path, as json_extract reads them', async () => {
    store = openSqliteStore({ file });
    const houses = store.container<Doc>('houses');
    const users = store.container<Doc>('users');
    const docs = documents();
    for (const [i, doc] of docs.entries()) {
      if (i % 3 === 0) await houses.create(doc);
      else if (i % 3 === 1) await houses.upsert(doc);
      else await houses.batch(house, [{ op: 'create', doc }]);
      await users.create(doc);
    }
    // Change them again through replace, upsert, patch and a batch.
    for (const [i, doc] of docs.entries()) {
      const next = { ...doc, floor: VALUES[(i + 5) % VALUES.length], status: i % 4 === 0 ? undefined : 'P1' };
      if (i % 4 === 0) await houses.replace(next);
      else if (i % 4 === 1) await houses.upsert(next);
      else if (i % 4 === 2) await houses.batch(house, [{ op: 'replace', doc: next }]);
      else
        await houses.patch(house, doc.id, [
          { op: 'set', path: '/floor', value: next.floor },
          { op: 'set', path: '/status', value: 'P1' },
        ]);
      const stored = await houses.read(house, doc.id);
      const { _etag, _ts, ...plain } = stored!;
      expect(_etag).toBeTypeOf('string');
      expect(_ts).toBeTypeOf('number');
      await users.replace(plain as Doc);
    }
    await houses.delete(house, 'd00');
    await users.delete(house, 'd00');
    const raw = new DatabaseSync(file);
    try {
      columnsMatchBodies(raw);
    } finally {
      raw.close();
    }
    expect(await answers(store, 'houses')).toEqual(await answers(store, 'users'));
  });

  it('counts a filtered room list from the covering index alone', () => {
    const db = new DatabaseSync(':memory:');
    db.function('vn_lower', (value) => value);
    prepareSchema(db, []);
    const spec = { partitionKey: house, filter: and(room, f('ge', 'floor', 0), f('ne', 'roomName', '~n')) };
    const { sql, params } = countSql('houses', spec);
    expect(sql).toContain('INDEXED BY "houses_room_by_roomName"');
    expect(selectSql('houses', { ...spec, orderBy: { field: 'roomName' }, top: 50 }).sql).toContain(
      'ORDER BY c_roomName ASC, id',
    );
    db.exec(
      `CREATE INDEX "houses_room_by_roomName" ON "houses" (pk, c_type, c_roomName, id, c_floor, c_status, c_price) WHERE c_type = 'room'`,
    );
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
      .map((row) => row.detail)
      .join(' | ');
    expect(plan).toContain('COVERING INDEX houses_room_by_roomName');
    db.close();
  });
});
