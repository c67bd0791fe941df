import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestProduct, type TestProduct, accessTokens } from '../support/product.js';
import type { ODataCollection, RoomReply } from './helpers.js';

/**
 * Lists that keep their serialized reply (rooms, lessees, contracts) until anything is written: a write
 * by anyone shows at once, each caller gets their own reply, and logging out still ends access.
 */
let product: TestProduct;
let api: ReturnType<typeof apiClient>;
let house = '';
const token: Record<string, string> = {};

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'nhanvien']);
  Object.assign(token, accessTokens(sessions));
  house =
    sessions.chunha?.houses.find((candidate) => candidate.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
});
afterAll(() => product?.stop());

async function roomNames(user: string): Promise<string[]> {
  const reply = await api.request<ODataCollection<RoomReply>>(
    'GET',
    `/odata/Room?houseID=${house}&$top=1000`,
    {
      token: token[user] as string,
    },
  );
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  return reply.body.value.map((room) => room.roomName);
}

describe('kept list replies', () => {
  it('show a write at once, to the writer and to others, and stay per caller', async () => {
    const before = await roomNames('chunha');
    expect(await roomNames('chunha')).toEqual(before);
    expect(await roomNames('nhanvien')).toEqual(before);
    const created = await api.request('POST', '/odata/Room', {
      token: token.chunha as string,
      body: {
        houseID: house,
        roomName: 'Phòng mới KV',
        acreage: 15,
        price: 1_500_000,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await roomNames('nhanvien')).toContain('Phòng mới KV');
    expect(await roomNames('chunha')).toContain('Phòng mới KV');
  });

  it('do not outlive the session: after logout the same request is 401', async () => {
    await roomNames('nhanvien');
    const out = await api.request('POST', '/api/User/Logout', { token: token.nhanvien as string, body: {} });
    expect(out.status).toBe(200);
    const after = await api.request('GET', `/odata/Room?houseID=${house}&$top=1000`, {
      token: token.nhanvien as string,
    });
    expect(after.status).toBe(401);
  });
});
