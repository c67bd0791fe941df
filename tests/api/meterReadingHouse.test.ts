/**
 * Through the real handlers, on both stores: a meter reading names the house it is in
 * (`POST|PATCH /odata/MeterRecord?houseID=…`, as the meter round sends it), so the house's rooms,
 * meters, records and bill tickets are read in one query (issue 25). The name is a hint that never widens
 * a right: a house the account does not grant, or one the room is not in, is answered as without it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MeterRecordDoc } from '../../api/src/domain/shared/model.js';
import { onBothStores, type ProductOnAStore } from '../support/bothStores.js';
import { apiClient } from '../support/product.js';
import { expectError, type ApiSession, type ODataCollection } from './helpers.js';

interface Room {
  roomID: string;
  roomName: string;
  currentElectricityIndex: number;
  currentWaterIndex: number;
}

onBothStores((start) => {
  let product: ProductOnAStore;
  let api: ReturnType<typeof apiClient>;
  let owner: ApiSession;
  let other: ApiSession;
  let houseA: string;
  let houseB: string;
  let otherHouse: string;
  let room: Room;
  let otherRoom: Room;

  const roomsOf = async (session: ApiSession, houseID: string) =>
    (await api.getAs<ODataCollection<Room>>(session, `/odata/Room?houseID=${houseID}`)).body.value;

  beforeAll(async () => {
    product = await start();
    api = apiClient(product.url);
    const sessions = await api.loginDemoUsers(['chunha', 'chunha2']);
    [owner, other] = [sessions.chunha as ApiSession, sessions.chunha2 as ApiSession];
    const created = await api.request<{ houseID: string }>('POST', '/odata/House', {
      token: owner.token.accessToken,
      body: { houseName: 'Nhà trọ Thứ Hai', houseAddress: '5 Võ Văn Ngân, Thủ Đức' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    houseA = owner.houses[0]?.houseID ?? '';
    houseB = created.body.houseID;
    otherHouse = other.houses[0]?.houseID ?? '';
    // A fresh token grants the new house too.
    owner = (await api.loginDemoUsers(['chunha'])).chunha as ApiSession;
    room = (await roomsOf(owner, houseA))[1] as Room;
    otherRoom = (await roomsOf(other, otherHouse))[1] as Room;
  }, 120_000);

  afterAll(async () => {
    await product?.stop();
  });

  const post = (session: ApiSession, body: object, houseID?: string) =>
    api.request<{ newIndex: number; roomID: string }>(
      'POST',
      `/odata/MeterRecord${houseID === undefined ? '' : `?houseID=${houseID}`}`,
      { token: session.token.accessToken, body },
    );

  const stored = async (roomID: string) =>
    (
      await product.services.store.container<MeterRecordDoc>('houses').query({
        filter: {
          op: 'and',
          items: [
            { op: 'eq', field: 'type', value: 'meterRecord' },
            { op: 'eq', field: 'roomID', value: roomID },
          ],
        },
      })
    ).items
      .map((doc) => `${doc.kind} ${doc.month} ${doc.newIndex}`)
      .sort();

  it('saves the same reading whichever house the request names, and only in the room’s house', async () => {
    let index = room.currentElectricityIndex;
    for (const named of [houseA, houseB, otherHouse, undefined]) {
      index += 3;
      const reply = await post(owner, { roomID: room.roomID, kind: 'electricity', newIndex: index }, named);
      expect([200, 201], `${named}: ${JSON.stringify(reply.body)}`).toContain(reply.status);
      expect(reply.body).toMatchObject({ roomID: room.roomID, newIndex: index });
    }
    expect((await stored(room.roomID)).filter((line) => line.endsWith(` ${index}`))).toHaveLength(1);
  });

  it('another landlord’s room stays a 404 whatever house is named, and nothing is written', async () => {
    const before = await stored(otherRoom.roomID);
    const body = { roomID: otherRoom.roomID, kind: 'water', newIndex: otherRoom.currentWaterIndex + 2 };
    for (const named of [houseA, otherHouse, undefined]) {
      expectError(await post(owner, body, named), 404, /[À-ỹ]/u);
    }
    const floor = await api.request('PATCH', `/odata/MeterRecord?houseID=${houseA}`, {
      token: owner.token.accessToken,
      body: {
        records: [{ roomID: room.roomID, kind: 'water', newIndex: room.currentWaterIndex + 1 }, body],
      },
    });
    expectError(floor, 404, /[À-ỹ]/u);
    expect(await stored(otherRoom.roomID)).toEqual(before);
  });

  it('a malformed house is a 400 in Vietnamese and writes nothing', async () => {
    const before = await stored(room.roomID);
    const reply = await post(
      owner,
      { roomID: room.roomID, kind: 'water', newIndex: room.currentWaterIndex + 9 },
      "x'%20or%201=1",
    );
    expectError(reply, 400, /Mã nhà trọ/u);
    expect(await stored(room.roomID)).toEqual(before);
  });

  it('a floor saved with its house named answers every record with the ETag it was stored with', async () => {
    const rooms = (await roomsOf(owner, houseA)).slice(0, 3);
    const reply = await api.request<{ value: Array<{ roomID: string; '@odata.etag': string }> }>(
      'PATCH',
      `/odata/MeterRecord?houseID=${houseA}`,
      {
        token: owner.token.accessToken,
        body: {
          records: rooms.map((one) => ({
            roomID: one.roomID,
            kind: 'water',
            newIndex: one.currentWaterIndex + 1,
          })),
        },
      },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value.map((one) => one.roomID)).toEqual(rooms.map((one) => one.roomID));
    // Each ETag is current: a second save naming it goes through.
    const again = await api.request('PATCH', `/odata/MeterRecord?houseID=${houseA}`, {
      token: owner.token.accessToken,
      body: {
        records: rooms.map((one, index) => ({
          roomID: one.roomID,
          kind: 'water',
          newIndex: one.currentWaterIndex + 2,
          etag: reply.body.value[index]?.['@odata.etag'],
        })),
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
