import { BILL_DISPUTE_MESSAGES, type BillDispute } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMonthlyBill } from '../support/billBuilders.js';
import { makePng } from '../support/png.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { expectFieldError, type SasReply } from './helpers.js';

/**
 * A photo with a question about a bill line (issue 27): the demo tenant attaches a photo they uploaded to
 * their own house; another house's photo, or one another object already holds, is refused; the landlord
 * sees the question with its photo and the tenant may read it back.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let monthlyBillID = '';
let houseID = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const tenancy = tenancyOf(sessions.nguoithue);
  houseID = tenancy.houseID;
  monthlyBillID = (await aMonthlyBill(product.services, tenancy, { month: '2026-10' })).monthlyBillID;
});
afterAll(() => product?.stop());

function call<T>(method: string, path: string, body?: unknown, user = 'chunha') {
  return api.request<T>(method, path, {
    token: token[user] as string,
    ...(body === undefined ? {} : { body }),
  });
}

async function upload(house: string, user: string): Promise<string> {
  const sas = await call<SasReply>(
    'GET',
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${house}&extension=png`,
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

describe('a photo with a question about a bill line', () => {
  it('must be the tenant’s own upload to their house, held by nothing else', async () => {
    const otherHouse = (
      await call<{ value: Array<{ houseID: string }> }>('GET', '/odata/House', undefined, 'chunha2')
    ).body.value[0]?.houseID as string;
    const foreign = await upload(otherHouse, 'chunha2');
    expectFieldError(
      await call(
        'POST',
        '/api/BillDispute',
        { monthlyBillID, lineIndex: 0, reason: 'Sai', image: foreign },
        'nguoithue',
      ),
      'image',
      BILL_DISPUTE_MESSAGES.badImage,
    );
    const photo = await upload(houseID, 'nguoithue');
    const asked = await call<{ data: BillDispute }>(
      'POST',
      '/api/BillDispute',
      { monthlyBillID, lineIndex: 0, reason: 'Đồng hồ ghi sai', image: photo },
      'nguoithue',
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.image).toBe(photo);
    expectFieldError(
      await call(
        'POST',
        '/api/BillDispute',
        { monthlyBillID, lineIndex: 1, reason: 'Sai', image: photo },
        'nguoithue',
      ),
      'image',
      BILL_DISPUTE_MESSAGES.badImage,
    );
    const readURL = `/api/BlobAccess/GetReadURL?container=room-images&blobName=${encodeURIComponent(photo)}`;
    expect((await call('GET', readURL, undefined, 'nguoithue')).status).toBe(200);
    expect((await call('GET', readURL, undefined, 'chunha')).status).toBe(200);
    expect((await call('GET', readURL, undefined, 'chunha2')).status).toBe(404);
  });
});
