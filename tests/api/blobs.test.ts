/**
 * Blob access: create-only upload SAS per house (and the public registration upload),
 * real uploads to Azurite, read URLs issued after authorization and only for referenced files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';
import { expectError, MSG, type ApiSession, type SasReply } from './helpers.js';

interface ReadReply {
  status: boolean;
  url: string;
  expiresOn: string;
}

/** A 1×1 transparent PNG. */
const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
const HOUR_MS = 60 * 60 * 1000;
/** Azurite's clock and ours are the same machine; allow a little rounding. */
const SKEW_MS = 5_000;

const UPLOAD_AREAS = [
  { endpoint: 'GetContractPDFContainerSAS', container: 'contract-pdf', prefix: 'contract' },
  { endpoint: 'GetRoomImageContainerSAS', container: 'room-images', prefix: 'room' },
  { endpoint: 'GetLesseeInforContainerSAS', container: 'lessee-infor', prefix: 'lessee' },
  { endpoint: 'GetPaperContractStorageSAS', container: 'paper-contracts', prefix: 'paper' },
] as const;

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const s: Record<'admin' | 'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue', ApiSession> = {} as never;
let hoaSenID: string;
let binhAnID: string;
/** A room image chunha uploaded to Hoa Sen, for the read-URL tests. */
let roomImage: string;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  for (const username of ['admin', 'chunha', 'chunha2', 'nhanvien', 'nguoithue'] as const) {
    s[username] = await api.login(username, DEMO_PASSWORDS[username] as string);
  }
  hoaSenID = s.chunha.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID as string;
  binhAnID = s.chunha.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID as string;
});
afterAll(async () => product?.stop());

function sas(session: ApiSession | undefined, endpoint: string, query: Record<string, string>) {
  return api.request<SasReply>('GET', `/api/BlobAccess/${endpoint}?${new URLSearchParams(query)}`, {
    ...(session ? { token: session.token.accessToken } : {}),
  });
}

function readURL(session: ApiSession, container: string, blobName: string) {
  const query = new URLSearchParams({ container, blobName });
  return api.request<ReadReply>('GET', `/api/BlobAccess/GetReadURL?${query}`, {
    token: session.token.accessToken,
  });
}

function put(url: string, body: Uint8Array<ArrayBuffer>, contentType = 'image/png') {
  return fetch(url, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': contentType },
    body,
  });
}

/** Checks a SAS query string: these permissions only, one blob, expiry in the future and ≤ `maxMs` away. */
function expectSas(query: string, permissions: string, maxMs = HOUR_MS) {
  const params = new URLSearchParams(query);
  expect(params.get('sp')).toBe(permissions);
  expect(params.get('sr')).toBe('b');
  expect(params.get('sig')).toBeTruthy();
  const expires = Date.parse(params.get('se') as string);
  expect(expires).not.toBeNaN();
  expect(expires).toBeGreaterThan(Date.now());
  expect(expires).toBeLessThanOrEqual(Date.now() + maxMs + SKEW_MS);
  return expires;
}

function expectIssued(
  reply: { status: number; body: SasReply },
  container: string,
  scope: string,
  prefix: string,
  ext: string,
) {
  expect(reply.status).toBe(200);
  expect(Object.keys(reply.body).sort()).toEqual([
    'accessKey',
    'blobName',
    'expiresOn',
    'status',
    'uploadURL',
  ]);
  expect(reply.body.status).toBe(true);
  expect(reply.body.blobName).toMatch(new RegExp(`^${scope}/${prefix}-\\d{13}-[a-z0-9]{6}\\.${ext}$`));
  const url = new URL(reply.body.uploadURL);
  expect(url.pathname).toBe(`/devstoreaccount1/${container}/${reply.body.blobName}`);
  expect(url.search).toBe(`?${reply.body.accessKey}`);
  const expires = expectSas(reply.body.accessKey, 'c');
  // expiresOn is the SAS expiry (se is written to the second).
  expect(Math.abs(Date.parse(reply.body.expiresOn) - expires)).toBeLessThan(1_000);
}

describe('upload SAS for the four house areas (as landlord chunha)', () => {
  it.each(UPLOAD_AREAS)('$endpoint: create-only, ≤ 1 hour, one server-chosen blob', async (area) => {
    const png = await sas(s.chunha, area.endpoint, { houseID: hoaSenID, extension: 'png' });
    expectIssued(png, area.container, hoaSenID, area.prefix, 'png');
    const pdf = await sas(s.chunha, area.endpoint, { houseID: binhAnID, extension: 'pdf' });
    expectIssued(pdf, area.container, binhAnID, area.prefix, 'pdf');
    expect(pdf.body.blobName).not.toBe(png.body.blobName);
    // png is the default extension.
    const plain = await sas(s.chunha, area.endpoint, { houseID: hoaSenID });
    expectIssued(plain, area.container, hoaSenID, area.prefix, 'png');
  });

  it.each(UPLOAD_AREAS)(
    '$endpoint: the SAS uploads once, and cannot read, overwrite or delete',
    async (area) => {
      const issued = await sas(s.chunha, area.endpoint, { houseID: hoaSenID, extension: 'png' });
      const url = issued.body.uploadURL;
      const created = await put(url, PNG);
      expect(created.status).toBe(201);
      const read = await fetch(url);
      expect(read.status).toBe(403);
      const again = await put(url, new Uint8Array([1, 2, 3]));
      expect(again.status).toBe(403);
      const removed = await fetch(url, { method: 'DELETE' });
      expect(removed.status).toBe(403);
      // The first upload is intact.
      const stored = await product.services.blobs.head(area.container, issued.body.blobName, 1024);
      expect(stored?.firstBytes).toEqual(Buffer.from(PNG));
      // Nothing references it yet: no read URL for it, not even for the landlord who uploaded it.
      expectError(await readURL(s.chunha, area.container, issued.body.blobName), 404, MSG.notFound);
      if (area.container === 'room-images') {
        // Registered as a room's photo, it can be read (the tests below use it).
        const rooms = await api.request<{ value: Array<{ roomID: string }> }>(
          'GET',
          `/odata/Room?houseID=${hoaSenID}`,
          { token: s.chunha.token.accessToken },
        );
        const roomID = rooms.body.value[0]?.roomID as string;
        const added = await api.request('POST', `/odata/Room/${roomID}/Images`, {
          token: s.chunha.token.accessToken,
          body: { blobName: issued.body.blobName },
        });
        expect(added.status).toBe(200);
        const link = await readURL(s.chunha, area.container, issued.body.blobName);
        expect(link.status).toBe(200);
        expect(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer())).toEqual(PNG);
        roomImage = issued.body.blobName;
      }
    },
  );

  it('the SAS does not reach another blob of the same container', async () => {
    const issued = await sas(s.chunha, 'GetRoomImageContainerSAS', { houseID: hoaSenID });
    const other = new URL(issued.body.uploadURL);
    other.pathname = other.pathname.replace(/room-(\d{13})-/, 'room-0000000000000-');
    expect((await put(other.toString(), PNG)).status).toBe(403);
    const list = new URL(issued.body.uploadURL);
    list.pathname = '/devstoreaccount1/room-images';
    list.searchParams.set('restype', 'container');
    list.searchParams.set('comp', 'list');
    expect((await fetch(list)).status).toBe(403);
  });

  it('a PDF uploads to the contract area', async () => {
    const issued = await sas(s.chunha, 'GetContractPDFContainerSAS', { houseID: hoaSenID, extension: 'pdf' });
    expect((await put(issued.body.uploadURL, PDF, 'application/pdf')).status).toBe(201);
  });
});

describe('upload SAS — who may ask, and bad input', () => {
  it('missing houseID → 400', async () => {
    expectError(await sas(s.chunha, 'GetRoomImageContainerSAS', {}), 400, 'Thiếu mã nhà trọ (houseID).');
  });

  it.each(['ab', '../../etc', 'a b c d e f', `${'x'.repeat(65)}`, 'house/../x'])(
    'invalid houseID %j → 400',
    async (houseID) => {
      expectError(
        await sas(s.chunha, 'GetRoomImageContainerSAS', { houseID }),
        400,
        'Mã nhà trọ không hợp lệ.',
      );
    },
  );

  it('an extension other than png/jpg/pdf → 400', async () => {
    for (const extension of ['exe', 'PNG', 'svg', '']) {
      const reply = await sas(s.chunha, 'GetRoomImageContainerSAS', { houseID: hoaSenID, extension });
      expectError(reply, 400, 'Chỉ chấp nhận tệp .png, .jpg hoặc .pdf.');
    }
  });

  it('an unknown house → 404', async () => {
    const reply = await sas(s.chunha, 'GetRoomImageContainerSAS', { houseID: 'khong-co-nha-nay' });
    expectError(reply, 404, MSG.notFound);
  });

  it("another landlord's house → 404 in every area", async () => {
    for (const area of UPLOAD_AREAS) {
      expectError(await sas(s.chunha2, area.endpoint, { houseID: hoaSenID }), 404, MSG.notFound);
    }
  });

  it('lessee (role 4): contracts and paper contracts → 403; own identity papers and issue photos → 200', async () => {
    expectIssued(
      await sas(s.nguoithue, 'GetRoomImageContainerSAS', { houseID: hoaSenID }),
      'room-images',
      hoaSenID,
      'room',
      'png',
    );
    expectError(await sas(s.nguoithue, 'GetRoomImageContainerSAS', { houseID: binhAnID }), 404, MSG.notFound);
    for (const endpoint of ['GetContractPDFContainerSAS', 'GetPaperContractStorageSAS']) {
      expectError(await sas(s.nguoithue, endpoint, { houseID: hoaSenID }), 403, MSG.forbidden);
    }
    const own = await sas(s.nguoithue, 'GetLesseeInforContainerSAS', { houseID: hoaSenID });
    expectIssued(own, 'lessee-infor', hoaSenID, 'lessee', 'png');
    expectError(
      await sas(s.nguoithue, 'GetLesseeInforContainerSAS', { houseID: binhAnID }),
      404,
      MSG.notFound,
    );
  });

  it('staff: assigned house 200, another house of the landlord 404', async () => {
    const assigned = await sas(s.nhanvien, 'GetRoomImageContainerSAS', { houseID: hoaSenID });
    expectIssued(assigned, 'room-images', hoaSenID, 'room', 'png');
    expectError(await sas(s.nhanvien, 'GetRoomImageContainerSAS', { houseID: binhAnID }), 404, MSG.notFound);
  });

  it('super admin → 403; no token → 401', async () => {
    expectError(await sas(s.admin, 'GetRoomImageContainerSAS', { houseID: hoaSenID }), 403, MSG.forbidden);
    expectError(
      await sas(undefined, 'GetRoomImageContainerSAS', { houseID: hoaSenID }),
      401,
      MSG.unauthenticated,
    );
  });
});

describe('GET /api/BlobAccess/GetHMRegistrationDataContainerSAS (public)', () => {
  let registrationBlob: string;

  it('needs no token and gives a create-only SAS under a fresh scope', async () => {
    const first = await sas(undefined, 'GetHMRegistrationDataContainerSAS', { extension: 'png' });
    expect(first.status).toBe(200);
    expect(first.body.blobName).toMatch(/^reg-[A-Za-z0-9_-]{16}\/registration-\d{13}-[a-z0-9]{6}\.png$/);
    expectIssued(
      first,
      'hm-registration',
      first.body.blobName.split('/')[0] as string,
      'registration',
      'png',
    );
    const second = await sas(undefined, 'GetHMRegistrationDataContainerSAS', { extension: 'pdf' });
    expect(second.status).toBe(200);
    expect(second.body.blobName.split('/')[0]).not.toBe(first.body.blobName.split('/')[0]);
    expect(second.body.blobName).toMatch(/\.pdf$/);

    expect((await put(first.body.uploadURL, PNG)).status).toBe(201);
    expect((await fetch(first.body.uploadURL)).status).toBe(403);
    expect((await put(first.body.uploadURL, PNG)).status).toBe(403);
    registrationBlob = first.body.blobName;
  });

  it('a bad extension → 400', async () => {
    const reply = await sas(undefined, 'GetHMRegistrationDataContainerSAS', { extension: 'html' });
    expectError(reply, 400, 'Chỉ chấp nhận tệp .png, .jpg hoặc .pdf.');
  });

  it('read URL: 404 for everyone, super admin included, while no registration references the upload', async () => {
    for (const session of [s.chunha, s.nhanvien, s.nguoithue, s.admin]) {
      expectError(await readURL(session, 'hm-registration', registrationBlob), 404, MSG.notFound);
    }
  });
});

describe('GET /api/BlobAccess/GetReadURL', () => {
  it('landlord gets a read-only URL (sp=r, ≤ 1 hour) that downloads the bytes just uploaded', async () => {
    expect(roomImage).toBeDefined();
    const reply = await readURL(s.chunha, 'room-images', roomImage);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(true);
    const url = new URL(reply.body.url);
    expect(url.pathname).toBe(`/devstoreaccount1/room-images/${roomImage}`);
    const expires = expectSas(url.search, 'r');
    expect(Math.abs(Date.parse(reply.body.expiresOn) - expires)).toBeLessThan(1_000);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
    // The server fixes how the file is served (SAS response override), whatever was uploaded.
    expect(url.searchParams.get('rsct')).toBe('image/png');
    expect(download.headers.get('content-type')).toBe('image/png');
    // Read-only: it cannot write.
    expect((await put(url.toString(), new Uint8Array([9]))).status).toBe(403);
  });

  it('staff of the house and the lessee living there may read the room image', async () => {
    expect((await readURL(s.nhanvien, 'room-images', roomImage)).status).toBe(200);
    expect((await readURL(s.nguoithue, 'room-images', roomImage)).status).toBe(200);
  });

  it('another landlord → 404; super admin → 403 (no room rights)', async () => {
    expectError(await readURL(s.chunha2, 'room-images', roomImage), 404, MSG.notFound);
    expectError(await readURL(s.admin, 'room-images', roomImage), 403, MSG.forbidden);
  });

  it.each([
    ['../secret.png'],
    ['abc'],
    ['room-1700000000000-abcdef.png'],
    ['HOUSE/room-1700000000000-abcdef.png'],
    ['house-id-1/../house-id-2/room-1700000000000-abcdef.png'],
    ['house-id-1/room-1700000000000-abcdef.png?comp=list'],
    ['house-id-1/room-1700000000000-ABCDEF.png'],
    ['house-id-1/room-1700000000000-abcdef.exe'],
    ['house-id-1/contract-1700000000000-abcdef.png'],
  ])('malformed blobName %j → 400', async (blobName) => {
    expectError(await readURL(s.chunha, 'room-images', blobName), 400, MSG.blobNameInvalid);
  });

  it('a name of another area in this container → 400', async () => {
    const paper = roomImage.replace('/room-', '/paper-');
    expectError(await readURL(s.chunha, 'room-images', paper), 400, MSG.blobNameInvalid);
  });

  it('unknown container or missing blobName → 400', async () => {
    expectError(await readURL(s.chunha, 'secrets', roomImage), 400, 'Kho lưu trữ không hợp lệ.');
    const reply = await api.request('GET', '/api/BlobAccess/GetReadURL?container=room-images', {
      token: s.chunha.token.accessToken,
    });
    expectError(reply, 400, MSG.blobNameInvalid);
  });

  it('a well-formed name that was never uploaded → 404', async () => {
    const missing = `${hoaSenID}/room-1700000000000-abcdef.png`;
    expectError(await readURL(s.chunha, 'room-images', missing), 404, MSG.notFound);
  });

  it("a lessee cannot read another tenant's identity papers in the same house", async () => {
    // The landlord stores the papers of another tenant of Hoa Sen.
    const issued = await sas(s.chunha, 'GetLesseeInforContainerSAS', { houseID: hoaSenID });
    expect((await put(issued.body.uploadURL, PNG)).status).toBe(201);
    // No lessee references the upload yet (the tenancy slice adds that): no read URL for anyone.
    expect((await readURL(s.chunha, 'lessee-infor', issued.body.blobName)).status).toBe(404);
    // nguoithue lives in the same house but the papers are not theirs.
    const reply = await readURL(s.nguoithue, 'lessee-infor', issued.body.blobName);
    expect([403, 404]).toContain(reply.status);
    expect(reply.body).not.toHaveProperty('url');
  });
});
