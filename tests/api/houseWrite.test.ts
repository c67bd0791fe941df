import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestProduct, type ApiReply, type TestProduct } from '../support/product.js';
import {
  expectError,
  expectFieldError,
  MSG as SHARED_MSG,
  type FeeReply,
  type HouseReply,
} from './helpers.js';

/** Creating and changing houses: only landlords create; a new house starts with Điện and Nước. */

type House = HouseReply & { services?: FeeReply[]; rooms?: unknown[] };

const MSG = {
  ...SHARED_MSG,
  nameRequired: 'Tên nhà trọ không được để trống!',
  addressRequired: 'Địa chỉ không được để trống!',
  houseIDInvalid: 'Mã nhà trọ không hợp lệ.',
  roundingInvalid: 'Cách làm tròn chỉ được là không làm tròn, 500 ₫ hoặc 1.000 ₫.',
};

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
const userID: Record<string, string> = {};
let hoaSen = '';

async function housesOf(user: string): Promise<House[]> {
  const reply = await api.request<{ value: House[] }>('GET', '/odata/House', {
    token: token[user] as string,
  });
  expect(reply.status).toBe(200);
  return reply.body.value;
}

async function readHouse(houseID: string, user = 'chunha', query = ''): Promise<ApiReply<House>> {
  return api.request<House>('GET', `/odata/House/${houseID}${query}`, { token: token[user] as string });
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  for (const [username, session] of Object.entries(sessions)) {
    token[username] = session.token.accessToken;
    userID[username] = session.userID;
  }
  hoaSen = sessions.chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  expect(hoaSen).toBeTruthy();
});
afterAll(async () => product?.stop());

describe('POST /odata/House', () => {
  let created: House;

  it('a landlord creates a house (201) that starts with exactly Điện (kWh) and Nước (m3)', async () => {
    const reply = await api.request<House>('POST', '/odata/House', {
      token: token.chunha as string,
      body: { houseName: '  Nhà trọ Phú Mỹ  ', houseAddress: '9 Huỳnh Tấn Phát, Q. 7, TP. Hồ Chí Minh' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    created = reply.body;
    expect(created).toMatchObject({
      houseName: 'Nhà trọ Phú Mỹ',
      houseAddress: '9 Huỳnh Tấn Phát, Q. 7, TP. Hồ Chí Minh',
    });
    expect(created.houseID).toMatch(/^[A-Za-z0-9_-]{6,64}$/);
    expect(created).not.toHaveProperty('ownerID');
    expect(created).not.toHaveProperty('staffIDs');
    expect(created).not.toHaveProperty('pk');

    const expanded = await readHouse(created.houseID, 'chunha', '?$expand=services,rooms');
    expect(expanded.status).toBe(200);
    expect(expanded.body.rooms).toEqual([]);
    const services = expanded.body.services ?? [];
    expect(services).toHaveLength(2);
    expect(services.map((service) => [service.serviceName, service.unit]).sort()).toEqual(
      [
        ['Nước', 'm3'],
        ['Điện', 'kWh'],
      ].sort(),
    );
    for (const service of services) {
      expect(service.houseID).toBe(created.houseID);
      expect(service.price).toBeGreaterThanOrEqual(0);
    }
    const list = await api.request<{ value: unknown[] }>('GET', `/odata/Service?houseID=${created.houseID}`, {
      token: token.chunha as string,
    });
    expect(list.body.value).toHaveLength(2);
  });

  it('the new house is listed for its landlord only', async () => {
    expect((await housesOf('chunha')).map((house) => house.houseName)).toContain('Nhà trọ Phú Mỹ');
    expect((await housesOf('chunha2')).map((house) => house.houseName)).not.toContain('Nhà trọ Phú Mỹ');
    expectError(await readHouse(created.houseID, 'chunha2'), 404, MSG.notFound);
    expectError(await readHouse(created.houseID, 'nhanvien'), 404, MSG.notFound);
  });

  it('refuses ownerID, staffIDs and houseID sent by the client (400 naming each), creating nothing', async () => {
    const reply = await api.request<House>('POST', '/odata/House', {
      token: token.chunha as string,
      body: {
        houseName: 'Nhà trọ Thử Quyền',
        houseAddress: '3 Pasteur, Q. 3',
        ownerID: userID.chunha2,
        staffIDs: [userID.nhanvien],
        houseID: 'chosen-by-client',
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([
      { field: 'ownerID', errorMessage: 'Trường "ownerID" không tồn tại.' },
      { field: 'staffIDs', errorMessage: 'Trường "staffIDs" không tồn tại.' },
      { field: 'houseID', errorMessage: 'Trường "houseID" không tồn tại.' },
    ]);
    const names = (await housesOf('chunha')).map((house) => house.houseName);
    expect(names).not.toContain('Nhà trọ Thử Quyền');
  });

  it('the caller owns the house they create; a PATCH naming ownerID or staffIDs is refused and changes nothing', async () => {
    const reply = await api.request<House>('POST', '/odata/House', {
      token: token.chunha as string,
      body: { houseName: 'Nhà trọ Thử Quyền', houseAddress: '3 Pasteur, Q. 3' },
    });
    expect(reply.status).toBe(201);
    expect((await readHouse(reply.body.houseID)).status).toBe(200);
    expectError(await readHouse(reply.body.houseID, 'chunha2'), 404, MSG.notFound);
    expectError(await readHouse(reply.body.houseID, 'nhanvien'), 404, MSG.notFound);
    const patch = await api.request<House>('PATCH', `/odata/House/${reply.body.houseID}`, {
      token: token.chunha as string,
      body: { ownerID: userID.chunha2, staffIDs: [userID.nhanvien], houseName: 'Nhà trọ Thử Quyền 2' },
    });
    expect(patch.status).toBe(400);
    expectError(await readHouse(reply.body.houseID, 'chunha2'), 404, MSG.notFound);
    expectError(await readHouse(reply.body.houseID, 'nhanvien'), 404, MSG.notFound);
    expect((await readHouse(reply.body.houseID)).body.houseName).toBe('Nhà trọ Thử Quyền');
  });

  it('staff and lessees get 403 and no house is created', async () => {
    const houses = product.services.store.container('houses');
    const countHouses = () => houses.count({ filter: { op: 'eq', field: 'type', value: 'house' } });
    const before = await countHouses();
    for (const user of ['nhanvien', 'nguoithue']) {
      const reply = await api.request('POST', '/odata/House', {
        token: token[user] as string,
        body: { houseName: `Nhà của ${user}`, houseAddress: '1 Lê Lợi' },
      });
      expectError(reply, 403, MSG.forbidden);
    }
    const names = (await housesOf('chunha')).map((house) => house.houseName);
    expect(names.some((name) => name.startsWith('Nhà của'))).toBe(false);
    expect(await countHouses()).toBe(before);
  });

  it('refuses an empty or blank name (400) and a missing address, and writes nothing', async () => {
    const before = await housesOf('chunha');
    const empty = await api.request('POST', '/odata/House', {
      token: token.chunha as string,
      body: { houseName: '', houseAddress: '1 Lê Lợi' },
    });
    expectFieldError(empty, 'houseName', MSG.nameRequired);
    const blank = await api.request('POST', '/odata/House', {
      token: token.chunha as string,
      body: { houseName: '   ', houseAddress: '1 Lê Lợi' },
    });
    expectFieldError(blank, 'houseName', MSG.nameRequired);
    const missing = await api.request('POST', '/odata/House', {
      token: token.chunha as string,
      body: { houseAddress: '1 Lê Lợi' },
    });
    expectFieldError(missing, 'houseName', MSG.nameRequired);
    const noAddress = await api.request('POST', '/odata/House', {
      token: token.chunha as string,
      body: { houseName: 'Nhà không địa chỉ' },
    });
    expectFieldError(noAddress, 'houseAddress', MSG.addressRequired);
    expect(await housesOf('chunha')).toHaveLength(before.length);
  });
});

describe('PATCH /odata/House', () => {
  it('PATCH /odata/House/{id} renames a house and reads back', async () => {
    const reply = await api.request<House>('PATCH', `/odata/House/${hoaSen}`, {
      token: token.chunha as string,
      body: { houseName: 'Nhà trọ Hoa Sen 2' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ houseID: hoaSen, houseName: 'Nhà trọ Hoa Sen 2' });
    expect(reply.body.houseAddress).toContain('Võ Văn Ngân');
    expect((await readHouse(hoaSen)).body.houseName).toBe('Nhà trọ Hoa Sen 2');
  });

  it('PATCH /odata/House with houseID in the body (spec form) changes the address', async () => {
    const reply = await api.request<House>('PATCH', '/odata/House', {
      token: token.chunha as string,
      body: { houseID: hoaSen, houseAddress: '14 Võ Văn Ngân, TP. Thủ Đức' },
    });
    expect(reply.status).toBe(200);
    expect((await readHouse(hoaSen)).body).toMatchObject({
      houseName: 'Nhà trọ Hoa Sen 2',
      houseAddress: '14 Võ Văn Ngân, TP. Thủ Đức',
    });
  });

  it('refuses a blank name (400), a missing houseID (400) and a stale If-Match (412)', async () => {
    const blank = await api.request('PATCH', `/odata/House/${hoaSen}`, {
      token: token.chunha as string,
      body: { houseName: ' ' },
    });
    expectFieldError(blank, 'houseName', MSG.nameRequired);
    const noID = await api.request('PATCH', '/odata/House', {
      token: token.chunha as string,
      body: { houseName: 'Không mã' },
    });
    expectError(noID, 400, MSG.houseIDInvalid);
    // GET /odata/House/{id} carries no '@odata.etag'; the PATCH reply does.
    const first = await api.request<House>('PATCH', `/odata/House/${hoaSen}`, {
      token: token.chunha as string,
      body: { houseName: 'Nhà trọ Hoa Sen 2' },
    });
    const etag = first.body['@odata.etag'] as string;
    expect(etag).toBeTruthy();
    const fresh = await api.request<House>('PATCH', `/odata/House/${hoaSen}`, {
      token: token.chunha as string,
      headers: { 'if-match': etag },
      body: { houseName: 'Nhà trọ Hoa Sen 3' },
    });
    expect(fresh.status).toBe(200);
    const again = await api.request('PATCH', `/odata/House/${hoaSen}`, {
      token: token.chunha as string,
      headers: { 'if-match': etag },
      body: { houseName: 'Nhà trọ Hoa Sen 4' },
    });
    expectError(again, 412, MSG.stale);
    expect((await readHouse(hoaSen)).body.houseName).toBe('Nhà trọ Hoa Sen 3');
  });

  it("sets how the house's bill totals are rounded; a step other than 0, 500 or 1.000 is a 400 that changes nothing", async () => {
    const set = await api.request<House>('PATCH', `/odata/House/${hoaSen}`, {
      token: token.chunha as string,
      body: { billRounding: 500 },
    });
    expect(set.status).toBe(200);
    expect((await readHouse(hoaSen)).body).toMatchObject({ billRounding: 500 });
    for (const billRounding of [100, '1000', -500, 1000.5]) {
      const refused = await api.request('PATCH', `/odata/House/${hoaSen}`, {
        token: token.chunha as string,
        body: { billRounding },
      });
      expectFieldError(refused, 'billRounding', MSG.roundingInvalid);
    }
    expect((await readHouse(hoaSen)).body).toMatchObject({ billRounding: 500 });
    const back = await api.request<House>('PATCH', `/odata/House/${hoaSen}`, {
      token: token.chunha as string,
      body: { billRounding: 1000 },
    });
    expect(back.body).toMatchObject({ billRounding: 1000 });
  });

  it('another landlord (chunha2) gets 404 in both forms and the house is unchanged', async () => {
    const before = (await readHouse(hoaSen)).body;
    const byId = await api.request('PATCH', `/odata/House/${hoaSen}`, {
      token: token.chunha2 as string,
      body: { houseName: 'Chiếm nhà' },
    });
    expectError(byId, 404, MSG.notFound);
    const byBody = await api.request('PATCH', '/odata/House', {
      token: token.chunha2 as string,
      body: { houseID: hoaSen, houseAddress: 'Địa chỉ giả' },
    });
    expectError(byBody, 404, MSG.notFound);
    expect((await readHouse(hoaSen)).body).toEqual(before);
  });

  it('staff (housePermission 1) and the lessee get 403 and the house is unchanged', async () => {
    const before = (await readHouse(hoaSen)).body;
    for (const user of ['nhanvien', 'nguoithue']) {
      const reply = await api.request('PATCH', `/odata/House/${hoaSen}`, {
        token: token[user] as string,
        body: { houseName: `Sửa bởi ${user}` },
      });
      expectError(reply, 403, MSG.forbidden);
    }
    expect((await readHouse(hoaSen)).body).toEqual(before);
  });
});
