import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METER_MESSAGES, type Meter, type MeterRecord } from '@nhatro/common';
import type { HouseTicketDoc } from '../../api/src/domain/shared/model.js';
import { previousMonth, vietnamMonth } from '../../api/src/domain/shared/time.js';
import { makePng } from '../support/png.js';
import {
  apiClient,
  startTestProduct,
  type ApiReply,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection, type RoomReply } from './helpers.js';

/** Meter readings through the real handlers: one, a batch, a month's list, a room's history, access. */

type Reading = MeterRecord & { '@odata.etag': string };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';
const rooms = new Map<string, RoomReply>();
let lesseeRoomID = '';
const THIS_MONTH = vietnamMonth(new Date());
const LAST_MONTH = previousMonth(THIS_MONTH);

function as(user: string): string {
  return token[user] as string;
}

function room(name: string): RoomReply {
  const found = rooms.get(name);
  if (!found) throw new Error(`no room ${name}`);
  return found;
}

function post(body: unknown, user = 'nhanvien'): Promise<ApiReply<Reading>> {
  return api.request<Reading>('POST', '/odata/MeterRecord', { token: as(user), body });
}

function patch(body: unknown, user = 'nhanvien'): Promise<ApiReply<{ value: Reading[] }>> {
  return api.request<{ value: Reading[] }>('PATCH', '/odata/MeterRecord', { token: as(user), body });
}

function list(query: string, user = 'chunha'): Promise<ApiReply<ODataCollection<Reading>>> {
  return api.request<ODataCollection<Reading>>('GET', `/odata/MeterRecord?${query}`, { token: as(user) });
}

async function storedRoom(name: string): Promise<RoomReply> {
  const reply = await api.request<RoomReply>('GET', `/odata/Room/${room(name).roomID}`, {
    token: as('chunha'),
  });
  return reply.body;
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  hoaSen = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  lesseeRoomID = sessions.nguoithue?.roomID ?? '';
  const reply = await api.request<ODataCollection<RoomReply>>('GET', `/odata/Room?houseID=${hoaSen}`, {
    token: as('chunha'),
  });
  for (const each of reply.body.value) rooms.set(each.roomName, each);
  expect(rooms.size).toBe(15);
}, 60_000);
afterAll(async () => product?.stop());

describe('POST /odata/MeterRecord', () => {
  it('staff record a reading: 201 with the previous index, the use and who read it; the room’s index follows', async () => {
    const p103 = room('P103');
    const reply = await post({
      roomID: p103.roomID,
      kind: 'electricity',
      newIndex: p103.currentElectricityIndex + 85,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.headers.get('etag')).toBe(reply.body['@odata.etag']);
    expect(reply.body).toMatchObject({
      meterRecordID: `${p103.roomID}_e_${THIS_MONTH}`,
      houseID: hoaSen,
      roomID: p103.roomID,
      roomName: 'P103',
      floor: 1,
      kind: 'electricity',
      month: THIS_MONTH,
      previousIndex: p103.currentElectricityIndex,
      newIndex: p103.currentElectricityIndex + 85,
      usage: 85,
      recordedByName: expect.stringMatching(/\S/),
    });
    expect(reply.body).not.toHaveProperty('pk');
    expect((await storedRoom('P103')).currentElectricityIndex).toBe(p103.currentElectricityIndex + 85);

    // The same month again: 200, the same record, from the same previous index.
    const again = await post({
      roomID: p103.roomID,
      kind: 'electricity',
      newIndex: p103.currentElectricityIndex + 80,
      etag: reply.body['@odata.etag'],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({
      meterRecordID: reply.body.meterRecordID,
      previousIndex: p103.currentElectricityIndex,
      usage: 80,
    });
    const month = await list(`houseId=${hoaSen}&roomID=${p103.roomID}`);
    expect(month.body.value.map((record) => record.newIndex)).toEqual([p103.currentElectricityIndex + 80]);

    // A stale etag: 412 with the shared message.
    const stale = await post({
      roomID: p103.roomID,
      kind: 'electricity',
      newIndex: p103.currentElectricityIndex + 90,
      etag: reply.body['@odata.etag'],
    });
    expectError(stale, 412, MSG.stale);
  });

  it('refuses an index below the previous one, naming newIndex (400), and writes nothing', async () => {
    const p104 = room('P104');
    const reply = await post({ roomID: p104.roomID, kind: 'water', newIndex: p104.currentWaterIndex - 1 });
    expectFieldError(reply, 'newIndex', METER_MESSAGES.belowPrevious('Chỉ số nước', p104.currentWaterIndex));
    expect((await list(`houseID=${hoaSen}&roomID=${p104.roomID}`)).body.value).toEqual([]);
  });

  it('refuses malformed readings with Vietnamese field errors', async () => {
    const p104 = room('P104');
    expectFieldError(
      await post({ roomID: p104.roomID, kind: 'gas', newIndex: 1 }),
      'kind',
      'Loại đồng hồ phải là điện hoặc nước.',
    );
    expectFieldError(
      await post({ roomID: p104.roomID, kind: 'water', newIndex: -1 }),
      'newIndex',
      'Chỉ số mới không được âm.',
    );
    expectFieldError(
      await post({ roomID: p104.roomID, kind: 'water', newIndex: 200, month: '2026-13' }),
      'month',
      'Tháng ghi chỉ số không hợp lệ (định dạng yyyy-mm).',
    );
    expectFieldError(
      await post({ roomID: p104.roomID, kind: 'water', newIndex: 200, month: '2099-01' }),
      'month',
      'Không thể ghi chỉ số cho tháng sau tháng hiện tại.',
    );
  });

  it('a meter replacement closes the old meter; Room $expand=meters shows both, newest first', async () => {
    const p105 = room('P105');
    const reply = await post({
      roomID: p105.roomID,
      kind: 'electricity',
      newIndex: 30,
      replacement: {
        oldMeterFinalIndex: p105.currentElectricityIndex + 40,
        newMeterStartIndex: 10,
        newMeterSerial: 'DT-2026',
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      usage: 60,
      replacement: { oldMeterFinalIndex: p105.currentElectricityIndex + 40, newMeterStartIndex: 10 },
    });
    const expanded = await api.request<RoomReply & { meters: Meter[] }>(
      'GET',
      `/odata/Room/${p105.roomID}?$expand=meters`,
      { token: as('nhanvien') },
    );
    expect(expanded.status).toBe(200);
    const electricity = expanded.body.meters.filter((meter) => meter.kind === 'electricity');
    expect(
      electricity.map((meter) => [meter.serial ?? null, meter.startIndex, meter.finalIndex ?? null]),
    ).toEqual([
      ['DT-2026', 10, null],
      [null, p105.currentElectricityIndex, p105.currentElectricityIndex + 40],
    ]);
    expect(electricity[0]?.meterID).toBe(reply.body.meterID);
    expect(expanded.body.meters.filter((meter) => meter.kind === 'water')).toHaveLength(1);
    expect(expanded.body.currentElectricityIndex).toBe(30);
  });

  it('the house read of spec §7 expands rooms with their meters, and services', async () => {
    const reply = await api.request<{
      value: Array<{ rooms: Array<RoomReply & { meters: Meter[] }>; services: Array<{ unit: string }> }>;
    }>('GET', `/odata/House?$filter=houseID eq '${hoaSen}'&$expand=rooms($expand=meters),services`, {
      token: as('chunha'),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [house] = reply.body.value;
    expect(house?.services.map((service) => service.unit)).toEqual(expect.arrayContaining(['kWh', 'm3']));
    const p105 = house?.rooms.find((candidate) => candidate.roomID === room('P105').roomID);
    expect(p105?.meters.filter((meter) => meter.kind === 'electricity')).toHaveLength(2);
    // Every room of the demo house has both meters from the start.
    for (const each of house?.rooms ?? []) {
      expect(new Set(each.meters.map((meter) => meter.kind))).toEqual(new Set(['electricity', 'water']));
    }
  });

  it('an implausible jump needs confirmed: true, then is flagged', async () => {
    const p201 = room('P201');
    const start = p201.currentElectricityIndex;
    const twoMonthsAgo = previousMonth(LAST_MONTH);
    expect(
      (await post({ roomID: p201.roomID, kind: 'electricity', newIndex: start + 40, month: twoMonthsAgo }))
        .status,
    ).toBe(201);
    expect(
      (await post({ roomID: p201.roomID, kind: 'electricity', newIndex: start + 100, month: LAST_MONTH }))
        .status,
    ).toBe(201);
    // Average 50 a month; 260 is more than five times that.
    const refused = await post({ roomID: p201.roomID, kind: 'electricity', newIndex: start + 360 });
    expectFieldError(refused, 'newIndex', METER_MESSAGES.implausible('Điện', 260, 50));
    const confirmed = await post({
      roomID: p201.roomID,
      kind: 'electricity',
      newIndex: start + 360,
      confirmed: true,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({ previousIndex: start + 100, usage: 260, flagged: true });
  });

  it('takes an uploaded photo of the meter', async () => {
    const p202 = room('P202');
    const sas = await api.request<{ blobName: string; uploadURL: string }>(
      'GET',
      `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${hoaSen}`,
      { token: as('nhanvien') },
    );
    expect(sas.status).toBe(200);
    const put = await fetch(sas.body.uploadURL, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
      body: makePng(),
    });
    expect(put.status).toBe(201);
    const reply = await post({
      roomID: p202.roomID,
      kind: 'water',
      newIndex: p202.currentWaterIndex + 4,
      imageBlobName: sas.body.blobName,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.imageBlobName).toBe(sas.body.blobName);
    expectFieldError(
      await post({
        roomID: p202.roomID,
        kind: 'electricity',
        newIndex: p202.currentElectricityIndex,
        imageBlobName: 'khac/room-1-abcdef.png',
      }),
      'imageBlobName',
      'Tên tệp ảnh không hợp lệ.',
    );
  });

  it('refuses a month whose bills were issued (409)', async () => {
    const p203 = room('P203');
    const id = `${binhAn}_${LAST_MONTH}`;
    await product.services.store.container<HouseTicketDoc>('houses').create({
      id,
      pk: binhAn,
      type: 'houseTicket',
      houseTicketID: id,
      houseID: binhAn,
      month: LAST_MONTH,
      status: 'Issued',
      createdOn: new Date().toISOString(),
      dueDate: `${THIS_MONTH}-10`,
    });
    const binhAnRooms = await api.request<ODataCollection<RoomReply>>(
      'GET',
      `/odata/Room?houseID=${binhAn}`,
      {
        token: as('chunha'),
      },
    );
    const target = binhAnRooms.body.value[0] as RoomReply;
    expectError(
      await post(
        { roomID: target.roomID, kind: 'water', newIndex: target.currentWaterIndex + 1, month: LAST_MONTH },
        'chunha',
      ),
      409,
      METER_MESSAGES.monthIssued,
    );
    // Hoa Sen's same month is open.
    expect(
      (
        await post({
          roomID: p203.roomID,
          kind: 'water',
          newIndex: p203.currentWaterIndex + 1,
          month: LAST_MONTH,
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a tenant (403), another landlord (404) and anonymous callers (401)', async () => {
    const p204 = room('P204');
    const body = { roomID: p204.roomID, kind: 'water', newIndex: p204.currentWaterIndex + 1 };
    expectError(await post({ ...body, roomID: lesseeRoomID }, 'nguoithue'), 403, MSG.forbidden);
    expectError(await post(body, 'chunha2'), 404, MSG.notFound);
    const anonymous = await api.request('POST', '/odata/MeterRecord', { body });
    expectError(anonymous, 401, MSG.unauthenticated);
    expect((await list(`houseID=${hoaSen}&roomID=${p204.roomID}`)).body.value).toEqual([]);
  });
});

describe('PATCH /odata/MeterRecord', () => {
  it('saves a floor in one request and answers every record', async () => {
    const floor3 = ['P301', 'P302', 'P303', 'P304', 'P305'].map(room);
    const records = floor3.flatMap((each) => [
      { roomID: each.roomID, kind: 'electricity', newIndex: each.currentElectricityIndex + 70 },
      { roomID: each.roomID, kind: 'water', newIndex: each.currentWaterIndex + 3 },
    ]);
    const reply = await patch({ records });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value).toHaveLength(10);
    expect(reply.body.value.map((record) => record.usage)).toEqual([70, 3, 70, 3, 70, 3, 70, 3, 70, 3]);
    expect((await storedRoom('P305')).currentWaterIndex).toBe(room('P305').currentWaterIndex + 3);

    // A stale etag on one record refuses the batch: 412, nothing changes.
    const edited = reply.body.value.map((record) => ({
      roomID: record.roomID,
      kind: record.kind,
      newIndex: record.newIndex + 1,
      etag: record['@odata.etag'],
    }));
    const first = edited[0] as (typeof edited)[number];
    expect(
      (await post({ roomID: first.roomID, kind: first.kind, newIndex: first.newIndex }, 'chunha')).status,
    ).toBe(200);
    expectError(await patch({ records: edited }), 412, MSG.stale);
    expect((await storedRoom('P305')).currentWaterIndex).toBe(room('P305').currentWaterIndex + 3);
  });

  it('one bad record refuses them all, naming records.1.newIndex', async () => {
    const p205 = room('P205');
    const p102 = room('P102');
    const reply = await patch({
      records: [
        { roomID: p205.roomID, kind: 'electricity', newIndex: p205.currentElectricityIndex + 10 },
        { roomID: p102.roomID, kind: 'electricity', newIndex: p102.currentElectricityIndex - 5 },
      ],
    });
    expectFieldError(
      reply,
      'records.1.newIndex',
      METER_MESSAGES.belowPrevious('Chỉ số điện', p102.currentElectricityIndex),
    );
    expect((await list(`houseID=${hoaSen}&roomID=${p205.roomID}`)).body.value).toEqual([]);
  });

  it('refuses an empty list and unknown fields', async () => {
    expectFieldError(await patch({ records: [] }), 'records', 'Chưa có chỉ số nào để lưu.');
    const p205 = room('P205');
    expectFieldError(
      await patch({ records: [{ roomID: p205.roomID, kind: 'water', newIndex: 1, extra: 1 }] }),
      'records.0.extra',
      'Trường "records.0.extra" không tồn tại.',
    );
  });
});

describe('GET /odata/MeterRecord', () => {
  it('a house’s month (houseId in any case, this month by default) in floor and room order', async () => {
    const reply = await list(`houseId=${hoaSen}`, 'nhanvien');
    expect(reply.status).toBe(200);
    const keys = reply.body.value.map((record) => `${record.floor}:${record.roomName}:${record.kind}`);
    expect(keys).toEqual(
      [...keys].sort((a, b) => {
        const [fa, ra, ka] = a.split(':');
        const [fb, rb, kb] = b.split(':');
        return (
          Number(fa) - Number(fb) ||
          String(ra).localeCompare(String(rb)) ||
          String(ka).localeCompare(String(kb))
        );
      }),
    );
    expect(reply.body.value.every((record) => record.month === THIS_MONTH)).toBe(true);
    expect(keys).toEqual(expect.arrayContaining(['1:P103:electricity', '3:P305:water']));
    const last = await list(`HOUSEID=${hoaSen}&month=${LAST_MONTH}&$select=roomName,month`);
    expect(last.body.value).toEqual(expect.arrayContaining([{ roomName: 'P201', month: LAST_MONTH }]));
    expectFieldError(
      await list(`houseID=${hoaSen}&month=11-2026`),
      'month',
      'Tháng ghi chỉ số không hợp lệ (định dạng yyyy-mm).',
    );
    expectError(await list(`houseID=${hoaSen}&$filter=nope eq 1`), 400, MSG.unknownField('nope'));
  });

  it('a room’s history, newest month first', async () => {
    const reply = await list(`roomID=${room('P201').roomID}&$filter=kind eq 'electricity'`);
    expect(reply.body.value.map((record) => record.month)).toEqual([
      THIS_MONTH,
      LAST_MONTH,
      previousMonth(LAST_MONTH),
    ]);
  });

  it('a tenant sees only their own room; another landlord finds nothing', async () => {
    const own = rooms.get(
      [...rooms.values()].find((each) => each.roomID === lesseeRoomID)?.roomName ?? '',
    ) as RoomReply;
    expect(
      (await post({ roomID: own.roomID, kind: 'water', newIndex: own.currentWaterIndex + 2 })).status,
    ).toBe(201);
    const month = await list(`houseID=${hoaSen}`, 'nguoithue');
    expect(month.status).toBe(200);
    expect(new Set(month.body.value.map((record) => record.roomID))).toEqual(new Set([lesseeRoomID]));
    expect((await list('', 'nguoithue')).body.value.map((record) => record.roomID)).toEqual([lesseeRoomID]);
    expectError(await list(`roomID=${room('P103').roomID}`, 'nguoithue'), 404, MSG.notFound);
    expectError(await list(`houseID=${hoaSen}`, 'chunha2'), 404, MSG.notFound);
    expectError(await list(`roomID=${room('P103').roomID}`, 'chunha2'), 404, MSG.notFound);
  });
});

describe("the round's move-in indexes (the query of the web's `meterKeys.moveIns`)", () => {
  it('staff read the current contracts with when and at which indexes each tenant moved in, nothing else', async () => {
    const select = 'contractID,roomID,startDate,moveInElectricityIndex,moveInWaterIndex';
    const reply = await api.request<ODataCollection<Record<string, unknown>>>(
      'GET',
      `/odata/Contract?HouseID=${hoaSen}&$filter=${encodeURIComponent('status eq 1')}&$select=${select}&$top=1000`,
      { token: as('nhanvien') },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value.length).toBeGreaterThan(0);
    for (const contract of reply.body.value) {
      expect(contract).toMatchObject({
        contractID: expect.any(String),
        roomID: expect.any(String),
        startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      const fields = Object.keys(contract).filter((field) => !field.startsWith('@'));
      expect(fields.filter((field) => !select.split(',').includes(field))).toEqual([]);
    }
  });
});
