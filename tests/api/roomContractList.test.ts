import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';
import type { RoomDoc } from '../../api/src/domain/shared/model.js';

/**
 * A room lists the contracts signed on it (`contractIDs`) only for the store: no reply shows it, no
 * query can name it, no write can set it.
 */
let product: TestProduct;
let api: ReturnType<typeof apiClient>;
let token = '';
let houseID = '';
let roomID = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const tenant = await api.login('nguoithue', DEMO_PASSWORDS.nguoithue ?? '');
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha ?? '');
  token = landlord.token.accessToken;
  houseID = tenant.houseID ?? '';
  roomID = tenant.roomID ?? '';
}, 120_000);

afterAll(async () => product?.stop());

describe('the contracts a room lists', () => {
  it('are stored for the tenant’s room and never shown', async () => {
    const stored = await product.services.store.container<RoomDoc>('houses').read(houseID, roomID);
    expect(stored?.contractIDs?.length).toBe(1);
    for (const path of [
      `/odata/Room/${roomID}`,
      `/odata/Room?houseID=${houseID}`,
      `/odata/House/${houseID}?$expand=rooms`,
      `/odata/Contract?HouseID=${houseID}&$expand=room`,
    ]) {
      const reply = await api.request('GET', path, { token });
      expect(reply.status, path).toBe(200);
      expect(JSON.stringify(reply.body), path).not.toContain('contractIDs');
    }
  });

  it('cannot be selected, filtered, ordered or written', async () => {
    for (const query of [
      '$select=contractIDs',
      `$filter=${encodeURIComponent("contractIDs/any(c: c eq 'x')")}`,
      '$orderby=contractIDs',
    ]) {
      const reply = await api.request('GET', `/odata/Room?houseID=${houseID}&${query}`, { token });
      expect(reply.status, query).toBe(400);
    }
    const patched = await api.request('PATCH', `/odata/Room/${roomID}`, {
      token,
      body: { contractIDs: ['someone-else'] },
    });
    expect(patched.status).toBe(400);
    const stored = await product.services.store.container<RoomDoc>('houses').read(houseID, roomID);
    expect(stored?.contractIDs).not.toContain('someone-else');
  });
});
