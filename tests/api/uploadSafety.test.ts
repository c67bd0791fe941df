/**
 * Uploads give nothing away: read URLs only for files an object references, served with the type
 * the server fixes; size and type checked when an object takes a file; unreferenced uploads removed
 * by the nightly maintenance a day later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobContainer } from '../../api/src/domain/shared/blobNames.js';
import { acceptUpload } from '../../api/src/useCases/shared/uploads.js';
import { makePng } from '../support/png.js';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';
import { expectError, MSG } from './helpers.js';

interface SasReply {
  blobName: string;
  uploadURL: string;
}

const HTML_PAGE = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>';
const DAY_MS = 24 * 60 * 60 * 1000;

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
let token = '';
let hoaSenID = '';
let roomID = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const chunha = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
  token = chunha.token.accessToken;
  hoaSenID = chunha.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID as string;
  const rooms = await api.request<{ value: Array<{ roomID: string }> }>(
    'GET',
    `/odata/Room?houseID=${hoaSenID}`,
    { token },
  );
  roomID = rooms.body.value[0]?.roomID as string;
});
afterAll(async () => product?.stop());

async function upload(
  endpoint: string,
  bytes: Uint8Array<ArrayBuffer> | string,
  contentType: string,
  extension = 'png',
): Promise<string> {
  const query = endpoint === 'GetHMRegistrationDataContainerSAS' ? '' : `houseID=${hoaSenID}&`;
  const issued = await api.request<SasReply>(
    'GET',
    `/api/BlobAccess/${endpoint}?${query}extension=${extension}`,
    endpoint === 'GetHMRegistrationDataContainerSAS' ? {} : { token },
  );
  expect(issued.status).toBe(200);
  const put = await fetch(issued.body.uploadURL, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': contentType },
    body: bytes,
  });
  expect(put.status).toBe(201);
  return issued.body.blobName;
}

function readURL(container: string, blobName: string) {
  const query = new URLSearchParams({ container, blobName });
  return api.request<{ url: string }>('GET', `/api/BlobAccess/GetReadURL?${query}`, { token });
}

function exists(container: BlobContainer, blobName: string) {
  return product.services.blobs.blobExists(container, blobName);
}

describe('read URLs only for referenced files, with the type fixed by the server', () => {
  it('an HTML page uploaded with a room-photo key gets no read URL, and registering it deletes it', async () => {
    const blobName = await upload('GetRoomImageContainerSAS', HTML_PAGE, 'text/html');
    expectError(await readURL('room-images', blobName), 404, MSG.notFound);
    const added = await api.request('POST', `/odata/Room/${roomID}/Images`, { token, body: { blobName } });
    expectError(added, 400, 'Tệp tải lên không phải ảnh PNG hoặc JPEG.');
    expect(await exists('room-images', blobName)).toBe(false);
  });

  it('a PNG uploaded as text/html is stored as image/png once registered, and served as image/png', async () => {
    const blobName = await upload('GetRoomImageContainerSAS', makePng(), 'text/html');
    const added = await api.request('POST', `/odata/Room/${roomID}/Images`, { token, body: { blobName } });
    expect(added.status).toBe(200);
    const stored = await product.services.blobs.head('room-images', blobName, 8);
    expect(stored?.contentType).toBe('image/png');
    const link = await readURL('room-images', blobName);
    expect(link.status).toBe(200);
    expect(new URL(link.body.url).searchParams.get('rsct')).toBe('image/png');
    const download = await fetch(link.body.url);
    expect(download.headers.get('content-type')).toBe('image/png');
  });

  it('an upload of every other area gets no read URL until an object of its slice references it', async () => {
    for (const [endpoint, container] of [
      ['GetContractPDFContainerSAS', 'contract-pdf'],
      ['GetLesseeInforContainerSAS', 'lessee-infor'],
      ['GetPaperContractStorageSAS', 'paper-contracts'],
    ] as const) {
      const blobName = await upload(endpoint, makePng(), 'image/png');
      expectError(await readURL(container, blobName), 404, MSG.notFound);
    }
  });
});

describe('size and type checked when an object takes an upload (every area)', () => {
  it('a public registration paper of 6 MB is refused and deleted (limit 5 MB)', async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(makePng());
    const blobName = await upload('GetHMRegistrationDataContainerSAS', big, 'image/png');
    await expect(acceptUpload(product.services, 'hm-registration', blobName)).rejects.toMatchObject({
      kind: 'badRequest',
      errorMessage: 'Tệp quá lớn (tối đa 5 MB).',
    });
    expect(await exists('hm-registration', blobName)).toBe(false);
  });

  it('a PNG behind a .pdf name, and HTML behind a .pdf name, are refused and deleted', async () => {
    for (const bytes of [makePng(), HTML_PAGE]) {
      const blobName = await upload('GetContractPDFContainerSAS', bytes, 'application/pdf', 'pdf');
      await expect(acceptUpload(product.services, 'contract-pdf', blobName)).rejects.toMatchObject({
        errorMessage: 'Tệp tải lên không phải tệp PDF hợp lệ.',
      });
      expect(await exists('contract-pdf', blobName)).toBe(false);
    }
  });

  it('a real PDF registration paper is accepted and its stored type becomes application/pdf', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const blobName = await upload('GetHMRegistrationDataContainerSAS', pdf, 'text/html', 'pdf');
    await acceptUpload(product.services, 'hm-registration', blobName);
    expect((await product.services.blobs.head('hm-registration', blobName, 8))?.contentType).toBe(
      'application/pdf',
    );
  });

  it('a file that was never uploaded is a 400 naming the problem', async () => {
    await expect(
      acceptUpload(product.services, 'lessee-infor', `${hoaSenID}/lessee-1700000000000-abcdef.png`),
    ).rejects.toMatchObject({ errorMessage: 'Không tìm thấy tệp đã tải lên. Vui lòng tải lại tệp.' });
  });
});

describe('nightly maintenance removes uploads nothing references after a day', () => {
  it('keeps fresh uploads and referenced photos; a day later removes the unreferenced ones', async () => {
    const referenced = await upload('GetRoomImageContainerSAS', makePng(), 'image/png');
    const added = await api.request('POST', `/odata/Room/${roomID}/Images`, {
      token,
      body: { blobName: referenced },
    });
    expect(added.status).toBe(200);
    const loosePhoto = await upload('GetRoomImageContainerSAS', makePng(), 'image/png');
    const loosePaper = await upload('GetHMRegistrationDataContainerSAS', makePng(), 'image/png');

    // Tonight: everything is younger than a day.
    expect((await api.request('POST', '/_dev/timers/nightlyMaintenance')).status).toBe(200);
    expect(await exists('room-images', loosePhoto)).toBe(true);
    expect(await exists('hm-registration', loosePaper)).toBe(true);

    // Tomorrow night: the unreferenced uploads go, the room's photo stays.
    const realNow = product.services.now;
    product.services.now = () => new Date(Date.now() + DAY_MS + 60_000);
    try {
      expect((await api.request('POST', '/_dev/timers/nightlyMaintenance')).status).toBe(200);
    } finally {
      product.services.now = realNow;
    }
    expect(await exists('room-images', loosePhoto)).toBe(false);
    expect(await exists('hm-registration', loosePaper)).toBe(false);
    expect(await exists('room-images', referenced)).toBe(true);
    expect((await readURL('room-images', referenced)).status).toBe(200);
  });
});
