import type { LesseeInfo, Vehicle } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestProduct, type TestProduct, accessTokens } from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection } from './helpers.js';

/** Occupants and vehicles through the real handlers: the spec's routes, refusals and the tenant's view. */

type LesseeReply = LesseeInfo & { '@odata.etag'?: string; vehicles?: Vehicle[] };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let hoaSen = '';
let contractID = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  hoaSen = sessions.nguoithue?.houseID as string;
  contractID = sessions.nguoithue?.contractID as string;
});
afterAll(() => product?.stop());

function get<T>(path: string, user = 'chunha') {
  return api.request<T>('GET', path, { token: token[user] as string });
}

describe('/odata/Lessee and /odata/LesseeInfor', () => {
  it('lists a house’s occupants and finds them without accents', async () => {
    const all = await get<ODataCollection<LesseeReply>>(`/odata/Lessee?houseID=${hoaSen}`);
    expect(all.status).toBe(200);
    expect(all.body.value.map((lessee) => lessee.occupantName)).toContain('Lê Minh Tuấn');
    const found = await get<ODataCollection<LesseeReply>>(
      `/odata/Lessee?houseID=${hoaSen}&search=le%20minh%20tuan`,
    );
    expect(found.body.value).toHaveLength(1);
    expect(found.body.value[0]).not.toHaveProperty('searchText');
  });

  it('adds an occupant (201), edits them, refuses bad input in Vietnamese, then deletes them', async () => {
    const created = await api.request<LesseeReply>('POST', '/odata/LesseeInfor', {
      token: token.chunha as string,
      body: { contractID, occupantName: 'Trần Thị Hoa', gender: 'nữ', phoneNumber: '0912345678' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ occupantName: 'Trần Thị Hoa', gender: 0, isRepresentative: false });
    const id = created.body.lesseeInfoID;

    expectFieldError(
      await api.request('PATCH', `/odata/LesseeInfor/${id}`, {
        token: token.chunha as string,
        body: { citizenID: '123' },
      }),
      'citizenID',
      'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).',
    );
    const edited = await api.request<LesseeReply>('PATCH', '/odata/LesseeInfor', {
      token: token.nhanvien as string,
      body: { lesseeInfoID: id, citizenID: '079303001122' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.citizenID).toBe('079303001122');

    expectError(
      await api.request('DELETE', `/odata/LesseeInfor/${id}`, { token: token.nhanvien as string }),
      403,
      MSG.forbidden,
    );
    expect(
      (await api.request('DELETE', `/odata/LesseeInfor/${id}`, { token: token.chunha as string })).status,
    ).toBe(204);
    expectError(await get(`/odata/Lessee/${id}`), 404, MSG.notFound);
  });

  it('refuses to delete the representative (409)', async () => {
    const people = await get<ODataCollection<LesseeReply>>(
      `/odata/Lessee?contractID=${contractID}&houseID=${hoaSen}`,
    );
    const representative = people.body.value.find((lessee) => lessee.isRepresentative);
    expectError(
      await api.request('DELETE', `/odata/LesseeInfor/${representative?.lesseeInfoID}`, {
        token: token.chunha as string,
      }),
      409,
      'Không thể xóa người đại diện của hợp đồng. Hãy chọn người đại diện khác trước khi xóa.',
    );
  });

  it('another landlord gets 404, anonymous 401; the tenant reads their own contract’s occupants with vehicles', async () => {
    expectError(await get(`/odata/Lessee?houseID=${hoaSen}`, 'chunha2'), 404, MSG.notFound);
    expect((await api.request('GET', `/odata/Lessee?houseID=${hoaSen}`)).status).toBe(401);
    const mine = await get<ODataCollection<LesseeReply>>('/odata/Lessee', 'nguoithue');
    expect(mine.status).toBe(200);
    expect(mine.body.value.every((lessee) => lessee.contractID === contractID)).toBe(true);
    const me = mine.body.value.find((lessee) => lessee.isRepresentative) as LesseeReply;
    const withVehicles = await get<LesseeReply>(
      `/odata/Lessee/${me.lesseeInfoID}?$expand=vehicles`,
      'nguoithue',
    );
    expect(withVehicles.body.vehicles?.map((vehicle) => vehicle.licensePlate)).toEqual(['59-X3 123.45']);
    expectError(
      await api.request('POST', '/odata/LesseeInfor', {
        token: token.nguoithue as string,
        body: { contractID, occupantName: 'Bạn cùng phòng', gender: 1 },
      }),
      403,
      MSG.forbidden,
    );
  });
});

describe('/odata/Vehicle', () => {
  it('adds a vehicle to a contract, refuses a duplicate plate, edits and deletes it', async () => {
    const created = await api.request<Vehicle>('POST', `/odata/Vehicle/${contractID}`, {
      token: token.chunha as string,
      body: { vehicleType: 'Xe máy', licensePlate: '59-T1 456.78' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectError(
      await api.request('POST', `/odata/Vehicle/${contractID}`, {
        token: token.chunha as string,
        body: { vehicleType: 'Xe máy', licensePlate: '59T145678' },
      }),
      409,
      'Biển số 59T145678 đã được đăng ký trong nhà trọ này.',
    );
    expectFieldError(
      await api.request('POST', `/odata/Vehicle/${contractID}`, {
        token: token.chunha as string,
        body: { vehicleType: 'Xe máy', licensePlate: 'không biết' },
      }),
      'licensePlate',
      'Biển số xe không đúng định dạng (ví dụ 59-X3 123.45 hoặc 51F-123.45).',
    );
    const listed = await get<ODataCollection<Vehicle>>(
      `/odata/Vehicle?contractID=${contractID}`,
      'nguoithue',
    );
    expect(listed.body.value.map((vehicle) => vehicle.licensePlate)).toEqual([
      '59-T1 456.78',
      '59-X3 123.45',
    ]);
    const patched = await api.request<Vehicle>('PATCH', `/odata/Vehicle/${created.body.vehicleID}`, {
      token: token.chunha as string,
      body: { vehicleType: 'Xe điện' },
    });
    expect(patched.body.vehicleType).toBe('Xe điện');
    expectError(
      await api.request('DELETE', `/odata/Vehicle/${created.body.vehicleID}`, {
        token: token.chunha2 as string,
      }),
      404,
      MSG.notFound,
    );
    expect(
      (
        await api.request('DELETE', `/odata/Vehicle/${created.body.vehicleID}`, {
          token: token.chunha as string,
        })
      ).status,
    ).toBe(204);
  });
});
