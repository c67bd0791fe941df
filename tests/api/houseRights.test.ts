/**
 * Rights to a house read from the caller's own account (a landlord's `ownedHouseIDs`, a staff member's
 * `assignedHouseIDs`, a tenant's `houseID`) instead of the house on every request: attacked here from every
 * side. A new house answers on the landlord's next request; another landlord, staff of another house and a
 * tenant of another house meet 404 (or 403 where their role is refused first) on every list and object the
 * first load of a page asks for; a disabled staff member is refused on their next request.
 */
import type { AddedStaff } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestProduct, type TestProduct } from '../support/product.js';
import { expectError, MSG, type ApiSession } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const s: Record<'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue', ApiSession> = {} as never;
let hoaSen = '';
let binhAn = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  Object.assign(s, await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']));
  hoaSen = s.chunha.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  binhAn = s.chunha.houses.find((house) => house.houseName === 'Nhà trọ Bình An')?.houseID ?? '';
  expect(s.nguoithue.houseID).toBe(hoaSen);
});
afterAll(() => product?.stop());

const get = (session: ApiSession | string, path: string) =>
  api.request('GET', path, {
    token: typeof session === 'string' ? session : session.token.accessToken,
  });

/** What the first load of each house page asks for. */
function housePages(houseID: string): Record<string, string> {
  const month = new Date().toISOString().slice(0, 7);
  return {
    rooms: `/odata/Room?houseID=${houseID}&$top=50&$count=true`,
    lessees: `/odata/Lessee?houseID=${houseID}&$top=50&$count=true`,
    contracts: `/odata/Contract?HouseID=${houseID}&$top=50&$count=true&$expand=room,renterRepresentative`,
    meters: `/odata/MeterRecord?houseId=${houseID}&month=${month}&$top=100`,
    dashboard: `/odata/DashboardReport?houseID=${houseID}`,
    bills: `/api/MonthlyBill/HouseMonth?houseID=${houseID}&status=all&top=50&skip=0`,
  };
}

/** Each page of the house as `session` sees it: name → status. */
async function statuses(session: ApiSession | string, houseID: string): Promise<Record<string, number>> {
  const pages = Object.entries(housePages(houseID));
  const replies = await Promise.all(pages.map(([, path]) => get(session, path)));
  return Object.fromEntries(pages.map(([name], index) => [name, replies[index]?.status ?? 0]));
}

describe('house rights from the account', () => {
  it('a landlord’s new house answers on their next request, and to no other landlord, staff or tenant', async () => {
    const created = await api.request<{ houseID: string }>('POST', '/odata/House', {
      token: s.chunha2.token.accessToken,
      body: { houseName: 'Nhà trọ Quyền Mới', houseAddress: '5 Lê Lợi, Q. 1, TP. Hồ Chí Minh' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { houseID } = created.body;
    expect(Object.values(await statuses(s.chunha2, houseID)).every((status) => status === 200)).toBe(true);
    for (const outsider of [s.chunha, s.nhanvien]) {
      expect(await statuses(outsider, houseID)).toEqual({
        rooms: 404,
        lessees: 404,
        contracts: 404,
        meters: 404,
        dashboard: 404,
        bills: 404,
      });
    }
    for (const [page, status] of Object.entries(await statuses(s.nguoithue, houseID))) {
      expect([403, 404], page).toContain(status);
    }
  });

  it('every page of another landlord’s house is 404, for the pages’ own landlord 200', async () => {
    expect(await statuses(s.chunha2, hoaSen)).toEqual({
      rooms: 404,
      lessees: 404,
      contracts: 404,
      meters: 404,
      dashboard: 404,
      bills: 404,
    });
    expect(Object.values(await statuses(s.chunha, hoaSen)).every((status) => status === 200)).toBe(true);
  });

  it('staff reach only their assigned house; a tenant only their own, never the landlord’s report', async () => {
    expect(Object.values(await statuses(s.nhanvien, hoaSen)).every((status) => status === 200)).toBe(true);
    expect(await statuses(s.nhanvien, binhAn)).toMatchObject({ rooms: 404, contracts: 404, dashboard: 404 });
    expect(await statuses(s.nguoithue, binhAn)).toMatchObject({ rooms: 404, contracts: 404, lessees: 404 });
    expect((await statuses(s.nguoithue, hoaSen)).dashboard).toBe(403);
  });

  it('one room and one contract by id: 404 to another landlord, to staff of another house, to another tenant’s eyes', async () => {
    const { roomID, contractID } = s.nguoithue;
    for (const path of [`/odata/Room/${roomID}`, `/odata/Contract/${contractID}?$expand=room`]) {
      expect((await get(s.chunha, path)).status, path).toBe(200);
      expect((await get(s.nhanvien, path)).status, path).toBe(200);
      expect((await get(s.nguoithue, path)).status, path).toBe(200);
      expectError(await get(s.chunha2, path), 404, MSG.notFound);
    }
    // Another room of the tenant's own house: the tenant's account grants the house, not the room.
    const rooms = await api.request<{ value: Array<{ roomID: string }> }>(
      'GET',
      `/odata/Room?houseID=${hoaSen}&$top=5`,
      { token: s.chunha.token.accessToken },
    );
    const other = rooms.body.value.find((room) => room.roomID !== roomID);
    expect(other).toBeDefined();
    expectError(await get(s.nguoithue, `/odata/Room/${other?.roomID ?? ''}`), 404, MSG.notFound);
  });

  it('a staff member disabled by the landlord is refused on their very next request', async () => {
    const added = await api.request<{ data: AddedStaff }>('POST', '/api/Staff/AddStaff', {
      token: s.chunha.token.accessToken,
      body: {
        fullName: 'Đỗ Văn Quyền',
        phoneNumber: '0933111222',
        username: 'dovanquyen',
        houseIDs: [binhAn],
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const first = await api.login('dovanquyen', added.body.data.oneTimePassword);
    const changed = await api.request('POST', '/api/User/ChangePassword', {
      token: first.token.accessToken,
      body: { oldPassword: added.body.data.oneTimePassword, newPassword: 'QuyenGhiSo2026' },
    });
    expect(changed.status).toBe(200);
    const staff = await api.login('dovanquyen', 'QuyenGhiSo2026');
    expect(Object.values(await statuses(staff, binhAn)).every((status) => status === 200)).toBe(true);
    expect((await statuses(staff, hoaSen)).rooms).toBe(404);
    const disabled = await api.request(
      'DELETE',
      `/api/Staff/DisableStaffAccount?userID=${added.body.data.userID}`,
      { token: s.chunha.token.accessToken },
    );
    expect(disabled.status).toBe(200);
    expect(await statuses(staff, binhAn)).toEqual({
      rooms: 401,
      lessees: 401,
      contracts: 401,
      meters: 401,
      dashboard: 401,
      bills: 401,
    });
  });
});
