import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ROLES, type RoleID } from '@nhatro/common';
import { loadConfig } from '../../api/src/config/index.js';
import type { Caller } from '../../api/src/domain/shared/access.js';
import type { RoomDoc } from '../../api/src/domain/shared/model.js';
import { HOUSE_MODEL, ROOM_MODEL, type EntityModel } from '../../api/src/domain/shared/odata/model.js';
import { loadODataParser, parseODataQuery } from '../../api/src/domain/shared/odata/parse.js';
import type { QuerySpec, StoredDoc } from '../../api/src/store/store.js';
import { createDeps, type Deps } from '../../api/src/composition/deps.js';
import { expandContext } from '../../api/src/useCases/shared/expand.js';
import { expandEntities } from '../../api/src/useCases/shared/navigations.js';
import { toView } from '../../api/src/useCases/shared/views.js';

// As the endpoint wrapper does before the first request.
await loadODataParser();

type Doc = StoredDoc & Record<string, unknown>;

let deps: Deps;
let dataDir: string;
let queries: QuerySpec[];

const house = (houseID: string): Doc => ({
  id: houseID,
  pk: houseID,
  type: 'house',
  houseID,
  houseName: houseID,
  houseAddress: 'TP. Thủ Đức',
  ownerID: 'landlord',
  staffIDs: [],
});
const room = (houseID: string, roomID: string, roomName: string, floor: number): Doc => ({
  id: roomID,
  pk: houseID,
  type: 'room',
  houseID,
  roomID,
  roomName,
  floor,
  images: [],
});
const contract = (roomID: string, contractID: string, startDate: string): Doc => ({
  id: contractID,
  pk: 'h1',
  type: 'contract',
  houseID: 'h1',
  roomID,
  contractID,
  startDate,
});
const lesseeInfo = (contractID: string, id: string, occupantName: string): Doc => ({
  id,
  pk: 'h1',
  type: 'lesseeInfo',
  houseID: 'h1',
  contractID,
  lesseeInfoID: id,
  occupantName,
});
const device = (roomID: string, id: string, deviceName: string): Doc => ({
  id,
  pk: 'h1',
  type: 'device',
  houseID: 'h1',
  roomID,
  deviceID: id,
  deviceName,
});

function caller(userID: string, roleID: RoleID, account: Caller['account'] = {}): Caller {
  return { userID, roleID, role: DEFAULT_ROLES[roleID], account };
}
const landlord = caller('landlord', 2);
const lessee = caller('lessee', 4, { houseID: 'h1', roomID: 'r1', contractID: 'c2' });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nhatro-expand-'));
  deps = await createDeps(loadConfig({ DATA_DIR: dataDir }));
  const houses = deps.store.container<Doc>('houses');
  const docs = [
    house('h1'),
    house('h2'),
    house('h3'),
    room('h1', 'r1', 'B01', 2),
    room('h1', 'r2', 'A02', 1),
    room('h1', 'r3', 'A01', 1),
    room('h2', 'r4', 'X01', 1),
    contract('r1', 'c1', '2024-01-01'),
    contract('r1', 'c2', '2025-01-01'),
    contract('r2', 'c3', '2024-06-01'),
    lesseeInfo('c1', 'l1', 'Binh'),
    lesseeInfo('c2', 'l4', 'An'),
    lesseeInfo('c2', 'l2', 'An'),
    lesseeInfo('c3', 'l3', 'Chi'),
    device('r1', 'd1', 'Fan'),
    device('r1', 'd2', 'Aircon'),
    device('r2', 'd3', 'Fridge'),
  ];
  for (const doc of docs) await houses.create(doc);
  const query = houses.query.bind(houses);
  vi.spyOn(houses, 'query').mockImplementation((spec) => {
    queries.push(spec);
    return query(spec);
  });
});
afterAll(async () => {
  await deps?.store.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  queries = [];
});

const houseEntity = (id: string) => ({ ...house(id) });
const names = (value: unknown, field: string) =>
  (value as Array<Record<string, unknown>>).map((item) => item[field]);

/** A room as the API shows it (the entity a room's expand starts from). */
async function readRoom(roomID: string): Promise<Record<string, unknown>> {
  return toView((await deps.store.container<RoomDoc>('houses').read('h1', roomID)) as RoomDoc);
}

function expand(who: Caller, model: EntityModel, entities: Array<Record<string, unknown>>, text: string) {
  const { expand: options } = parseODataQuery(new URLSearchParams({ $expand: text }), model);
  return expandEntities(expandContext({ deps, user: who }), model, entities, options);
}

describe('$expand of a page of houses', () => {
  it('loads each navigation of every house with one query, in the same order as one house at a time', async () => {
    const [h1, h2, h3] = await expand(
      landlord,
      HOUSE_MODEL,
      ['h1', 'h2', 'h3'].map(houseEntity),
      'rooms,contracts',
    );
    expect(queries).toHaveLength(2);
    expect(queries.every((spec) => spec.partitionKey === undefined)).toBe(true);
    expect(JSON.stringify(queries[0]?.filter)).toContain('"op":"in","field":"pk"');
    // Default orders: rooms by floor then name, contracts newest first.
    expect(names(h1?.rooms, 'roomName')).toEqual(['A01', 'A02', 'B01']);
    expect(names(h1?.contracts, 'contractID')).toEqual(['c2', 'c3', 'c1']);
    expect(names(h2?.rooms, 'roomName')).toEqual(['X01']);
    expect(h2?.contracts).toEqual([]);
    expect(h3).toMatchObject({ rooms: [], contracts: [] });
    // The same as expanding a single house alone (a single-partition query).
    queries = [];
    expect(await expand(landlord, HOUSE_MODEL, [houseEntity('h1')], 'rooms,contracts')).toEqual([h1]);
    expect(queries.map((spec) => spec.partitionKey)).toEqual(['h1', 'h1']);
  });

  it('keeps a lessee to their room and contract', async () => {
    const [h1, h2] = await expand(lessee, HOUSE_MODEL, ['h1', 'h2'].map(houseEntity), 'rooms,contracts');
    expect(names(h1?.rooms, 'roomID')).toEqual(['r1']);
    expect(names(h1?.contracts, 'contractID')).toEqual(['c2']);
    expect(h2).toMatchObject({ rooms: [], contracts: [] });
  });

  it('applies the nested query of each expand per house', async () => {
    const [h1, h2] = await expand(
      landlord,
      HOUSE_MODEL,
      ['h1', 'h2'].map(houseEntity),
      'rooms($orderby=roomName desc;$top=2;$select=roomName;$count=true)',
    );
    expect(h1?.rooms).toEqual([{ roomName: 'B01' }, { roomName: 'A02' }]);
    expect(h1?.['rooms@odata.count']).toBe(3);
    expect(h2?.rooms).toEqual([{ roomName: 'X01' }]);
    expect(h2?.['rooms@odata.count']).toBe(1);
  });

  it('expands the next level of every house together: one query per navigation and house, not per room', async () => {
    const [h1, h2] = await expand(
      landlord,
      HOUSE_MODEL,
      ['h1', 'h2'].map(houseEntity),
      'rooms($select=roomName;$expand=devices($select=deviceName),contracts($expand=lesseeInfors))',
    );
    // rooms (one query for both houses); devices and contracts together: one per house; occupants: one
    // (only h1 has contracts).
    expect(queries).toHaveLength(4);
    expect(h1?.rooms).toEqual([
      { roomName: 'A01', devices: [], contracts: [] },
      {
        roomName: 'A02',
        devices: [{ deviceName: 'Fridge' }],
        contracts: [
          expect.objectContaining({
            contractID: 'c3',
            lesseeInfors: [expect.objectContaining({ lesseeInfoID: 'l3' })],
          }),
        ],
      },
      {
        roomName: 'B01',
        devices: [{ deviceName: 'Aircon' }, { deviceName: 'Fan' }],
        contracts: [
          expect.objectContaining({
            contractID: 'c2',
            lesseeInfors: [
              expect.objectContaining({ lesseeInfoID: 'l2' }),
              expect.objectContaining({ lesseeInfoID: 'l4' }),
            ],
          }),
          expect.objectContaining({
            contractID: 'c1',
            lesseeInfors: [expect.objectContaining({ lesseeInfoID: 'l1' })],
          }),
        ],
      },
    ]);
    expect(h2?.rooms).toEqual([{ roomName: 'X01', devices: [], contracts: [] }]);
  });
});

describe('$expand of a page of rooms', () => {
  it('one query for the navigations of one house asked together, then one for the rooms’ contracts’ people', async () => {
    const rooms = await Promise.all(['r1', 'r2', 'r3'].map(readRoom));
    queries = [];
    const [r1, r2, r3] = await expand(landlord, ROOM_MODEL, rooms, 'devices,lesseeInfos');
    // Devices and the rooms' contracts in one query of the house; the contracts' occupants in a second.
    expect(queries).toHaveLength(2);
    expect(queries.every((spec) => spec.partitionKey === 'h1')).toBe(true);
    expect(names(r1?.devices, 'deviceName')).toEqual(['Aircon', 'Fan']);
    // Equal names keep the store's order (by id), as one query per room gave them.
    expect(names(r1?.lesseeInfos, 'lesseeInfoID')).toEqual(['l2', 'l4', 'l1']);
    expect(names(r2?.devices, 'deviceName')).toEqual(['Fridge']);
    expect(names(r2?.lesseeInfos, 'lesseeInfoID')).toEqual(['l3']);
    expect(r3).toMatchObject({ devices: [], lesseeInfos: [] });
  });

  it('keeps a lessee to their own contract’s people', async () => {
    const [r1] = await expand(lessee, ROOM_MODEL, [await readRoom('r1')], 'devices,lesseeInfos');
    expect(names(r1?.devices, 'deviceName')).toEqual(['Aircon', 'Fan']);
    expect(names(r1?.lesseeInfos, 'lesseeInfoID')).toEqual(['l2', 'l4']);
  });

  it('the spec’s name lesseeInfors gives the same occupants under that name', async () => {
    const [viaSpec] = await expand(landlord, ROOM_MODEL, [await readRoom('r1')], 'lesseeInfors');
    const [viaOurs] = await expand(landlord, ROOM_MODEL, [await readRoom('r1')], 'lesseeInfos');
    expect(viaSpec?.lesseeInfors).toEqual(viaOurs?.lesseeInfos);
    expect(names(viaSpec?.lesseeInfors, 'lesseeInfoID')).toEqual(['l2', 'l4', 'l1']);
  });
});
