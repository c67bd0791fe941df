import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
});
afterAll(async () => product?.stop());

describe('local product', () => {
  it('logs a landlord in and lists only their houses', async () => {
    const session = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
    expect(session.houses.map((house) => house.houseName).sort()).toEqual([
      'Nhà trọ Bình An',
      'Nhà trọ Hoa Sen',
    ]);
    const houses = await api.request<{ value: Array<{ houseName: string }> }>('GET', '/odata/House', {
      token: session.token.accessToken,
    });
    expect(houses.status).toBe(200);
    expect(houses.body.value).toHaveLength(2);
  });
});
