import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import { selectSql } from '../../api/src/store/sqliteQuery.js';
import type { Container, Filter, QuerySpec, Store, StoredDoc } from '../../api/src/store/store.js';
import { createSchemaV0 } from './sqliteSchemaV0.js';

// The houses container's indexes beyond (pk, id), (pk, type) and (id) are partial (api/src/store/sqlite.ts):
// per type for the paged lists, per field present for the lookups. A write touches only the indexes
// that concern its document; queries still read through them and return exactly what they did.

interface Doc extends StoredDoc {
  type: string;
  [field: string]: unknown;
}

let dir = '';
let file = '';
let store: Store;
let houses: Container<Doc>;
let raw: DatabaseSync;

const house = 'house-1';
const eq = (field: string, value: string | null): Filter => ({ op: 'eq', field, value });
const and = (...items: Filter[]): Filter => ({ op: 'and', items });

function doc(id: string, type: string, fields: Record<string, unknown> = {}): Doc {
  return { id, pk: house, type, ...fields };
}

/** What SQLite would do for the adapter's statement of `spec`. */
function plan(spec: QuerySpec): string {
  const { sql, params } = selectSql('houses', spec);
  return (raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>)
    .map((row) => row.detail)
    .join(' | ');
}

async function ids(spec: QuerySpec): Promise<string[]> {
  return (await houses.query(spec)).items.map((item) => item.id);
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nhatro-indexes-'));
  file = join(dir, 'store.sqlite');
});

afterEach(async () => {
  raw?.close();
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

async function open(): Promise<void> {
  store = openSqliteStore({ file });
  houses = store.container<Doc>('houses');
  raw = new DatabaseSync(file);
}

describe('partial indexes of the houses container', () => {
  beforeEach(async () => {
    await open();
    await houses.batch(house, [
      { op: 'create', doc: doc('r2', 'room', { roomName: 'P102', roomID: 'r2' }) },
      { op: 'create', doc: doc('r1', 'room', { roomName: 'P101', roomID: 'r1' }) },
      { op: 'create', doc: doc('r0', 'room', { roomID: 'r0' }) },
      // Other types carry a roomName too; they are not rooms.
      { op: 'create', doc: doc('t1', 'roomTicket', { roomName: 'P000', roomID: 'r1' }) },
      { op: 'create', doc: doc('c1', 'contract', { roomID: 'r1', startDate: '2026-01-01' }) },
      { op: 'create', doc: doc('c2', 'contract', { roomID: 'r2', startDate: '2026-03-01' }) },
      { op: 'create', doc: doc('c3', 'contract', { roomID: 'r2' }) },
      { op: 'create', doc: doc('l1', 'lesseeInfo', { contractID: 'c1', occupantName: 'Bình' }) },
      { op: 'create', doc: doc('l2', 'lesseeInfo', { contractID: 'c2', occupantName: 'An' }) },
      { op: 'create', doc: doc('v1', 'vehicle', { contractID: 'c1', plateKey: '59X112345' }) },
      { op: 'create', doc: doc('p1', 'payment', {}) },
      { op: 'create', doc: doc('h', 'house', { ownerID: 'owner-1' }) },
    ]);
  });

  it('pages rooms by name from the rooms’ index, without sorting, and returns every room', async () => {
    const spec: QuerySpec = {
      partitionKey: house,
      filter: eq('type', 'room'),
      orderBy: { field: 'roomName' },
      top: 50,
    };
    expect(plan(spec)).toContain('houses_room_by_roomName');
    expect(plan(spec)).not.toContain('TEMP B-TREE');
    // A room without a name comes first, as NULL sorts first; the ticket's P000 is not a room.
    expect(await ids(spec)).toEqual(['r0', 'r1', 'r2']);
  });

  it('pages rooms by name from the rooms’ index when a $filter narrows them too, in the same order', async () => {
    const spec: QuerySpec = {
      partitionKey: house,
      filter: and(eq('type', 'room'), { op: 'ne', field: 'roomName', value: 'P102' }),
      orderBy: { field: 'roomName' },
      top: 1,
    };
    expect(plan(spec)).toContain('houses_room_by_roomName');
    expect(plan(spec)).not.toContain('TEMP B-TREE');
    const first = await houses.query(spec);
    expect(first.items.map((item) => item.id)).toEqual(['r1']);
    expect(first.continuation).toBeUndefined();
    const descending: QuerySpec = {
      ...spec,
      filter: eq('type', 'room'),
      orderBy: { field: 'roomName', desc: true },
    };
    // Names walked backwards; only rooms of one name are sorted by id (the last term).
    expect(plan(descending)).toContain('houses_room_by_roomName');
    expect(plan(descending)).not.toContain('TEMP B-TREE FOR ORDER BY');
    expect(await ids({ ...descending, top: 50 })).toEqual(['r2', 'r1', 'r0']);
    // A lookup (the contracts of one room) narrows first and sorts the few it finds.
    const byRoom: QuerySpec = {
      partitionKey: house,
      filter: and(eq('type', 'contract'), eq('roomID', 'r2')),
      orderBy: { field: 'startDate', desc: true },
    };
    expect(plan(byRoom)).toContain('houses_by_roomID');
    expect(await ids(byRoom)).toEqual(['c2', 'c3']);
  });

  it('pages contracts by start date and occupants by name from their own indexes', async () => {
    const contracts: QuerySpec = {
      partitionKey: house,
      filter: eq('type', 'contract'),
      orderBy: { field: 'startDate', desc: true },
      top: 50,
    };
    expect(plan(contracts)).toContain('houses_contract_by_startDate');
    expect(await ids(contracts)).toEqual(['c2', 'c1', 'c3']);
    const occupants: QuerySpec = {
      partitionKey: house,
      filter: eq('type', 'lesseeInfo'),
      orderBy: { field: 'occupantName' },
      top: 50,
    };
    expect(plan(occupants)).toContain('houses_lesseeInfo_by_occupantName');
    expect(await ids(occupants)).toEqual(['l2', 'l1']);
  });

  it('looks documents up by room, contract and plate through the field’s index, whatever their type', async () => {
    const byRoom: QuerySpec = {
      partitionKey: house,
      filter: and(eq('type', 'contract'), eq('roomID', 'r2')),
    };
    expect(plan(byRoom)).toContain('houses_by_roomID');
    expect(await ids(byRoom)).toEqual(['c2', 'c3']);
    const byContracts: QuerySpec = {
      partitionKey: house,
      filter: and(eq('type', 'lesseeInfo'), { op: 'in', field: 'contractID', values: ['c1', 'c2'] }),
    };
    expect(plan(byContracts)).toContain('houses_by_contractID');
    expect(await ids(byContracts)).toEqual(['l1', 'l2']);
    const byPlate: QuerySpec = {
      partitionKey: house,
      filter: and(eq('type', 'vehicle'), eq('plateKey', '59X112345')),
    };
    expect(plan(byPlate)).toContain('houses_by_plateKey');
    expect(await ids(byPlate)).toEqual(['v1']);
    const tickets: QuerySpec = {
      partitionKey: house,
      filter: and(eq('type', 'roomTicket'), eq('roomID', 'r1')),
    };
    expect(await ids(tickets)).toEqual(['t1']);
  });

  it('finds documents without the field through the type index, not the field’s partial index', async () => {
    const withoutRoom: QuerySpec = {
      partitionKey: house,
      filter: and(eq('type', 'payment'), eq('roomID', null)),
    };
    expect(plan(withoutRoom)).toContain('houses_type');
    expect(await ids(withoutRoom)).toEqual(['p1']);
    const noContract: QuerySpec = {
      partitionKey: house,
      filter: and(eq('type', 'lesseeInfo'), { op: 'in', field: 'contractID', values: [] }),
    };
    expect(await ids(noContract)).toEqual([]);
  });

  it('finds a landlord’s houses across partitions through the owners’ index', async () => {
    const spec: QuerySpec = { filter: and(eq('type', 'house'), eq('ownerID', 'owner-1')), top: 1000 };
    expect(plan(spec)).toContain('houses_by_ownerID');
    expect(await ids(spec)).toEqual(['h']);
  });

  it('binds a type that is not a plain name instead of writing it into the statement', async () => {
    await houses.create(doc('odd', "it's odd", { roomName: 'X' }));
    const spec: QuerySpec = {
      partitionKey: house,
      filter: eq('type', "it's odd"),
      orderBy: { field: 'roomName' },
    };
    expect(selectSql('houses', spec).params).toContain("it's odd");
    expect(await ids(spec)).toEqual(['odd']);
  });
});

it('replaces the full indexes of an older file with the partial ones, keeping every answer', async () => {
  const old = new DatabaseSync(file);
  old.exec(`CREATE TABLE "houses" (pk TEXT NOT NULL, id TEXT NOT NULL, etag TEXT NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY (pk, id)) WITHOUT ROWID;
    CREATE INDEX "houses_owner" ON "houses" (json_extract(body, '$.type'), json_extract(body, '$.ownerID'));
    CREATE INDEX "houses_order_roomName" ON "houses" (pk, json_extract(body, '$.type'), json_extract(body, '$.roomName'));
    CREATE INDEX "houses_order_roomID" ON "houses" (pk, json_extract(body, '$.type'), json_extract(body, '$.roomID'));`);
  const insert = old.prepare('INSERT INTO "houses" (pk, id, etag, body) VALUES (?, ?, ?, ?)');
  for (const item of [
    doc('r1', 'room', { roomName: 'B', roomID: 'r1' }),
    doc('r2', 'room', { roomName: 'A', roomID: 'r2' }),
  ]) {
    insert.run(item.pk, item.id, '"e"', JSON.stringify(item));
  }
  old.close();
  await open();
  const names = (
    raw
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'houses'")
      .all() as Array<{
      name: string;
    }>
  ).map((row) => row.name);
  expect(names).not.toContain('houses_owner');
  expect(names).not.toContain('houses_order_roomName');
  expect(names).not.toContain('houses_order_roomID');
  expect(names).toEqual(
    expect.arrayContaining(['houses_room_by_roomName', 'houses_by_roomID', 'houses_by_ownerID']),
  );
  expect(
    await ids({ partitionKey: house, filter: eq('type', 'room'), orderBy: { field: 'roomName' } }),
  ).toEqual(['r2', 'r1']);
  expect(await ids({ partitionKey: house, filter: and(eq('type', 'room'), eq('roomID', 'r1')) })).toEqual([
    'r1',
  ]);
});

it('stores bodies as binary JSON and still reads, filters and updates text bodies of an older file', async () => {
  const text = doc('old', 'room', { roomName: 'Phòng "cũ"\n', roomID: 'old', floor: 2, price: 1_800_000 });
  const older = createSchemaV0(file);
  older
    .prepare('INSERT INTO "houses" (pk, id, etag, body) VALUES (?, ?, ?, ?)')
    .run(text.pk, text.id, '"e0"', JSON.stringify(text));
  older.close();
  await open();
  const created = await houses.create(
    doc('new', 'room', { roomName: 'Phòng mới', roomID: 'new', floor: 1, note: null }),
  );
  const storedAs = (id: string) =>
    (
      raw.prepare('SELECT typeof(body) AS t FROM "houses" WHERE pk = ? AND id = ?').get(house, id) as {
        t: string;
      }
    ).t;
  expect(storedAs('new')).toBe('blob');
  expect(storedAs('old')).toBe('text');
  expect(await houses.read(house, 'old')).toEqual(text);
  expect(await houses.read(house, 'new')).toEqual(created);
  const rooms: QuerySpec = {
    partitionKey: house,
    filter: and(eq('type', 'room'), { op: 'ge', field: 'floor', value: 1 }),
    orderBy: { field: 'roomName' },
  };
  expect((await houses.query(rooms)).items).toEqual([text, created]);
  expect(
    await houses.count({
      partitionKey: house,
      filter: and(eq('type', 'room'), { op: 'ge', field: 'floor', value: 2 }),
    }),
  ).toBe(1);
  const patched = await houses.patch(house, 'old', [{ op: 'set', path: '/floor', value: 3 }]);
  expect(patched).toMatchObject({ ...text, floor: 3 });
  expect(storedAs('old')).toBe('blob');
  expect(await houses.read(house, 'old')).toEqual(patched);
  expect((await houses.query({ ...rooms, select: ['roomName', 'floor'] })).items).toEqual([
    { roomName: 'Phòng "cũ"\n', floor: 3 },
    { roomName: 'Phòng mới', floor: 1 },
  ]);
});
