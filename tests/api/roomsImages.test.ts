import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_RULES } from '../../api/src/domain/shared/imageFiles.js';
import { decodeImage } from '../../api/src/images/decodeImage.js';
import {
  apiClient,
  startTestProduct,
  type ApiReply,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import { makePng } from '../support/png.js';
import { expectError, MSG as SHARED_MSG, type RoomReply, type SasReply } from './helpers.js';

/** Room photos: create-only SAS upload by the browser, then registration checked by the API. */

type Room = RoomReply;

const MSG = {
  ...SHARED_MSG,
  notPng: 'Tệp tải lên không phải ảnh PNG hoặc JPEG.',
  badName: 'Tên tệp ảnh không hợp lệ.',
  notUploaded: 'Không tìm thấy ảnh đã tải lên. Vui lòng tải lại ảnh.',
  notInRoom: 'Không tìm thấy ảnh này trong phòng.',
};

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';
const rooms = new Map<string, string>();

async function sas(houseID: string, user = 'chunha', extension = 'png'): Promise<ApiReply<SasReply>> {
  return api.request<SasReply>(
    'GET',
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${houseID}&extension=${extension}`,
    { token: token[user] as string },
  );
}

/** Uploads bytes the way the browser does: a PUT of a block blob to the SAS URL. */
async function putBlob(
  uploadURL: string,
  bytes: Uint8Array<ArrayBuffer>,
  contentType = 'image/png',
): Promise<number> {
  const response = await fetch(uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': contentType },
    body: bytes,
  });
  await response.arrayBuffer();
  return response.status;
}

async function uploadNew(
  houseID: string,
  bytes: Uint8Array<ArrayBuffer>,
  contentType = 'image/png',
): Promise<string> {
  const issued = await sas(houseID, 'chunha', contentType === 'image/jpeg' ? 'jpg' : 'png');
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  expect(await putBlob(issued.body.uploadURL, bytes, contentType)).toBe(201);
  return issued.body.blobName;
}

async function register(roomID: string, blobName: string, user = 'chunha'): Promise<ApiReply<Room>> {
  return api.request<Room>('POST', `/odata/Room/${roomID}/Images`, {
    token: token[user] as string,
    body: { blobName },
  });
}

async function readRoom(roomID: string, user = 'chunha'): Promise<ApiReply<Room>> {
  return api.request<Room>('GET', `/odata/Room/${roomID}`, { token: token[user] as string });
}

async function blobExists(blobName: string): Promise<boolean> {
  return product.services.blobs.blobExists('room-images', blobName);
}

async function download(url: string): Promise<{ status: number; bytes: Uint8Array }> {
  const response = await fetch(url);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const chunha = sessions.chunha;
  hoaSen = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  const list = await api.request<{ value: Room[] }>('GET', `/odata/Room?houseID=${hoaSen}`, {
    token: token.chunha as string,
  });
  for (const room of list.body.value) rooms.set(room.roomName, room.roomID);
  expect(rooms.size).toBe(15);
});
afterAll(async () => product?.stop());

describe('room images', () => {
  const png = makePng({ width: 2, height: 2, rgba: [200, 30, 30, 255] });
  let registered = '';

  it('issues a create-only SAS for the house, named <houseID>/room-….png', async () => {
    const issued = await sas(hoaSen);
    expect(issued.status).toBe(200);
    expect(issued.body.status).toBe(true);
    expect(issued.body.blobName).toMatch(new RegExp(`^${hoaSen}/room-\\d{13}-[a-z0-9]{6}\\.png$`));
    expect(new URL(issued.body.uploadURL).pathname).toContain(`/room-images/${issued.body.blobName}`);
    expect(new URL(issued.body.uploadURL).searchParams.get('sp')).toBe('c');
  });

  it('uploads a real PNG, registers it (200) and serves the same bytes through imageURLs', async () => {
    const roomID = rooms.get('P103') as string;
    registered = await uploadNew(hoaSen, png);
    const reply = await register(roomID, registered);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.images).toContain(registered);
    expect(reply.body.imageURLs?.[0]?.blobName).toBe(registered);
    const downloaded = await download(reply.body.imageURLs?.[0]?.url as string);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(downloaded.bytes).equals(Buffer.from(png))).toBe(true);

    const stored = await readRoom(roomID);
    expect(stored.body.images).toEqual([registered]);
    expect(stored.body.imageURLs?.map((image) => image.blobName)).toEqual([registered]);
  });

  it('registering the same name twice keeps one copy', async () => {
    const roomID = rooms.get('P103') as string;
    const again = await register(roomID, registered);
    expect(again.status).toBe(200);
    expect((await readRoom(roomID)).body.images).toEqual([registered]);
  });

  it('refuses bytes that are not a PNG or JPEG (400) and deletes the blob', async () => {
    const roomID = rooms.get('P104') as string;
    const blobName = await uploadNew(hoaSen, new TextEncoder().encode('<html>not an image</html>'));
    expect(await blobExists(blobName)).toBe(true);
    const reply = await register(roomID, blobName);
    expectError(reply, 400, MSG.notPng);
    expect(await blobExists(blobName)).toBe(false);
    expect((await readRoom(roomID)).body.images).toEqual([]);
  });

  it('refuses a blob name of another house (400) and does not attach it', async () => {
    const roomID = rooms.get('P104') as string;
    const foreign = await uploadNew(binhAn, makePng());
    const reply = await register(roomID, foreign);
    expectError(reply, 400, MSG.badName);
    expect((await readRoom(roomID)).body.images).toEqual([]);
  });

  it('refuses malformed names and names of another kind of upload (400)', async () => {
    const roomID = rooms.get('P104') as string;
    for (const blobName of [
      '../etc/passwd',
      `${hoaSen}/room-1.png`,
      `${hoaSen}/contract-1700000000000-abcdef.png`,
      `${hoaSen}/device-1700000000000-abcdef.png`,
    ]) {
      expectError(await register(roomID, blobName), 400, MSG.badName);
    }
    expect((await readRoom(roomID)).body.images).toEqual([]);
  });

  it('refuses a well-formed name that was never uploaded (400)', async () => {
    const roomID = rooms.get('P104') as string;
    const reply = await register(roomID, `${hoaSen}/room-1700000000000-zzzzzz.png`);
    expectError(reply, 400, MSG.notUploaded);
    expect((await readRoom(roomID)).body.images).toEqual([]);
  });

  it('lets staff of the house add a photo, but not a lessee (403) or another landlord (404)', async () => {
    const roomID = rooms.get('P105') as string;
    const blobName = await uploadNew(hoaSen, makePng({ rgba: [1, 2, 3, 255] }));
    expectError(await register(roomID, blobName, 'nguoithue'), 403, MSG.forbidden);
    expectError(await register(roomID, blobName, 'chunha2'), 404, MSG.notFound);
    expect((await readRoom(roomID)).body.images).toEqual([]);
    const staff = await register(roomID, blobName, 'nhanvien');
    expect(staff.status).toBe(200);
    expect((await readRoom(roomID)).body.images).toEqual([blobName]);
    // A tenant gets an upload key (photos for their issue reports) but cannot add a photo to a room.
    const lesseeSas = await sas(hoaSen, 'nguoithue');
    expect(lesseeSas.status).toBe(200);
    const foreignSas = await sas(hoaSen, 'chunha2');
    expectError(foreignSas, 404, MSG.notFound);
  });

  it('DELETE /odata/Room/{id}/Images?blobName= removes the photo and its blob', async () => {
    const roomID = rooms.get('P103') as string;
    const second = await uploadNew(hoaSen, makePng({ rgba: [9, 9, 9, 255] }));
    expect((await register(roomID, second)).status).toBe(200);
    expect((await readRoom(roomID)).body.images).toEqual([registered, second]);
    const reply = await api.request<Room>(
      'DELETE',
      `/odata/Room/${roomID}/Images?blobName=${encodeURIComponent(registered)}`,
      { token: token.chunha as string },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.images).toEqual([second]);
    expect((await readRoom(roomID)).body.images).toEqual([second]);
    expect(await blobExists(registered)).toBe(false);
    const again = await api.request(
      'DELETE',
      `/odata/Room/${roomID}/Images?blobName=${encodeURIComponent(registered)}`,
      { token: token.chunha as string },
    );
    expectError(again, 404, MSG.notInRoom);
  });

  it('another landlord cannot delete a photo (404) and it stays', async () => {
    const roomID = rooms.get('P103') as string;
    const [current] = (await readRoom(roomID)).body.images;
    const reply = await api.request(
      'DELETE',
      `/odata/Room/${roomID}/Images?blobName=${encodeURIComponent(current as string)}`,
      { token: token.chunha2 as string },
    );
    expectError(reply, 404, MSG.notFound);
    expect((await readRoom(roomID)).body.images).toEqual([current]);
    expect(await blobExists(current as string)).toBe(true);
  });

  it('deleting a room deletes its photos', async () => {
    const created = await api.request<Room>('POST', '/odata/Room', {
      token: token.chunha as string,
      body: {
        houseID: hoaSen,
        roomName: 'Ảnh rồi xóa',
        acreage: 18,
        floor: 1,
        price: 2_500_000,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
      },
    });
    expect(created.status).toBe(201);
    const blobName = await uploadNew(hoaSen, makePng({ rgba: [5, 6, 7, 255] }));
    expect((await register(created.body.roomID, blobName)).status).toBe(200);
    const del = await api.request('DELETE', `/odata/Room/${created.body.roomID}`, {
      token: token.chunha as string,
    });
    expect(del.status).toBe(204);
    expect(await blobExists(blobName)).toBe(false);
  });

  it('refuses a camera original (the 12 MP JPEG, 4.7 MB: over 2 MB) with what to do (400), and deletes it', async () => {
    const roomID = rooms.get('P201') as string;
    const camera = new Uint8Array(
      readFileSync(join(import.meta.dirname, '../fixtures/photos/camera-12mp-rotated.jpg')),
    );
    const blobName = await uploadNew(hoaSen, camera, 'image/jpeg');
    const reply = await register(roomID, blobName);
    expectError(
      reply,
      400,
      'Ảnh quá lớn (4,7 MB, tối đa 2 MB cho một ảnh đã thu nhỏ). ' +
        'Vui lòng tải ảnh lên từ trang web Nhà trọ (ảnh được tự thu nhỏ) hoặc chọn ảnh nhỏ hơn.',
    );
    expect(await blobExists(blobName)).toBe(false);
    expect((await readRoom(roomID)).body.images).toEqual([]);
  });

  it('keeps a JPEG photo as image/jpeg and serves its 320 px thumbnail beside it', async () => {
    const roomID = rooms.get('P201') as string;
    const jpeg = new Uint8Array(
      readFileSync(join(import.meta.dirname, '../fixtures/images/photo-baseline.jpg')),
    );
    const blobName = await uploadNew(hoaSen, jpeg, 'image/jpeg');
    expect(blobName).toMatch(/\.jpg$/);
    const reply = await register(roomID, blobName);
    expect(reply.status).toBe(200);
    const link = reply.body.imageURLs?.find((image) => image.blobName === blobName);
    if (!link?.thumbnailURL) throw new Error(`no thumbnail URL: ${JSON.stringify(reply.body.imageURLs)}`);
    const full = await fetch(link.url);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(jpeg);
    const thumbnail = await fetch(link.thumbnailURL);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const small = await decodeImage(new Uint8Array(await thumbnail.arrayBuffer()), IMAGE_RULES.photo);
    // photo-baseline.jpg is 480×360.
    expect(small).toMatchObject({ ok: true, image: { type: 'jpg', width: 320, height: 240 } });
    // Deleted with the photo.
    const removed = await api.request(
      'DELETE',
      `/odata/Room/${roomID}/Images?blobName=${encodeURIComponent(blobName)}`,
      { token: token.chunha as string },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await product.services.blobs.blobExists('room-images', `${blobName}.thumb.jpg`)).toBe(false);
  });

  it('keeps at most 20 photos per room (409 for the 21st)', async () => {
    const roomID = rooms.get('P202') as string;
    const names: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const blobName = await uploadNew(hoaSen, makePng({ rgba: [index, 0, 0, 255] }));
      expect((await register(roomID, blobName)).status).toBe(200);
      names.push(blobName);
    }
    const extra = await uploadNew(hoaSen, makePng({ rgba: [0, 0, 99, 255] }));
    expectError(await register(roomID, extra), 409, 'Mỗi phòng có tối đa 20 ảnh.');
    expect((await readRoom(roomID)).body.images).toEqual(names);
  });

  it('refuses a photo already attached to another room (409), so no room is left with a broken image', async () => {
    const first = rooms.get('P203') as string;
    const second = rooms.get('P204') as string;
    const blobName = await uploadNew(hoaSen, makePng({ rgba: [77, 77, 77, 255] }));
    expect((await register(first, blobName)).status).toBe(200);
    const again = await register(second, blobName);
    expectError(again, 409, 'Ảnh này đã được gắn cho phòng hoặc thiết bị khác.');
    expect((await readRoom(second)).body.images).toEqual([]);
    const kept = await readRoom(first);
    expect(kept.body.images).toEqual([blobName]);
    expect((await download(kept.body.imageURLs?.[0]?.url as string)).status).toBe(200);
  });
});
