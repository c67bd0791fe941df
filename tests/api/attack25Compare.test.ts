/**
 * Fast paths against the slow ones for the same question, on the local store and the Cosmos adapter:
 * one contract with its expand (read with the contract in one query, handed over as known sets) must equal
 * the same contract from the contract list with the same expand; a tenant's house children (filtered in
 * memory) must equal what the store gives the landlord for the same filter, kept to the tenant's room.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import type { ApiSession, ODataCollection } from './helpers.js';
import { ROOM_FILTERS } from '../support/secondTenant.js';

type Row = Record<string, unknown>;
const text = (body: unknown) => JSON.stringify(body);

const CONTRACT_EXPANDS = [
  'room',
  'room($expand=devices)',
  'room($select=roomID,roomName)',
  'lesseeInfors',
  "lesseeInfors($filter=occupantName eq 'không có ai')",
  "lesseeInfors($filter=startswith(occupantName,'Lê'))",
  "lesseeInfors($filter=contains(occupantName,'minh'))",
  'lesseeInfors($top=1;$orderby=occupantName desc)',
  'lesseeInfors($select=occupantName;$count=true)',
  'lesseeInfors($skip=1)',
  'renterRepresentative',
  'renterRepresentative($select=occupantName)',
  'vehicles',
  'vehicles($filter=licensePlate ne null)',
  'contractServices',
  'room,lesseeInfors,renterRepresentative,vehicles,contractServices',
  'lesseeInfors,lessees',
];

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  const s: Record<string, ApiSession> = {};
  let hoaSen = '';
  const get = (session: ApiSession | undefined, path: string) => api.getAs(session, path);

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    Object.assign(s, await api.loginDemoUsers(['chunha', 'nguoithue']));
    hoaSen = s.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  }, 180_000);
  afterAll(() => product?.stop());

  it('one contract with its expand equals the same contract from the list with that expand', async () => {
    const contractID = s.nguoithue?.contractID as string;
    let compared = 0;
    for (const expand of CONTRACT_EXPANDS) {
      const options = `$expand=${encodeURIComponent(expand)}`;
      for (const [who, list] of [
        ['chunha', `/odata/Contract?HouseID=${hoaSen}&$filter=contractID eq '${contractID}'&${options}`],
        ['nguoithue', `/odata/Contract?$filter=contractID eq '${contractID}'&${options}`],
      ] as const) {
        const one = await get(s[who], `/odata/Contract/${contractID}?${options}`);
        const many = await get(s[who], list);
        expect(one.status, `${who} ${expand} ${text(one.body)}`).toBe(many.status);
        if (one.status !== 200) continue;
        const { '@odata.context': _context, ...entity } = one.body as Row;
        expect(entity, `${who} ${expand}`).toEqual((many.body as ODataCollection<Row>).value[0]);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(CONTRACT_EXPANDS.length);
  });

  it('the tenant’s rooms filtered in memory equal the landlord’s from the store, kept to the tenant', async () => {
    let kept = 0;
    for (const filter of ROOM_FILTERS) {
      const expand = encodeURIComponent(`rooms($filter=${filter})`);
      const landlord = await get(s.chunha, `/odata/House?$filter=houseID eq '${hoaSen}'&$expand=${expand}`);
      const own = await get(s.nguoithue, `/odata/House?$expand=${expand}`);
      expect(own.status, `${filter} ${text(own.body)}`).toBe(landlord.status);
      if (landlord.status !== 200) continue;
      const rooms = ((landlord.body as ODataCollection<Row>).value[0]?.rooms ?? []) as Row[];
      const expected = rooms.filter((room) => room.roomID === s.nguoithue?.roomID);
      expect((own.body as ODataCollection<Row>).value[0]?.rooms, filter).toEqual(expected);
      kept += expected.length;
    }
    expect(kept).toBeGreaterThanOrEqual(6);
  });

  it('30 parallel home pages and contracts of the tenant and their landlord stay apart', async () => {
    const contractID = s.nguoithue?.contractID as string;
    const requests = Array.from({ length: 30 }, (_, index) => {
      const who = index % 2 === 0 ? 'nguoithue' : 'chunha';
      const path =
        index % 3 === 0
          ? `/odata/Contract/${contractID}?$expand=room,lesseeInfors`
          : `/odata/House?$expand=rooms,contracts,lesseeInfos,vehicles`;
      return get(s[who], path).then((reply) => ({ who, path, reply }));
    });
    for (const { who, path, reply } of await Promise.all(requests)) {
      expect(reply.status, `${who} ${path}`).toBe(200);
      if (who === 'nguoithue' && path.startsWith('/odata/House')) {
        const houses = (reply.body as ODataCollection<Row>).value;
        expect(houses.map((house) => house.houseID)).toEqual([hoaSen]);
        const rooms = houses[0]?.rooms as Row[];
        expect(rooms.map((room) => room.roomID)).toEqual([s.nguoithue?.roomID]);
      }
      if (who === 'chunha' && path.startsWith('/odata/House')) {
        expect((reply.body as ODataCollection<Row>).value.length).toBeGreaterThan(1);
      }
    }
  });
});
