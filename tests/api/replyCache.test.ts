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

async function roomPage(user: string, query = '') {
  const reply = await fetch(`${product.url}/odata/Room?houseID=${house}&$top=1000${encodeURI(query)}`, {
    headers: { authorization: `Bearer ${token[user] as string}` },
  });
  const text = await reply.text();
  expect(reply.status, text).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as ODataCollection<RoomReply>;
  return {
    text,
    names: body.value.map((room) => room.roomName),
    hit: reply.headers.get('x-reply-cache') === 'hit',
  };
}

async function roomNames(user: string): Promise<string[]> {
  return (await roomPage(user)).names;
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

  it("are kept from a URL's second request, answered from its third, and never across callers or a write", async () => {
    const stamp = Date.now();
    const query = `&$filter=roomName ne 'giữ ${stamp}'`;
    const first = await roomPage('chunha', query);
    const second = await roomPage('chunha', query);
    const third = await roomPage('chunha', query);
    expect([first.hit, second.hit, third.hit]).toEqual([false, false, true]);
    // The kept reply is the same bytes as the work's.
    expect(third.text).toBe(first.text);
    expect(third.names.length).toBeGreaterThan(0);
    // Another caller's first and second requests of the same URL are their own work.
    expect((await roomPage('nhanvien', query)).hit).toBe(false);
    expect((await roomPage('nhanvien', query)).hit).toBe(false);
    expect((await roomPage('nhanvien', query)).hit).toBe(true);
    // A URL that changes on every request is never answered from the cache.
    for (let n = 0; n < 3; n += 1)
      expect((await roomPage('chunha', `&$filter=roomName ne 'giữ ${stamp} ${n}'`)).hit).toBe(false);
    const renamed = await api.request<ODataCollection<RoomReply>>(
      'GET',
      `/odata/Room?houseID=${house}&$top=1`,
      {
        token: token.chunha as string,
      },
    );
    const room = renamed.body.value[0] as RoomReply & { roomID: string };
    const patched = await api.request('PATCH', `/odata/Room/${room.roomID}`, {
      token: token.chunha as string,
      body: { roomName: `${room.roomName} (giữ)` },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const afterWrite = await roomPage('chunha', query);
    expect(afterWrite.hit).toBe(false);
    expect(afterWrite.names).toContain(`${room.roomName} (giữ)`);
    expect((await roomPage('chunha', query)).hit).toBe(true);
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
