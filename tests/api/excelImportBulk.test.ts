import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';
import { generatedRooms, roomImportFile, XLSX_TYPE } from '../support/xlsx.js';

/** A large import: 5,000 rooms (the maximum) in one request, for a landlord with a big enough quota. */

const BULK_USER = { username: 'chunhalon', password: 'Chunhalon@123456' };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
let token = '';
let houseID = '';

async function importFile(
  file: Uint8Array<ArrayBuffer>,
): Promise<{ status: number; json: unknown; ms: number }> {
  const form = new FormData();
  form.append('houseID', houseID);
  form.append('file', new Blob([file], { type: XLSX_TYPE }), 'nhieu-phong.xlsx');
  const started = performance.now();
  const response = await fetch(new URL('/ExcelImport/ImportEmptyRooms', product.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // an error spreadsheet
  }
  return { status: response.status, json, ms };
}

async function roomCount(): Promise<number> {
  const reply = await api.request<{ '@odata.count': number }>(
    'GET',
    `/odata/Room?houseID=${houseID}&$count=true&$top=1`,
    { token },
  );
  expect(reply.status).toBe(200);
  return reply.body['@odata.count'];
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  await createUser(product.services, {
    username: BULK_USER.username,
    password: BULK_USER.password,
    roleID: 2,
    fullName: 'Trần Văn Lớn',
    phoneNumber: '0909000111',
    extra: {
      roomQuota: 6000,
      lessorInfo: { status: 1, fullName: 'Trần Văn Lớn', phoneNumber: '0909000111' },
    },
  });
  const session = await api.login(BULK_USER.username, BULK_USER.password);
  token = session.token.accessToken;
  const house = await api.request<{ houseID: string }>('POST', '/odata/House', {
    token,
    body: { houseName: 'Ký túc xá Lớn', houseAddress: '1 Võ Văn Kiệt, Q. 1, TP. Hồ Chí Minh' },
  });
  expect(house.status).toBe(201);
  houseID = house.body.houseID;
});
afterAll(async () => product?.stop());

describe('bulk import', () => {
  it('refuses 5,001 rows (400, the limit in Vietnamese) and writes nothing', async () => {
    const file = await roomImportFile(generatedRooms(5001, 'Z'));
    const reply = await importFile(file);
    expect(reply.status).toBe(400);
    expect((reply.json as { errorMessage: string }).errorMessage).toBe('Mỗi lần nhập tối đa 5.000 phòng.');
    expect(await roomCount()).toBe(0);
  }, 60_000);

  it('creates 5,000 rooms in one request', async () => {
    const file = await roomImportFile(generatedRooms(5000, 'K'));
    const reply = await importFile(file);
    console.log(
      `[excelImportBulk] 5,000-row import (${(file.length / 1024).toFixed(0)} KB): ${reply.ms.toFixed(0)} ms`,
    );
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    expect(reply.json).toEqual({ status: true, data: { created: 5000 } });
    expect(reply.ms).toBeLessThan(30_000);
    expect(await roomCount()).toBe(5000);
    const last = await api.request<{ value: Array<Record<string, unknown>> }>(
      'GET',
      `/odata/Room?houseID=${houseID}&$filter=${encodeURIComponent("roomName eq 'K5000'")}`,
      { token },
    );
    expect(last.body.value).toHaveLength(1);
    expect(last.body.value[0]).toMatchObject({
      roomName: 'K5000',
      floor: 50,
      acreage: 15 + (4999 % 20),
      price: 2_000_000 + (4999 % 10) * 100_000,
      currentElectricityIndex: 1000 + 4999,
      status: 'empty',
    });
  }, 60_000);

  it('after the import, lists page server-side and duplicate checks see every page', async () => {
    const first = await api.request<{ value: Array<{ roomName: string }>; '@odata.nextLink'?: string }>(
      'GET',
      `/odata/Room?houseID=${houseID}`,
      { token },
    );
    expect(first.status).toBe(200);
    expect(first.body.value).toHaveLength(1000);
    expect(first.body.value[0]?.roomName).toBe('K0001');
    expect(new URL(first.body['@odata.nextLink'] as string).searchParams.get('$skip')).toBe('1000');
    const tail = await api.request<{ value: Array<{ roomName: string }>; '@odata.nextLink'?: string }>(
      'GET',
      `/odata/Room?houseID=${houseID}&$skip=4998`,
      { token },
    );
    expect(tail.body.value.map((room) => room.roomName)).toEqual(['K4999', 'K5000']);
    expect(tail.body['@odata.nextLink']).toBeUndefined();

    const room = {
      houseID,
      acreage: 20,
      floor: 1,
      price: 2_000_000,
      currentElectricityIndex: 0,
      currentWaterIndex: 0,
    };
    const duplicate = await api.request('POST', '/odata/Room', {
      token,
      body: { ...room, roomName: 'k4999' },
    });
    expect(duplicate.status).toBe(409);
    expect((duplicate.body as { errorMessage: string }).errorMessage).toBe(
      'Tên phòng "k4999" đã tồn tại trong nhà trọ này.',
    );
    const fresh = await api.request('POST', '/odata/Room', { token, body: { ...room, roomName: 'K5001' } });
    expect(fresh.status).toBe(201);
    expect(await roomCount()).toBe(5001);
  }, 60_000);

  it('a second import of the same names is refused row by row and writes nothing', async () => {
    const file = await roomImportFile(generatedRooms(50, 'K'));
    const reply = await importFile(file);
    expect(reply.status).toBe(400);
    expect(await roomCount()).toBe(5001);
  }, 60_000);
});
