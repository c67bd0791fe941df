import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  startTestProduct,
  type ApiReply,
  type TestProduct,
  accessTokens,
} from '../support/product.js';
import { expectError, expectFieldError, MSG as SHARED_MSG, type FeeReply } from './helpers.js';

/** Service fees of a house: the metered pair (Điện kWh, Nước m3) is fixed; others are free to change. */

type Service = FeeReply;

const MSG = {
  ...SHARED_MSG,
  unit: 'Đơn vị tính không hợp lệ.',
  priceNegative: 'Giá dịch vụ không được âm.',
  nameRequired: 'Tên dịch vụ không được để trống!',
  deleteMetered: 'Không thể xóa dịch vụ điện hoặc nước: mỗi nhà trọ luôn cần hai dịch vụ này.',
  changeMeteredUnit: 'Không thể đổi đơn vị tính của dịch vụ điện hoặc nước.',
};

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let binhAn = '';
let goVap = '';

async function listServices(houseID: string, user = 'chunha'): Promise<Service[]> {
  const reply = await api.request<{ value: Service[] }>('GET', `/odata/Service?houseID=${houseID}`, {
    token: token[user] as string,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value;
}

async function serviceNamed(houseID: string, name: string): Promise<Service> {
  const found = (await listServices(houseID)).find((service) => service.serviceName === name);
  expect(found, name).toBeDefined();
  return found as Service;
}

async function createService(body: Record<string, unknown>, user = 'chunha'): Promise<ApiReply<Service>> {
  return api.request<Service>('POST', '/odata/Service', { token: token[user] as string, body });
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const chunha = sessions.chunha;
  const chunha2 = sessions.chunha2;
  hoaSen = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = chunha?.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  goVap = chunha2?.houses[0]?.houseID ?? '';
  expect(hoaSen && binhAn && goVap).toBeTruthy();
});
afterAll(async () => product?.stop());

describe('GET /odata/Service', () => {
  it('lists the five seeded services of a house', async () => {
    const services = await listServices(hoaSen);
    expect(services).toHaveLength(5);
    expect(
      services
        .map((service) => [service.serviceName, service.unit, service.price])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'vi')),
    ).toEqual(
      [
        ['Điện', 'kWh', 3_500],
        ['Nước', 'm3', 18_000],
        ['Internet', 'room', 100_000],
        ['Rác', 'person', 20_000],
        ['Gửi xe máy', 'vehicle', 100_000],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'vi')),
    );
    for (const service of services) {
      expect(service.houseID).toBe(hoaSen);
      expect(service).not.toHaveProperty('pk');
      expect(service).not.toHaveProperty('type');
    }
  });

  it('staff of the house and its lessee may read; another landlord gets 404', async () => {
    expect(await listServices(hoaSen, 'nhanvien')).toHaveLength(5);
    const lessee = await api.request<{ value: Service[] }>('GET', '/odata/Service', {
      token: token.nguoithue as string,
    });
    expect(lessee.status).toBe(200);
    expect(lessee.body.value).toHaveLength(5);
    expect(lessee.body.value.every((service) => service.houseID === hoaSen)).toBe(true);
    const staffOther = await api.request('GET', `/odata/Service?houseID=${binhAn}`, {
      token: token.nhanvien as string,
    });
    expectError(staffOther, 404, MSG.notFound);
    const foreign = await api.request('GET', `/odata/Service?houseID=${hoaSen}`, {
      token: token.chunha2 as string,
    });
    expectError(foreign, 404, MSG.notFound);
  });
});

describe('POST /odata/Service', () => {
  it('creates a service for each non-metered unit (201)', async () => {
    const units = ['person', 'room', 'vehicle'] as const;
    for (const unit of units) {
      const reply = await createService({ houseID: binhAn, serviceName: `Phí ${unit}`, price: 15_000, unit });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toMatchObject({ houseID: binhAn, serviceName: `Phí ${unit}`, price: 15_000, unit });
      expect(reply.body.serviceID).toBeTruthy();
    }
    const names = (await listServices(binhAn)).map((service) => service.serviceName);
    expect(names).toHaveLength(8);
    expect(names).toEqual(expect.arrayContaining(['Phí person', 'Phí room', 'Phí vehicle']));
  });

  it('refuses an unknown unit (400) and writes nothing', async () => {
    const reply = await createService({ houseID: hoaSen, serviceName: 'Giặt ủi', price: 50_000, unit: 'kg' });
    expectFieldError(reply, 'unit', MSG.unit);
    const missing = await createService({ houseID: hoaSen, serviceName: 'Giặt ủi', price: 50_000 });
    expectFieldError(missing, 'unit', MSG.unit);
    expect((await listServices(hoaSen)).map((service) => service.serviceName)).not.toContain('Giặt ủi');
  });

  it('refuses a negative price or a blank name (400) and writes nothing', async () => {
    const negative = await createService({
      houseID: hoaSen,
      serviceName: 'Thang máy',
      price: -1,
      unit: 'person',
    });
    expectFieldError(negative, 'price', MSG.priceNegative);
    const blank = await createService({ houseID: hoaSen, serviceName: '  ', price: 1, unit: 'person' });
    expectFieldError(blank, 'serviceName', MSG.nameRequired);
    expect(await listServices(hoaSen)).toHaveLength(5);
  });

  it('refuses a second kWh or m3 service (409) and writes nothing', async () => {
    const kwh = await createService({ houseID: hoaSen, serviceName: 'Điện 2', price: 4_000, unit: 'kWh' });
    expectError(kwh, 409, /^Nhà trọ đã có dịch vụ tính theo số điện/);
    const m3 = await createService({ houseID: hoaSen, serviceName: 'Nước 2', price: 20_000, unit: 'm3' });
    expectError(m3, 409, /^Nhà trọ đã có dịch vụ tính theo số nước/);
    const services = await listServices(hoaSen);
    expect(services).toHaveLength(5);
    expect(services.filter((service) => service.unit === 'kWh')).toHaveLength(1);
    expect(services.filter((service) => service.unit === 'm3')).toHaveLength(1);
  });

  it('staff (housePermission 1) and lessees get 403; another landlord gets 404; nothing is written', async () => {
    const body = { houseID: hoaSen, serviceName: 'Bảo vệ', price: 30_000, unit: 'room' };
    expectError(await createService(body, 'nhanvien'), 403, MSG.forbidden);
    expectError(await createService(body, 'nguoithue'), 403, MSG.forbidden);
    expectError(await createService(body, 'chunha2'), 404, MSG.notFound);
    expect((await listServices(hoaSen)).map((service) => service.serviceName)).not.toContain('Bảo vệ');
  });
});

describe('PATCH /odata/Service', () => {
  it('updates with serviceID in the body (spec form)', async () => {
    const internet = await serviceNamed(hoaSen, 'Internet');
    const reply = await api.request<Service>('PATCH', '/odata/Service', {
      token: token.chunha as string,
      body: { serviceID: internet.serviceID, price: 120_000 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ serviceID: internet.serviceID, price: 120_000, unit: 'room' });
    expect((await serviceNamed(hoaSen, 'Internet')).price).toBe(120_000);
  });

  it('updates with /odata/Service/{id}, also the price and name of Điện', async () => {
    const rac = await serviceNamed(hoaSen, 'Rác');
    const reply = await api.request<Service>('PATCH', `/odata/Service/${rac.serviceID}`, {
      token: token.chunha as string,
      body: { serviceName: 'Rác sinh hoạt', unit: 'room' },
    });
    expect(reply.status).toBe(200);
    expect(await serviceNamed(hoaSen, 'Rác sinh hoạt')).toMatchObject({ unit: 'room', price: 20_000 });
    const dien = await serviceNamed(hoaSen, 'Điện');
    const price = await api.request<Service>('PATCH', `/odata/Service/${dien.serviceID}`, {
      token: token.chunha as string,
      body: { price: 3_800, unit: 'kWh' },
    });
    expect(price.status).toBe(200);
    expect(await serviceNamed(hoaSen, 'Điện')).toMatchObject({ price: 3_800, unit: 'kWh' });
  });

  it('refuses changing the unit of Điện or Nước (409) and leaves them unchanged', async () => {
    const dien = await serviceNamed(hoaSen, 'Điện');
    const reply = await api.request('PATCH', `/odata/Service/${dien.serviceID}`, {
      token: token.chunha as string,
      body: { unit: 'room', price: 1 },
    });
    expectError(reply, 409, MSG.changeMeteredUnit);
    const nuoc = await serviceNamed(hoaSen, 'Nước');
    const water = await api.request('PATCH', '/odata/Service', {
      token: token.chunha as string,
      body: { serviceID: nuoc.serviceID, unit: 'person' },
    });
    expectError(water, 409, MSG.changeMeteredUnit);
    expect(await serviceNamed(hoaSen, 'Điện')).toMatchObject({ unit: 'kWh', price: dien.price });
    expect(await serviceNamed(hoaSen, 'Nước')).toMatchObject({ unit: 'm3', price: nuoc.price });
  });

  it('refuses turning another service into a second kWh service (409)', async () => {
    const internet = await serviceNamed(hoaSen, 'Internet');
    const reply = await api.request('PATCH', `/odata/Service/${internet.serviceID}`, {
      token: token.chunha as string,
      body: { unit: 'kWh' },
    });
    expectError(reply, 409, /^Nhà trọ đã có dịch vụ tính theo số điện/);
    expect((await serviceNamed(hoaSen, 'Internet')).unit).toBe('room');
  });

  it('refuses invalid values (400) and a stale If-Match (412)', async () => {
    const internet = await serviceNamed(hoaSen, 'Internet');
    const bad = await api.request('PATCH', `/odata/Service/${internet.serviceID}`, {
      token: token.chunha as string,
      body: { price: -5, unit: 'month' },
    });
    expectFieldError(bad, 'price', MSG.priceNegative);
    expectFieldError(bad, 'unit', MSG.unit);
    const fresh = await api.request<Service>('PATCH', `/odata/Service/${internet.serviceID}`, {
      token: token.chunha as string,
      body: { price: 125_000 },
    });
    expect(fresh.status).toBe(200);
    const stale = await api.request('PATCH', `/odata/Service/${internet.serviceID}`, {
      token: token.chunha as string,
      headers: { 'if-match': internet['@odata.etag'] as string },
      body: { price: 1 },
    });
    expectError(stale, 412, MSG.stale);
    expect((await serviceNamed(hoaSen, 'Internet')).price).toBe(125_000);
  });

  it('staff get 403, another landlord 404, and nothing changes', async () => {
    const internet = await serviceNamed(hoaSen, 'Internet');
    const staff = await api.request('PATCH', `/odata/Service/${internet.serviceID}`, {
      token: token.nhanvien as string,
      body: { price: 1 },
    });
    expectError(staff, 403, MSG.forbidden);
    const foreign = await api.request('PATCH', '/odata/Service', {
      token: token.chunha2 as string,
      body: { serviceID: internet.serviceID, price: 2 },
    });
    expectError(foreign, 404, MSG.notFound);
    const foreignById = await api.request('PATCH', `/odata/Service/${internet.serviceID}`, {
      token: token.chunha2 as string,
      body: { price: 3 },
    });
    expectError(foreignById, 404, MSG.notFound);
    expect((await serviceNamed(hoaSen, 'Internet')).price).toBe(internet.price);
  });
});

describe('DELETE /odata/Service/{id}', () => {
  it('refuses deleting Điện or Nước (409) and they remain', async () => {
    for (const name of ['Điện', 'Nước']) {
      const service = await serviceNamed(hoaSen, name);
      const reply = await api.request('DELETE', `/odata/Service/${service.serviceID}`, {
        token: token.chunha as string,
      });
      expectError(reply, 409, MSG.deleteMetered);
    }
    const names = (await listServices(hoaSen)).map((service) => service.serviceName);
    expect(names).toEqual(expect.arrayContaining(['Điện', 'Nước']));
  });

  it('staff get 403 and another landlord 404; the service remains', async () => {
    const xe = await serviceNamed(hoaSen, 'Gửi xe máy');
    expectError(
      await api.request('DELETE', `/odata/Service/${xe.serviceID}`, { token: token.nhanvien as string }),
      403,
      MSG.forbidden,
    );
    expectError(
      await api.request('DELETE', `/odata/Service/${xe.serviceID}`, { token: token.chunha2 as string }),
      404,
      MSG.notFound,
    );
    expect((await listServices(hoaSen)).map((service) => service.serviceName)).toContain('Gửi xe máy');
  });

  it('deletes a normal service (204) and it is gone', async () => {
    const xe = await serviceNamed(hoaSen, 'Gửi xe máy');
    const reply = await api.request('DELETE', `/odata/Service/${xe.serviceID}`, {
      token: token.chunha as string,
    });
    expect(reply.status).toBe(204);
    const names = (await listServices(hoaSen)).map((service) => service.serviceName);
    expect(names).not.toContain('Gửi xe máy');
    expect(names).toHaveLength(4);
    const again = await api.request('DELETE', `/odata/Service/${xe.serviceID}`, {
      token: token.chunha as string,
    });
    expectError(again, 404, MSG.notFound);
  });

  it('chunha2 manages the fees of their own house', async () => {
    const created = await createService(
      { houseID: goVap, serviceName: 'Wifi', price: 80_000, unit: 'room' },
      'chunha2',
    );
    expect(created.status).toBe(201);
    const del = await api.request('DELETE', `/odata/Service/${created.body.serviceID}`, {
      token: token.chunha2 as string,
    });
    expect(del.status).toBe(204);
    expect((await listServices(goVap, 'chunha2')).map((service) => service.serviceName)).not.toContain(
      'Wifi',
    );
  });
});
