/**
 * A room named with its house (`/odata/Room?roomID=…&houseID=…&$expand=contracts,lesseeInfos`, the room
 * page) reads its occupants by the room they were written with, in the room's own query (issue 25). On
 * both stores: occupants stored before they carried a room (none, or `null`) still show under their own
 * room and never under another, and the reply equals the one without the house named, which finds them
 * through the room's contracts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LesseeInfoDoc } from '../../api/src/domain/shared/model.js';
import { eq, ofType } from '../../api/src/domain/shared/query.js';
import { queryAll } from '../../api/src/useCases/shared/queryAll.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import { secondTenantIn } from '../support/secondTenant.js';
import type { ApiSession } from './helpers.js';

interface RoomRow {
  roomID: string;
  contracts: Array<{ contractID: string }>;
  lesseeInfos: Array<{ lesseeInfoID: string; contractID: string; occupantName: string }>;
}

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  let chunha: ApiSession;
  let [hoaSen, roomID, contractID, room2, contract2] = ['', '', '', '', ''];

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    const sessions = await api.loginDemoUsers(['chunha', 'nguoithue']);
    chunha = sessions.chunha as ApiSession;
    hoaSen = chunha.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
    [roomID, contractID] = [sessions.nguoithue?.roomID ?? '', sessions.nguoithue?.contractID ?? ''];
    const second = await secondTenantIn(api, chunha, hoaSen, { phone: '0938777101', plate: '59X-771.01' });
    [room2, contract2] = [second.roomID, second.contractID];
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const occupantsOf = (contract: string) =>
    queryAll(product.services.store.container<LesseeInfoDoc>('houses'), {
      partitionKey: hoaSen,
      filter: ofType('lesseeInfo', eq('contractID', contract)),
    });

  const roomPage = async (room: string, named: boolean) => {
    const house = named ? `&houseID=${hoaSen}` : '';
    const reply = await api.getAs<{ value: RoomRow[] }>(
      chunha,
      `/odata/Room?roomID=${room}${house}&$select=roomID&$expand=contracts,lesseeInfos`,
    );
    expect(reply.status).toBe(200);
    return reply.body.value[0] as RoomRow;
  };

  it('shows occupants stored without a room under their own room only, as without the house named', async () => {
    const houses = product.services.store.container<LesseeInfoDoc>('houses');
    const [mine, theirs] = [await occupantsOf(contractID), await occupantsOf(contract2)];
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(1);
    // As stored before occupants carried their room: one without the field, one with `null`.
    for (const [index, person] of [...mine, ...theirs].entries()) {
      const { roomID: _roomID, ...rest } = person;
      await houses.replace(index % 2 === 0 ? rest : ({ ...rest, roomID: null } as unknown as LesseeInfoDoc));
    }
    for (const [room, contract, people] of [
      [roomID, contractID, mine],
      [room2, contract2, theirs],
    ] as const) {
      const [named, unnamed] = [await roomPage(room, true), await roomPage(room, false)];
      expect(named).toEqual(unnamed);
      expect(named.contracts.map((row) => row.contractID)).toContain(contract);
      const shown = named.lesseeInfos.filter((row) => row.contractID === contract);
      expect(shown.map((row) => row.lesseeInfoID).sort()).toEqual(people.map((p) => p.lesseeInfoID).sort());
      const contracts = new Set(named.contracts.map((row) => row.contractID));
      expect(named.lesseeInfos.every((row) => contracts.has(row.contractID))).toBe(true);
    }
  });

  it('an occupant added now carries the room and shows with the house named', async () => {
    const added = await api.request<{ lesseeInfoID: string }>('POST', '/odata/LesseeInfor', {
      token: chunha.token.accessToken,
      body: { contractID: contract2, occupantName: 'Trần Văn Mới', gender: 'nam' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const stored = (await occupantsOf(contract2)).find((p) => p.lesseeInfoID === added.body.lesseeInfoID);
    expect(stored?.roomID).toBe(room2);
    const named = await roomPage(room2, true);
    expect(named.lesseeInfos.map((row) => row.occupantName)).toContain('Trần Văn Mới');
    expect(named).toEqual(await roomPage(room2, false));
    expect((await roomPage(roomID, true)).lesseeInfos.map((row) => row.occupantName)).not.toContain(
      'Trần Văn Mới',
    );
  });
});
