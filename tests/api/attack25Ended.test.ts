/**
 * An ended tenancy and the next one on the same room (whose `contractIDs` then lists both), on the local
 * store and on the Cosmos adapter (the cross-partition `OR` query and `ARRAY_CONTAINS` are the risky part):
 * neither tenant reads the other's contract, people or vehicles through any expand or their home page, and
 * the landlord's reply is the same whether the room lists its contracts or not.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import { signedTenancy } from '../support/secondTenant.js';
import type { ApiSession, ODataCollection } from './helpers.js';

const text = (body: unknown) => JSON.stringify(body);
const EXPANDS = [
  'room',
  'room($expand=devices)',
  'lesseeInfors',
  'renterRepresentative',
  'vehicles',
  'contractServices',
  'room,lesseeInfors,renterRepresentative,vehicles,contractServices',
];

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  const s: Record<string, ApiSession> = {};
  let hoaSen = '';
  let roomID = '';
  let endedID = '';
  let nextID = '';
  const get = (session: ApiSession | undefined, path: string) => api.getAs(session, path);

  async function contract(phone: string, name: string, occupant: string, plate: string, year: number) {
    const token = s.chunha?.token.accessToken as string;
    return signedTenancy(api, token, { roomID, phone, plate, name, occupant, year });
  }

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nguoithue']));
    hoaSen = s.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
    const rooms = await get(s.chunha, `/odata/Room?houseID=${hoaSen}`);
    roomID =
      (rooms.body as ODataCollection<{ roomID: string; status: string }>).value.find(
        (room) => room.status === 'empty',
      )?.roomID ?? '';
    const ended = await contract('0938555601', 'Lê Thị Đã Đi', 'Lê Văn Cũ Bí Mật', '59X-111.11', 2030);
    endedID = ended.contractID;
    s.ended = ended.session;
    const finished = await api.request('POST', '/odata/Contract/TerminateContract', {
      token: s.chunha?.token.accessToken as string,
      body: { contractID: endedID, terminationDate: '2030-03-10', reason: 'Chuyển nhà' },
    });
    expect(finished.status, text(finished.body)).toBe(200);
    const next = await contract('0938555602', 'Trần Thị Mới Đến', 'Trần Văn Mới', '59X-222.22', 2031);
    nextID = next.contractID;
    s.next = next.session;
  }, 180_000);
  afterAll(() => product?.stop());

  it('the room lists both tenancies; the new tenant reads none of the ended one', async () => {
    const room = (await product.services.store.container('houses').read(hoaSen, roomID)) as {
      contractIDs?: string[];
    };
    expect(room.contractIDs).toEqual(expect.arrayContaining([endedID, nextID]));
    for (const expand of EXPANDS) {
      const path = `/odata/Contract/${endedID}?$expand=${encodeURIComponent(expand)}`;
      for (const who of ['next', 'nguoithue', 'chunha2']) {
        const reply = await get(s[who], path);
        expect(reply.status, `${who} ${expand} ${text(reply.body)}`).toBe(404);
      }
      const anonymous = await get(undefined, path);
      expect(anonymous.status).toBe(401);
      const own = await get(s.next, `/odata/Contract/${nextID}?$expand=${encodeURIComponent(expand)}`);
      expect(own.status, `${expand} ${text(own.body)}`).toBe(200);
      expect(text(own.body), expand).not.toContain(endedID);
      expect(text(own.body), expand).not.toContain('Cũ Bí Mật');
      expect(text(own.body), expand).not.toContain('59X-111.11');
      expect(text(own.body), expand).not.toContain('contractIDs');
    }
    const home = await get(s.next, '/odata/House?$expand=rooms,services,contracts,lesseeInfos,vehicles');
    expect(home.status).toBe(200);
    expect(text(home.body)).toContain('Trần Văn Mới');
    for (const secret of [
      endedID,
      'Cũ Bí Mật',
      '59X-111.11',
      'contractIDs',
      s.nguoithue?.contractID as string,
    ])
      expect(text(home.body)).not.toContain(secret);
  });

  it('the ended tenant reads nothing of the next tenancy', async () => {
    for (const expand of EXPANDS) {
      const reply = await get(s.ended, `/odata/Contract/${nextID}?$expand=${encodeURIComponent(expand)}`);
      expect([401, 403, 404], `${expand} ${text(reply.body)}`).toContain(reply.status);
    }
    const home = await get(s.ended, '/odata/House?$expand=rooms,contracts,lesseeInfos,vehicles');
    expect(home.status).toBeLessThan(500);
    for (const secret of [nextID, 'Trần Văn Mới', '59X-222.22'])
      expect(text(home.body)).not.toContain(secret);
  });

  it('the landlord’s expand of both tenancies is the same with or without the room’s contractIDs', async () => {
    const replies = async () =>
      Promise.all(
        [endedID, nextID].flatMap((id) =>
          EXPANDS.map((expand) =>
            get(s.chunha, `/odata/Contract/${id}?$expand=${encodeURIComponent(expand)}`).then((reply) => [
              reply.status,
              reply.body,
            ]),
          ),
        ),
      );
    const before = await replies();
    expect(before.every(([status]) => status === 200)).toBe(true);
    const next = before[EXPANDS.length + EXPANDS.length - 1]?.[1] as Record<string, unknown>;
    expect((next.room as { roomID: string }).roomID).toBe(roomID);
    expect(text(next.lesseeInfors)).not.toContain('Cũ Bí Mật');
    const houses = product.services.store.container('houses');
    await houses.patch(hoaSen, roomID, [{ op: 'remove', path: '/contractIDs' }]);
    expect(await replies()).toEqual(before);
  });
});
