import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import type { Store, StoredDoc } from '../../api/src/store/store.js';

type Doc = StoredDoc & { type: string; name: string };

let dir: string;
let first: Store;
let second: Store;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nhatro-cache-'));
  first = openSqliteStore({ file: join(dir, 'db.sqlite') });
  second = openSqliteStore({ file: join(dir, 'db.sqlite') });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await rm(dir, { recursive: true, force: true });
});

const spec = { partitionKey: 'h', filter: { op: 'eq' as const, field: 'type', value: 'room' } };
const names = async (store: Store) =>
  (await store.container<Doc>('houses').query({ ...spec, orderBy: { field: 'name' } })).items.map(
    (doc) => doc.name,
  );

describe('SQLite read cache', () => {
  it('a repeated query sees every write: of this connection and of another one on the same file', async () => {
    const houses = first.container<Doc>('houses');
    await houses.create({ id: 'a', pk: 'h', type: 'room', name: 'A' });
    expect(await names(first)).toEqual(['A']);
    expect(await houses.count(spec)).toBe(1);
    // Written here: create, patch, delete, batch.
    await houses.create({ id: 'b', pk: 'h', type: 'room', name: 'B' });
    expect(await names(first)).toEqual(['A', 'B']);
    await houses.patch('h', 'b', [{ op: 'set', path: '/name', value: 'C' }]);
    expect(await names(first)).toEqual(['A', 'C']);
    await houses.delete('h', 'a');
    expect(await names(first)).toEqual(['C']);
    await houses.batch('h', [{ op: 'create', doc: { id: 'd', pk: 'h', type: 'room', name: 'D' } }]);
    expect(await names(first)).toEqual(['C', 'D']);
    expect(await houses.count(spec)).toBe(2);
    // Written by another connection (another process, `npm run seed:admin`…).
    await second.container<Doc>('houses').create({ id: 'e', pk: 'h', type: 'room', name: 'E' });
    expect(await names(first)).toEqual(['C', 'D', 'E']);
    expect(await houses.count(spec)).toBe(3);
  });

  it('callers never share the objects they get', async () => {
    const houses = first.container<Doc>('houses');
    const one = await houses.query(spec);
    (one.items[0] as Doc).name = 'changed by a caller';
    const two = await houses.query(spec);
    expect(two.items[0]?.name).not.toBe('changed by a caller');
  });
});
