import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
});
afterAll(async () => product?.stop());

describe('GET /api/BlobAccess/GetHMRegistrationDataContainerSAS (public)', () => {
  it('gives one address 30 upload keys an hour, then 429 with a Vietnamese message and Retry-After', async () => {
    const path = '/api/BlobAccess/GetHMRegistrationDataContainerSAS?extension=pdf';
    for (let i = 0; i < 30; i += 1) {
      const reply = await api.request<{ status: boolean; blobName: string }>('GET', path);
      expect(reply.status).toBe(200);
      expect(reply.body.blobName).toMatch(/^reg-[A-Za-z0-9_-]+\/registration-\d{13}-[a-z0-9]{6}\.pdf$/);
    }
    const refused = await api.request<{ status: boolean; errorMessage: string }>('GET', path);
    expect(refused.status).toBe(429);
    expect(refused.body.errorMessage).toBe('Bạn đã tải lên quá nhiều tệp. Vui lòng thử lại sau ít phút.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);

    // An hour later the address may upload again.
    const realNow = product.services.now;
    product.services.now = () => new Date(realNow().getTime() + 61 * 60 * 1000);
    try {
      expect((await api.request('GET', path)).status).toBe(200);
    } finally {
      product.services.now = realNow;
    }
  });
});
