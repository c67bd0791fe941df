import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  startTestProduct,
  type ApiReply,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import { makePng } from '../support/png.js';
import { expectError, expectFieldError, MSG as SHARED_MSG, type DeviceReply } from './helpers.js';

/** Devices of a room: multipart create with PNG photos, JSON create, reads, updates, deletion, access. */

type Device = DeviceReply;

const MSG = {
  ...SHARED_MSG,
  quantity: 'Số lượng phải từ 1 trở lên.',
  valueNegative: 'Giá trị thiết bị không được âm.',
  nameRequired: 'Tên thiết bị không được để trống!',
  notPng: (name: string) => `Tệp "${name}": Tệp tải lên không phải ảnh PNG hoặc JPEG.`,
};

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
const rooms = new Map<string, string>();

/** A multipart/form-data POST as the browser's FormData sends it. */
async function postForm<T = unknown>(path: string, user: string, form: FormData): Promise<ApiReply<T>> {
  const response = await fetch(new URL(path, product.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token[user]}` },
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

function deviceForm(
  fields: Record<string, string>,
  files: Array<{ name: string; bytes: Uint8Array<ArrayBuffer>; type?: string }>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append('Images', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
  }
  return form;
}

async function listDevices(roomID: string, user = 'chunha'): Promise<ApiReply<{ value: Device[] }>> {
  return api.request<{ value: Device[] }>('GET', `/odata/Device?roomID=${roomID}`, {
    token: token[user] as string,
  });
}

async function readDevice(deviceID: string, user = 'chunha'): Promise<ApiReply<Device>> {
  return api.request<Device>('GET', `/odata/Device/${deviceID}`, { token: token[user] as string });
}

async function createJson(body: Record<string, unknown>, user = 'chunha'): Promise<ApiReply<Device>> {
  return api.request<Device>('POST', '/odata/Device', { token: token[user] as string, body });
}

async function blobExists(blobName: string): Promise<boolean> {
  return product.services.blobs.blobExists('room-images', blobName);
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const chunha = sessions.chunha;
  hoaSen = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  const list = await api.request<{ value: Array<{ roomID: string; roomName: string }> }>(
    'GET',
    `/odata/Room?houseID=${hoaSen}`,
    { token: token.chunha as string },
  );
  for (const room of list.body.value) rooms.set(room.roomName, room.roomID);
  expect(rooms.size).toBe(15);
});
afterAll(async () => product?.stop());

describe('POST /odata/Device', () => {
  const png = makePng({ width: 3, height: 3, rgba: [10, 120, 200, 255] });
  let created: Device;

  it('creates a device from the spec’s multipart form with a PNG photo (201, imageURLs)', async () => {
    const roomID = rooms.get('P103') as string;
    const reply = await postForm<Device>(
      '/odata/Device',
      'chunha',
      deviceForm(
        { roomID, deviceName: 'Máy lạnh Daikin', quantity: '1', condition: 'Mới 95%', value: '7.500.000' },
        [{ name: 'may-lanh.png', bytes: png }],
      ),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    created = reply.body;
    expect(created).toMatchObject({
      houseID: hoaSen,
      roomID,
      deviceName: 'Máy lạnh Daikin',
      quantity: 1,
      condition: 'Mới 95%',
      value: 7_500_000,
    });
    expect(created).not.toHaveProperty('id');
    expect(created).not.toHaveProperty('pk');
    expect(created.images).toHaveLength(1);
    expect(created.images[0]).toMatch(new RegExp(`^${hoaSen}/device-\\d{13}-[a-z0-9]{6}\\.png$`));
    expect(created.imageURLs).toHaveLength(1);
    expect(created.imageURLs[0]?.blobName).toBe(created.images[0]);
    const downloaded = await fetch(created.imageURLs[0]?.url as string);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
  });

  it('creates a device from a JSON body, without photos', async () => {
    const roomID = rooms.get('P103') as string;
    const reply = await createJson({
      roomID,
      deviceName: 'Bàn học',
      quantity: 2,
      condition: 'Tốt',
      value: 800_000,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      roomID,
      deviceName: 'Bàn học',
      quantity: 2,
      images: [],
      imageURLs: [],
    });
  });

  it('POST /odata/Device/{roomID} creates a device in the room of the route', async () => {
    const roomID = rooms.get('P105') as string;
    const reply = await api.request<Device>('POST', `/odata/Device/${roomID}`, {
      token: token.chunha as string,
      body: { deviceName: 'Kệ sách', quantity: 1, condition: 'Tốt', value: 400_000 },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ roomID, houseID: hoaSen, deviceName: 'Kệ sách' });
    const list = await listDevices(roomID);
    expect(list.body.value.map((device) => device.deviceName)).toEqual(['Kệ sách']);
    const removed = await api.request('DELETE', `/odata/Device/${reply.body.deviceID}`, {
      token: token.chunha as string,
    });
    expect(removed.status).toBe(204);
  });

  it('refuses a photo that is not a PNG (400) and creates no device', async () => {
    const roomID = rooms.get('P104') as string;
    const reply = await postForm(
      '/odata/Device',
      'chunha',
      deviceForm({ roomID, deviceName: 'Tủ lạnh', quantity: '1', condition: 'Tốt', value: '3000000' }, [
        { name: 'tu-lanh.png', bytes: new TextEncoder().encode('GIF89a not a png'), type: 'image/png' },
      ]),
    );
    expectError(reply, 400, MSG.notPng('tu-lanh.png'));
    expect((await listDevices(roomID)).body.value).toEqual([]);
  });

  it('refuses quantity 0 and value -1 with the schema’s Vietnamese messages (multipart and JSON)', async () => {
    const roomID = rooms.get('P104') as string;
    const form = await postForm(
      '/odata/Device',
      'chunha',
      deviceForm({ roomID, deviceName: 'Quạt', quantity: '0', condition: 'Tốt', value: '-1' }, [
        { name: 'quat.png', bytes: makePng() },
      ]),
    );
    expectFieldError(form, 'quantity', MSG.quantity);
    expectFieldError(form, 'value', MSG.valueNegative);
    const json = await createJson({ roomID, deviceName: 'Quạt', quantity: 0, condition: 'Tốt', value: 100 });
    expectFieldError(json, 'quantity', MSG.quantity);
    const negative = await createJson({
      roomID,
      deviceName: 'Quạt',
      quantity: 1,
      condition: 'Tốt',
      value: -1,
    });
    expectFieldError(negative, 'value', MSG.valueNegative);
    const noName = await createJson({ roomID, deviceName: ' ', quantity: 1, condition: 'Tốt', value: 1 });
    expectFieldError(noName, 'deviceName', MSG.nameRequired);
    expect((await listDevices(roomID)).body.value).toEqual([]);
  });

  it('refuses more than 5 photos at once (400) and creates no device', async () => {
    const roomID = rooms.get('P104') as string;
    const files = Array.from({ length: 6 }, (_, index) => ({
      name: `anh-${index}.png`,
      bytes: makePng({ rgba: [index, index, index, 255] }),
    }));
    const reply = await postForm(
      '/odata/Device',
      'chunha',
      deviceForm({ roomID, deviceName: 'Rèm', quantity: '1', condition: 'Tốt', value: '1' }, files),
    );
    expectError(reply, 400, 'Tối đa 5 tệp mỗi lần tải lên.');
    expect((await listDevices(roomID)).body.value).toEqual([]);
  });

  it('GET /odata/Device?roomID= lists the room’s devices by name; GET /odata/Device/{id} returns one', async () => {
    const list = await listDevices(rooms.get('P103') as string);
    expect(list.status).toBe(200);
    expect(list.body.value.map((device) => device.deviceName)).toEqual(['Bàn học', 'Máy lạnh Daikin']);
    const one = await readDevice(created.deviceID);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      deviceID: created.deviceID,
      deviceName: 'Máy lạnh Daikin',
      images: created.images,
    });
    expect(one.body.imageURLs[0]?.blobName).toBe(created.images[0]);
    const empty = await listDevices(rooms.get('P105') as string);
    expect(empty.body.value).toEqual([]);
  });

  it('the room’s $expand=devices shows them too', async () => {
    const roomID = rooms.get('P103') as string;
    const reply = await api.request<{ value: Array<{ devices: Device[] }> }>(
      'GET',
      `/odata/Room?roomID=${roomID}&$expand=devices`,
      { token: token.chunha as string },
    );
    expect(reply.body.value[0]?.devices.map((device) => device.deviceName)).toEqual([
      'Bàn học',
      'Máy lạnh Daikin',
    ]);
  });

  it('PATCH /odata/Device/{id} updates and reads back; invalid values are refused', async () => {
    const reply = await api.request<Device>('PATCH', `/odata/Device/${created.deviceID}`, {
      token: token.chunha as string,
      body: { condition: 'Cần bảo trì', quantity: 2 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      condition: 'Cần bảo trì',
      quantity: 2,
      deviceName: 'Máy lạnh Daikin',
    });
    expect((await readDevice(created.deviceID)).body).toMatchObject({
      condition: 'Cần bảo trì',
      quantity: 2,
    });
    const invalid = await api.request('PATCH', `/odata/Device/${created.deviceID}`, {
      token: token.chunha as string,
      body: { quantity: 0 },
    });
    expectFieldError(invalid, 'quantity', MSG.quantity);
    expect((await readDevice(created.deviceID)).body.quantity).toBe(2);
  });

  it('answers a stale If-Match with 412 and keeps the stored values', async () => {
    const current = (await readDevice(created.deviceID)).body;
    const etag = current['@odata.etag'] as string;
    expect(etag).toBeTruthy();
    const fresh = await api.request<Device>('PATCH', `/odata/Device/${created.deviceID}`, {
      token: token.chunha as string,
      headers: { 'if-match': etag },
      body: { value: 7_000_000 },
    });
    expect(fresh.status).toBe(200);
    const stale = await api.request('PATCH', `/odata/Device/${created.deviceID}`, {
      token: token.chunha as string,
      headers: { 'if-match': etag },
      body: { value: 1 },
    });
    expectError(stale, 412, 'Dữ liệu đã được người khác thay đổi. Vui lòng tải lại trang và thử lại.');
    expect((await readDevice(created.deviceID)).body.value).toBe(7_000_000);
  });

  it('another landlord gets 404 on chunha’s device and room, and nothing changes', async () => {
    const before = (await readDevice(created.deviceID)).body;
    expectError(await readDevice(created.deviceID, 'chunha2'), 404, MSG.notFound);
    expectError(await listDevices(rooms.get('P103') as string, 'chunha2'), 404, MSG.notFound);
    const patch = await api.request('PATCH', `/odata/Device/${created.deviceID}`, {
      token: token.chunha2 as string,
      body: { condition: 'Hỏng' },
    });
    expectError(patch, 404, MSG.notFound);
    const del = await api.request('DELETE', `/odata/Device/${created.deviceID}`, {
      token: token.chunha2 as string,
    });
    expectError(del, 404, MSG.notFound);
    const create = await createJson(
      { roomID: rooms.get('P105'), deviceName: 'Lạ', quantity: 1, condition: 'Tốt', value: 1 },
      'chunha2',
    );
    expectError(create, 404, MSG.notFound);
    // Read URLs are signed afresh on every read (their start time moves with the clock): compare the rest.
    const withoutSignatures = ({ imageURLs, ...device }: Device) => ({
      ...device,
      imageBlobs: imageURLs?.map((link) => link.blobName),
    });
    expect(withoutSignatures((await readDevice(created.deviceID)).body)).toEqual(withoutSignatures(before));
    expect((await listDevices(rooms.get('P105') as string)).body.value).toEqual([]);
  });

  it('DELETE /odata/Device/{id} → 204, the device and its photo are gone', async () => {
    const reply = await api.request('DELETE', `/odata/Device/${created.deviceID}`, {
      token: token.chunha as string,
    });
    expect(reply.status).toBe(204);
    expectError(await readDevice(created.deviceID), 404, MSG.notFound);
    expect((await listDevices(rooms.get('P103') as string)).body.value.map((d) => d.deviceName)).toEqual([
      'Bàn học',
    ]);
    expect(await blobExists(created.images[0] as string)).toBe(false);
  });
});

describe('lessee and staff access to devices', () => {
  let ownDevice: Device;
  let otherDevice: Device;

  beforeAll(async () => {
    const own = await createJson({
      roomID: rooms.get('P101'),
      deviceName: 'Giường',
      quantity: 1,
      condition: 'Tốt',
      value: 2_000_000,
    });
    const other = await createJson({
      roomID: rooms.get('P202'),
      deviceName: 'Tủ quần áo',
      quantity: 1,
      condition: 'Tốt',
      value: 1_500_000,
    });
    expect(own.status).toBe(201);
    expect(other.status).toBe(201);
    ownDevice = own.body;
    otherDevice = other.body;
  });

  it('a lessee reads the devices of their own room only', async () => {
    const list = await listDevices(rooms.get('P101') as string, 'nguoithue');
    expect(list.status).toBe(200);
    expect(list.body.value.map((device) => device.deviceID)).toEqual([ownDevice.deviceID]);
    expect((await readDevice(ownDevice.deviceID, 'nguoithue')).status).toBe(200);
    expectError(await readDevice(otherDevice.deviceID, 'nguoithue'), 404, MSG.notFound);
    expectError(await listDevices(rooms.get('P202') as string, 'nguoithue'), 404, MSG.notFound);
  });

  it('a lessee cannot create, update or delete devices (403) and nothing changes', async () => {
    const create = await createJson(
      { roomID: rooms.get('P101'), deviceName: 'Ti vi', quantity: 1, condition: 'Tốt', value: 1 },
      'nguoithue',
    );
    expectError(create, 403, MSG.forbidden);
    const patch = await api.request('PATCH', `/odata/Device/${ownDevice.deviceID}`, {
      token: token.nguoithue as string,
      body: { value: 1 },
    });
    expectError(patch, 403, MSG.forbidden);
    const del = await api.request('DELETE', `/odata/Device/${ownDevice.deviceID}`, {
      token: token.nguoithue as string,
    });
    expectError(del, 403, MSG.forbidden);
    const list = await listDevices(rooms.get('P101') as string);
    expect(list.body.value).toHaveLength(1);
    expect(list.body.value[0]?.value).toBe(2_000_000);
  });

  it('staff create and update devices of Hoa Sen but cannot delete (403)', async () => {
    const created = await createJson(
      {
        roomID: rooms.get('P202'),
        deviceName: 'Bình nóng lạnh',
        quantity: 1,
        condition: 'Tốt',
        value: 2_500_000,
      },
      'nhanvien',
    );
    expect(created.status).toBe(201);
    const patch = await api.request<Device>('PATCH', `/odata/Device/${created.body.deviceID}`, {
      token: token.nhanvien as string,
      body: { condition: 'Hơi cũ' },
    });
    expect(patch.status).toBe(200);
    const del = await api.request('DELETE', `/odata/Device/${created.body.deviceID}`, {
      token: token.nhanvien as string,
    });
    expectError(del, 403, MSG.forbidden);
    expect((await readDevice(created.body.deviceID)).body.condition).toBe('Hơi cũ');
  });
});

describe('a room’s deletion and its devices', () => {
  it('deleting an empty room deletes its devices and their photos', async () => {
    const room = await api.request<{ roomID: string }>('POST', '/odata/Room', {
      token: token.chunha as string,
      body: {
        houseID: hoaSen,
        roomName: 'Phòng có máy',
        acreage: 20,
        floor: 1,
        price: 2_000_000,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
      },
    });
    expect(room.status).toBe(201);
    const device = await postForm<Device>(
      '/odata/Device',
      'chunha',
      deviceForm(
        {
          roomID: room.body.roomID,
          deviceName: 'Quạt trần',
          quantity: '1',
          condition: 'Tốt',
          value: '500000',
        },
        [{ name: 'quat.png', bytes: makePng({ rgba: [4, 4, 4, 255] }) }],
      ),
    );
    expect(device.status).toBe(201);
    const blobName = device.body.images[0] as string;
    expect(await blobExists(blobName)).toBe(true);
    const del = await api.request('DELETE', `/odata/Room/${room.body.roomID}`, {
      token: token.chunha as string,
    });
    expect(del.status).toBe(204);
    expectError(await readDevice(device.body.deviceID), 404, MSG.notFound);
    expect(await blobExists(blobName)).toBe(false);
  });
});
