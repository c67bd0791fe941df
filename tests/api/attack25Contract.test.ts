/**
 * One contract read with its expand in one query across houses (before authorization), the tenant's house
 * with its children in one query, and the internal `contractIDs` on rooms: attacked from another landlord,
 * staff of another house, a second tenant of the same house and an anonymous caller; the reply must not
 * depend on whether the room lists its contracts (`contractIDs`) or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';
import { secondTenantIn } from '../support/secondTenant.js';
import type { ApiSession, ODataCollection } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const s: Record<'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue' | 'thue2', ApiSession> = {} as never;
let hoaSen = '';
let binhAn = '';
let otherContractID = '';
let otherRoomID = '';

const ONE = [
  'room',
  'room($expand=devices)',
  'lesseeInfors',
  "lesseeInfors($filter=occupantName ne 'x')",
  'renterRepresentative',
  'vehicles',
  'contractServices',
  'monthlyBills',
  'issues',
  'lesseeInfos',
  'lessees',
];
const COMBOS = [
  ...ONE,
  'room,lesseeInfors,renterRepresentative,vehicles,contractServices',
  'room($expand=devices),lesseeInfors($filter=occupantName ne null),vehicles',
  'lesseeInfors,lesseeInfors',
  'room,room',
  'renterRepresentative,lesseeInfors($top=1)',
];

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
  hoaSen = s.chunha.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = s.chunha.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  expect(s.nguoithue.houseID).toBe(hoaSen);
  // A second tenant in Hoa Sen, with an occupant and a vehicle.
  const tenancy = await secondTenantIn(api, s.chunha, hoaSen, { phone: '0938555666', plate: '59X-999.99' });
  otherContractID = tenancy.contractID;
  otherRoomID = tenancy.roomID;
  s.thue2 = tenancy.session;
}, 60_000);
afterAll(() => product?.stop());

const get = (session: ApiSession | undefined, path: string) => api.getAs(session, path);

const text = (body: unknown) => JSON.stringify(body);

describe('one contract with its expand', () => {
  it('nobody outside the contract’s house or tenancy reads it, with any expand', async () => {
    const contractID = s.nguoithue.contractID as string;
    const staffOfHoaSen = s.nhanvien.houses.some((house) => house.houseID === hoaSen);
    const outsiders: Array<[string, ApiSession | undefined]> = [
      ['chunha2', s.chunha2],
      ['thue2', s.thue2],
      ['anonymous', undefined],
      ...(staffOfHoaSen ? [] : ([['nhanvien', s.nhanvien]] as Array<[string, ApiSession]>)),
    ];
    for (const expand of COMBOS) {
      const path = `/odata/Contract/${contractID}?$expand=${encodeURIComponent(expand)}`;
      const own = await get(s.chunha, path);
      for (const [name, session] of outsiders) {
        const reply = await get(session, path);
        expect([401, 403, 404, 400], `${name} ${expand} ${reply.status} ${text(reply.body)}`).toContain(
          reply.status,
        );
        if (own.status === 200) {
          expect(text(reply.body)).not.toContain(contractID);
          expect(text(reply.body)).not.toContain(s.nguoithue.roomID as string);
        }
      }
    }
  });

  it('the second tenant reads only their own contract; its expand has only their people', async () => {
    const reply = await get(
      s.thue2,
      `/odata/Contract/${otherContractID}?$expand=room,lesseeInfors,renterRepresentative,vehicles,contractServices`,
    );
    expect(reply.status, text(reply.body)).toBe(200);
    const body = reply.body as Record<string, unknown>;
    expect((body.room as { roomID: string }).roomID).toBe(otherRoomID);
    const names = (body.lesseeInfors as Array<{ occupantName: string; contractID: string }>).map(
      (one) => one.occupantName,
    );
    expect(names.sort()).toEqual(['Lê Thị Thuê Hai', 'Lê Văn Bí Mật'].sort());
    expect((body.vehicles as Array<{ licensePlate: string }>).map((one) => one.licensePlate)).toEqual([
      '59X-999.99',
    ]);
    expect(text(body)).not.toContain(s.nguoithue.contractID as string);
    expect(text(body)).not.toContain('contractIDs');
  });

  it('the reply is the same whether the room lists its contracts or not', async () => {
    const roomID = s.nguoithue.roomID as string;
    // Every expand of the tenant's contract, as the landlord and as the tenant: status and body.
    const replies = async () => {
      const seen: Record<string, unknown> = {};
      for (const expand of COMBOS) {
        for (const [who, session] of [
          ['chunha', s.chunha],
          ['nguoithue', s.nguoithue],
        ] as const) {
          const path = `/odata/Contract/${s.nguoithue.contractID}?$expand=${encodeURIComponent(expand)}`;
          const reply = await get(session, path);
          seen[`${who} ${expand}`] = [reply.status, reply.body];
        }
      }
      return seen;
    };
    const before = await replies();
    const houses = product.services.store.container('houses');
    const room = (await houses.read(hoaSen, roomID)) as { contractIDs?: string[] } | undefined;
    expect(room?.contractIDs, 'the demo room lists its contract').toContain(s.nguoithue.contractID);
    await houses.patch(hoaSen, roomID, [{ op: 'remove', path: '/contractIDs' }]);
    try {
      const after = await replies();
      for (const [key, reply] of Object.entries(before)) expect(after[key], key).toEqual(reply);
    } finally {
      await houses.patch(hoaSen, roomID, [
        { op: 'set', path: '/contractIDs', value: room?.contractIDs ?? [] },
      ]);
    }
  });

  it('an id of another type’s document, a made-up id or another house’s contract is 404', async () => {
    const lessees = await get(s.chunha, `/odata/Lessee?houseID=${hoaSen}&$top=5`);
    const lesseeID = (lessees.body as ODataCollection<Record<string, string>>).value[0];
    const ids = [
      s.nguoithue.roomID as string,
      hoaSen,
      String(lesseeID?.lesseeInfoID ?? lesseeID?.lesseeID ?? lesseeID?.id),
      '00000000-0000-4000-8000-000000000000',
    ];
    for (const id of ids) {
      for (const expand of ['', '?$expand=room', '?$expand=room,lesseeInfors']) {
        const reply = await get(s.chunha, `/odata/Contract/${id}${expand}`);
        expect(reply.status, `${id}${expand} ${text(reply.body)}`).toBe(404);
      }
    }
    // Bình An has contracts of its own; chunha2 sees none of them with any expand.
    const list = await get(s.chunha, `/odata/Contract?HouseID=${binhAn}&$top=5`);
    for (const contract of (list.body as ODataCollection<{ contractID: string }>).value) {
      const reply = await get(s.chunha2, `/odata/Contract/${contract.contractID}?$expand=room,lesseeInfors`);
      expect(reply.status).toBe(404);
    }
  });
});

describe('the internal contractIDs of a room', () => {
  it('never appears in a reply, and cannot be asked for, filtered or sorted on', async () => {
    const paths = [
      `/odata/Room?houseID=${hoaSen}`,
      `/odata/Room/${s.nguoithue.roomID}`,
      `/odata/Room?houseID=${hoaSen}&$expand=devices`,
      `/odata/Contract/${s.nguoithue.contractID}?$expand=room`,
      `/odata/Contract?HouseID=${hoaSen}&$expand=room`,
      `/odata/House?$expand=rooms`,
      `/odata/House/${hoaSen}?$expand=rooms`,
    ];
    for (const path of paths) {
      for (const session of [s.chunha, s.nguoithue]) {
        const reply = await get(session, path);
        expect(reply.status, `${path} ${text(reply.body)}`).toBeLessThan(500);
        expect(text(reply.body), path).not.toContain('contractIDs');
        if (session === s.nguoithue) expect(text(reply.body), path).not.toContain(otherContractID);
      }
    }
    const probing = [
      `/odata/Room?houseID=${hoaSen}&$select=roomID,contractIDs`,
      `/odata/Room?houseID=${hoaSen}&$filter=${encodeURIComponent(`contractIDs ne null`)}`,
      `/odata/Room?houseID=${hoaSen}&$orderby=contractIDs`,
      `/odata/House?$expand=${encodeURIComponent('rooms($select=contractIDs)')}`,
      `/odata/House?$expand=${encodeURIComponent('rooms($filter=contractIDs ne null)')}`,
      `/odata/Contract/${s.nguoithue.contractID}?$expand=${encodeURIComponent('room($select=roomID,contractIDs)')}`,
    ];
    for (const path of probing) {
      for (const session of [s.chunha, s.nguoithue]) {
        const reply = await get(session, path);
        expect(reply.status, `${path} ${text(reply.body)}`).toBeLessThan(500);
        expect(text(reply.body), path).not.toContain(s.nguoithue.contractID as string);
        expect(text(reply.body), path).not.toContain(otherContractID);
        if (reply.status === 200) expect(text(reply.body), path).not.toContain('contractIDs');
      }
    }
  });

  it('a room’s PATCH with contractIDs does not store them', async () => {
    const roomID = s.nguoithue.roomID as string;
    const houses = product.services.store.container('houses');
    const before = ((await houses.read(hoaSen, roomID)) as { contractIDs?: string[] }).contractIDs;
    const room = await get(s.chunha, `/odata/Room/${roomID}`);
    const etag = (room.body as Record<string, string>)['@odata.etag'] ?? '';
    const reply = await api.request('PATCH', `/odata/Room/${roomID}`, {
      token: s.chunha.token.accessToken,
      headers: etag ? { 'if-match': etag } : {},
      body: { contractIDs: [otherContractID, 'gia-mao'] },
    });
    expect(reply.status, text(reply.body)).toBeLessThan(500);
    expect(text(reply.body)).not.toContain('gia-mao');
    const after = ((await houses.read(hoaSen, roomID)) as { contractIDs?: string[] }).contractIDs;
    expect(after).toEqual(before);
    // Reading the other tenant's contract with its room still gives its own room.
    const other = await get(s.chunha, `/odata/Contract/${otherContractID}?$expand=room`);
    expect((other.body as { room: { roomID: string } }).room.roomID).toBe(otherRoomID);
  });

  it('a room created with contractIDs in its body does not list them', async () => {
    const reply = await api.request<{ roomID: string }>('POST', '/odata/Room', {
      token: s.chunha.token.accessToken,
      body: {
        houseID: binhAn,
        roomName: 'P-Gian',
        roomPrice: 1_000_000,
        contractIDs: [s.nguoithue.contractID],
      },
    });
    expect(reply.status, text(reply.body)).toBeLessThan(500);
    if (reply.status < 300) {
      const stored = (await product.services.store.container('houses').read(binhAn, reply.body.roomID)) as {
        contractIDs?: string[];
      };
      expect(stored.contractIDs ?? []).not.toContain(s.nguoithue.contractID);
    }
    // Whatever the room's body said, the tenant's contract still expands to the tenant's own room.
    const own = await get(s.nguoithue, `/odata/Contract/${s.nguoithue.contractID}?$expand=room`);
    expect((own.body as { room: { roomID: string } }).room.roomID).toBe(s.nguoithue.roomID);
  });
});
