import { TENANT_READING_MESSAGES, type MeterRecord, type MeterSubmission } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vietnamMonth } from '../../api/src/domain/shared/time.js';
import { makePng } from '../support/png.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, type RoomReply, type SasReply } from './helpers.js';

/**
 * Tenants who read their own meters through the real handlers (issue 27 §3): the demo tenant of Hoa Sen
 * sends this month's indexes with two photos from their phone; Hoa Sen's staff corrects and accepts;
 * chunha2 and anonymous callers reach nothing.
 */

type SubmissionReply = MeterSubmission;

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let room: RoomReply & { currentElectricityIndex: number; currentWaterIndex: number };

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  const reply = await call<typeof room>('GET', `/odata/Room/${tenancy.roomID}`);
  expect(reply.status).toBe(200);
  room = reply.body;
});
afterAll(() => product?.stop());

function call<T>(method: string, path: string, body?: unknown, user: string | null = 'chunha') {
  return api.request<T>(method, path, {
    ...(user === null ? {} : { token: token[user] as string }),
    ...(body === undefined ? {} : { body }),
  });
}

/** What the tenant's phone does: an upload key for the house's room images, then a PUT of the bytes. */
async function upload(houseID = tenancy.houseID, user = 'nguoithue'): Promise<string> {
  const sas = await call<SasReply>(
    'GET',
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${houseID}&extension=png`,
    undefined,
    user,
  );
  expect(sas.status, JSON.stringify(sas.body)).toBe(200);
  const put = await fetch(sas.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'image/png' },
    body: makePng(),
  });
  expect(put.status).toBe(201);
  return sas.body.blobName;
}

async function board(user = 'chunha') {
  return call<{ value: SubmissionReply[] }>(
    'GET',
    `/api/MeterSubmission?houseID=${tenancy.houseID}`,
    undefined,
    user,
  );
}

describe('tenants who read their own meters', () => {
  it('refuses the tenant while the house has not turned it on, and anonymous callers', async () => {
    const body = {
      electricityIndex: room.currentElectricityIndex + 50,
      waterIndex: room.currentWaterIndex + 3,
      electricityImage: await upload(),
      waterImage: await upload(),
    };
    expectError(
      await call('POST', '/api/MeterSubmission', body, 'nguoithue'),
      403,
      TENANT_READING_MESSAGES.notEnabled,
    );
    expectError(await call('POST', '/api/MeterSubmission', body, null), 401, MSG.unauthenticated);
    expect((await board()).body.value).toEqual([]);
  });

  it('is turned on per house by its landlord, with a deadline day between 1 and 31', async () => {
    const bad = await call('PATCH', `/odata/House/${tenancy.houseID}`, { tenantReadingDeadlineDay: 0 });
    expectFieldError(bad, 'tenantReadingDeadlineDay', 'Hạn khách gửi chỉ số từ ngày 1 đến ngày 31.');
    const stranger = await call(
      'PATCH',
      `/odata/House/${tenancy.houseID}`,
      { tenantMeterReading: true },
      'chunha2',
    );
    expect(stranger.status).toBe(404);
    // 31: the whole month, so this test does not depend on today's date.
    const on = await call<{ tenantMeterReading: boolean; tenantReadingDeadlineDay: number }>(
      'PATCH',
      `/odata/House/${tenancy.houseID}`,
      { tenantMeterReading: true, tenantReadingDeadlineDay: 31 },
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ tenantMeterReading: true, tenantReadingDeadlineDay: 31 });
  });

  it('refuses an index below the last one and a photo of another house, then takes the sending', async () => {
    const good = {
      electricityIndex: room.currentElectricityIndex + 50,
      waterIndex: room.currentWaterIndex + 3,
      electricityImage: await upload(),
      waterImage: await upload(),
    };
    expectFieldError(
      await call(
        'POST',
        '/api/MeterSubmission',
        { ...good, electricityIndex: room.currentElectricityIndex - 1 },
        'nguoithue',
      ),
      'electricityIndex',
      TENANT_READING_MESSAGES.belowPrevious('Điện', room.currentElectricityIndex),
    );
    const foreign = await upload(
      (await call<{ value: Array<{ houseID: string }> }>('GET', '/odata/House', undefined, 'chunha2')).body
        .value[0]?.houseID,
      'chunha2',
    );
    expectFieldError(
      await call('POST', '/api/MeterSubmission', { ...good, waterImage: foreign }, 'nguoithue'),
      'waterImage',
      'Tên tệp ảnh không hợp lệ.',
    );
    expect((await board()).body.value).toEqual([]);
    const sent = await call<{ data: SubmissionReply; message: string }>(
      'POST',
      '/api/MeterSubmission',
      good,
      'nguoithue',
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({
      message: TENANT_READING_MESSAGES.sent,
      data: { roomID: tenancy.roomID, month: vietnamMonth(new Date()), status: 'pending' },
    });
    // The tenant may read back their own meter photo; another landlord may not.
    const readURL = `/api/BlobAccess/GetReadURL?container=room-images&blobName=${encodeURIComponent(good.waterImage)}`;
    const photo = await call('GET', readURL, undefined, 'nguoithue');
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    expect((await call('GET', readURL, undefined, 'chunha2')).status).toBe(404);
  });

  it('shows the sending to the landlord and the house’s staff only', async () => {
    const mine = await board();
    expect(mine.status).toBe(200);
    expect(mine.body.value.map((doc) => [doc.roomID, doc.status])).toEqual([[tenancy.roomID, 'pending']]);
    expect((await board('nhanvien')).body.value).toHaveLength(1);
    expect((await board('chunha2')).status).toBe(404);
    const own = await call<{ value: SubmissionReply[] }>(
      'GET',
      '/api/MeterSubmission',
      undefined,
      'nguoithue',
    );
    expect(own.body.value).toHaveLength(1);
  });

  it('is corrected and accepted by staff; another landlord and the tenant cannot decide', async () => {
    const id = (await board()).body.value[0]?.meterSubmissionID as string;
    const accept = (user: string, body: unknown = {}) =>
      call<{ data: SubmissionReply; message: string }>(
        'POST',
        `/api/MeterSubmission/${id}/Accept`,
        body,
        user,
      );
    expect((await accept('chunha2')).status).toBe(404);
    expect([403, 404]).toContain((await accept('nguoithue')).status);
    expectFieldError(
      await accept('nhanvien', { waterIndex: -1 }),
      'waterIndex',
      'Chỉ số nước không được âm.',
    );
    const corrected = await accept('nhanvien', { electricityIndex: room.currentElectricityIndex + 40 });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body).toMatchObject({
      message: TENANT_READING_MESSAGES.corrected,
      data: {
        status: 'corrected',
        electricityIndex: room.currentElectricityIndex + 50,
        correctedElectricityIndex: room.currentElectricityIndex + 40,
      },
    });
    const readings = await call<{ value: MeterRecord[] }>(
      'GET',
      `/odata/MeterRecord?roomID=${tenancy.roomID}&month=${vietnamMonth(new Date())}`,
    );
    expect(readings.body.value.map((record) => [record.kind, record.newIndex]).sort()).toEqual([
      ['electricity', room.currentElectricityIndex + 40],
      ['water', room.currentWaterIndex + 3],
    ]);
    expectError(await accept('chunha'), 409, TENANT_READING_MESSAGES.notPending);
    // The tenant's bill page reads the month's readings of their room and opens the meter photo.
    const own = await call<{ value: MeterRecord[] }>(
      'GET',
      `/odata/MeterRecord?roomID=${tenancy.roomID}&month=${vietnamMonth(new Date())}`,
      undefined,
      'nguoithue',
    );
    const photo = own.body.value.find((record) => record.kind === 'electricity')?.imageBlobName;
    expect(photo).toBeDefined();
    const link = await call(
      'GET',
      `/api/BlobAccess/GetReadURL?container=room-images&blobName=${encodeURIComponent(photo ?? '')}`,
      undefined,
      'nguoithue',
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
  });
});
