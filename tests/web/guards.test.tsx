// The guards of the signed-in pages (web/src/app/shell/GuardedShell.tsx, web/src/app/access.ts) with
// the app's real route table: who is sent where, and who gets the 404 page instead of a page.
// The whole journeys (login and coming back, choosing a house, every navigation item) are browser
// tests (tests/e2e/shell-navigation.test.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, canOpenRoute } from '../../web/src/app/access';
import { RETURN_PATH_KEY } from '../../web/src/lib/session';
import { fakeApi, type FakeApi } from './support/fakeApi';
import { ROLES, currentPath, renderApp, signIn } from './support/app';

const NOT_FOUND_TITLE = 'Không tìm thấy trang';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  // The pages behind a guard that does let the user in ask for their data; an empty answer will do.
  api.on('GET', /./, { body: { value: [] } });
});

/** The 404 content, and where its 'Về trang chủ' leads. */
async function expectNotFound(homePath: string): Promise<void> {
  const notFound = await screen.findByTestId('not-found');
  expect(within(notFound).getByTestId('not-found-title').textContent).toBe(NOT_FOUND_TITLE);
  expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe(NOT_FOUND_TITLE);
  expect(within(notFound).getByTestId('not-found-subtitle').textContent).toBe(
    'Trang bạn tìm không tồn tại hoặc đã được chuyển đi.',
  );
  expect(within(notFound).getByTestId('not-found-spec-text').textContent).toBe(
    "Oops! The page you're looking for does not exist.",
  );
  expect(within(notFound).getByRole('link', { name: 'Về trang chủ' }).getAttribute('href')).toBe(homePath);
}

function navLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Điều hướng chính' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => (link.textContent ?? '').trim());
}

describe('signed out', () => {
  it('a guarded page sends the visitor to / and remembers the wanted path with its query', async () => {
    renderApp('/dashboard?tab=x');
    await screen.findByRole('heading', { level: 1, name: 'Quản lý nhà trọ gọn gàng, minh bạch' });
    expect(currentPath()).toBe('/');
    expect(window.sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/dashboard?tab=x');
    expect(api.requests).toEqual([]);
  });

  it('an unknown path is the 404 page outside the app frame, whose link leads home', async () => {
    renderApp('/khong-ton-tai');
    await expectNotFound('/');
    expect(currentPath()).toBe('/khong-ton-tai');
    expect(screen.queryByRole('navigation', { name: 'Điều hướng chính' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Về trang chủ' }));
    await screen.findByRole('heading', { level: 1, name: 'Quản lý nhà trọ gọn gàng, minh bạch' });
    expect(currentPath()).toBe('/');
  });
});

describe('signed in', () => {
  it('the super admin gets the 404 content, inside the app frame, on house pages', async () => {
    for (const path of ['/rooms', '/lessees', '/contracts']) {
      signIn('superAdmin');
      const view = renderApp(path);
      await expectNotFound('/dashboard');
      expect(navLabels()).toContain('Danh sách đăng ký chủ trọ');
      expect(currentPath()).toBe(path);
      view.unmount();
    }
  });

  it('a lessee gets the 404 content on contract pages and unknown paths, with their two items', async () => {
    for (const path of ['/contracts', '/contracts/abc', '/khong-ton-tai']) {
      signIn('lessee');
      const view = renderApp(path);
      await expectNotFound('/dashboard');
      expect(navLabels()).toEqual([
        'Tổng quan',
        'Hóa đơn',
        'Báo sự cố',
        'Phòng của tôi',
        'Hợp đồng của tôi',
        'Dữ liệu cá nhân',
      ]);
      expect(currentPath()).toBe(path);
      view.unmount();
    }
    signIn('lessee');
    renderApp('/contracts');
    await screen.findByTestId('not-found');
    fireEvent.click(screen.getByRole('link', { name: 'Về trang chủ' }));
    await screen.findByRole('heading', { level: 1, name: 'Tổng quan' });
    expect(currentPath()).toBe('/dashboard');
  });

  it('staff (housePermission 1) get the 404 content on the service fees, and have no link to them', async () => {
    for (const path of ['/settingAdmin', '/settingAdmin/metered']) {
      signIn('staff');
      const view = renderApp(path);
      await expectNotFound('/dashboard');
      expect(navLabels()).toContain('Quản lý phòng');
      expect(navLabels()).not.toContain('Phí dịch vụ tòa nhà');
      expect(screen.queryByRole('table', { name: 'Phí dịch vụ' })).toBeNull();
      view.unmount();
    }
    expect(api.sent('GET', '/odata/Service')).toEqual([]);
    // Staff still open the rooms (room level 3: they may add one).
    signIn('staff');
    renderApp('/rooms');
    await screen.findByRole('button', { name: 'Thêm phòng' });
    expect(screen.queryByTestId('not-found')).toBeNull();
  });

  it('staff with billing rights have the month’s bills in their navigation; below level 3 they do not', async () => {
    signIn('staff');
    const view = renderApp('/rooms');
    await screen.findByTestId('room-create-button');
    expect(navLabels()).toContain('Lập hóa đơn tháng');
    view.unmount();
    signIn('staff', { role: { ...ROLES.staff, billingPermission: 2 } });
    const lower = renderApp('/rooms');
    await screen.findByTestId('room-create-button');
    expect(navLabels()).not.toContain('Lập hóa đơn tháng');
    lower.unmount();
    // Without any billing level, a room's bills are the 404 content and nothing is asked of the API.
    signIn('staff', { role: { ...ROLES.staff, billingPermission: 0 } });
    renderApp('/monthlyBillCD/room-1');
    await expectNotFound('/dashboard');
    expect(api.sent('GET', '/odata/Bill')).toEqual([]);
  });

  it('a landlord whose details are incomplete is told to complete them, except on account settings', async () => {
    signIn('landlord', { isUserActive: false });
    renderApp('/rooms');
    const notice = await screen.findByTestId('incomplete-account-notice');
    expect(notice.textContent).toContain('Thông tin tài khoản chưa đầy đủ');
    expect(within(notice).getByRole('link', { name: 'Cài đặt tài khoản' }).getAttribute('href')).toBe(
      '/accountSetting',
    );
    expect(navLabels()).toEqual(['Cài đặt tài khoản']);
    expect(api.sent('GET', '/odata/Room')).toEqual([]);
  });

  it('a one-time password is replaced before any other page opens', async () => {
    signIn('lessee', { mustChangePassword: true });
    renderApp('/lesseeRoomDetail');
    await waitFor(() => expect(currentPath()).toBe('/newPassword'));
  });

  it('a landlord or staff member without a chosen house chooses one first, at the URL they opened', async () => {
    signIn('staff', { houseID: null });
    renderApp('/rooms');
    await screen.findByRole('heading', { level: 1, name: 'Chọn nhà trọ bạn muốn quản lý' });
    expect(currentPath()).toBe('/rooms');
    expect(screen.queryByRole('navigation', { name: 'Điều hướng chính' })).toBeNull();
  });

  it('signed out while on a guarded page (logout, expiry, another tab) goes to /login', async () => {
    signIn('lessee');
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Tổng quan' });
    window.localStorage.removeItem('accessToken');
    window.dispatchEvent(
      new StorageEvent('storage', { storageArea: window.localStorage, key: 'accessToken' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });
});

describe('the access rules (spec section 6)', () => {
  it('a permission level of 0 closes a page; some pages need higher levels', () => {
    const noRooms = { ...ROLES.staff, roomPermission: 0 };
    expect(canOpenRoute(ROUTE_ACCESS.rooms, ROLES.staff, '/rooms')).toBe(true);
    expect(canOpenRoute(ROUTE_ACCESS.rooms, noRooms, '/rooms')).toBe(false);
    // Creating a contract needs contractPermission 3 or 4; the meter round and issuing bills billing 3 or 4.
    expect(
      canOpenRoute(ROUTE_ACCESS.createContract, { ...ROLES.staff, contractPermission: 2 }, '/createContract'),
    ).toBe(false);
    expect(canOpenRoute(ROUTE_ACCESS.createContract, ROLES.staff, '/createContract')).toBe(true);
    expect(canOpenRoute(ROUTE_ACCESS.meterRecord, ROLES.staff, '/MeterRecord')).toBe(true);
    expect(canOpenRoute(ROUTE_ACCESS.billing, ROLES.staff, '/billDraft')).toBe(true);
    expect(canOpenRoute(ROUTE_ACCESS.billing, { ...ROLES.staff, billingPermission: 2 }, '/billDraft')).toBe(
      false,
    );
    expect(canOpenRoute(ROUTE_ACCESS.billing, ROLES.landlord, '/billDraft')).toBe(true);
    // A room's bills and charges (monthlyBillCD, oneTimeBillCD): landlords and staff with billing rights.
    {
      const access = ROUTE_ACCESS.roomBilling;
      expect(canOpenRoute(access, ROLES.staff, '/monthlyBillCD/p1')).toBe(true);
      expect(canOpenRoute(access, ROLES.landlord, '/oneTimeBillCD/p1')).toBe(true);
      expect(canOpenRoute(access, { ...ROLES.staff, billingPermission: 0 }, '/monthlyBillCD/p1')).toBe(false);
      expect(canOpenRoute(access, ROLES.lessee, '/oneTimeBillCD/p1')).toBe(false);
    }
    // Matching bank transfers: the landlord's own account.
    expect(canOpenRoute(ROUTE_ACCESS.bankTransfers, ROLES.staff, '/bankTransfers')).toBe(false);
  });

  it('roles see only their own pages', () => {
    expect(canOpenRoute(ROUTE_ACCESS.systemLog, ROLES.landlord, '/systemLog')).toBe(false);
    expect(canOpenRoute(ROUTE_ACCESS.systemLog, ROLES.superAdmin, '/systemLog')).toBe(true);
    expect(canOpenRoute(ROUTE_ACCESS.lesseePortal, ROLES.landlord, '/lesseeRoomDetail')).toBe(false);
    expect(canOpenRoute(ROUTE_ACCESS.staff, ROLES.staff, '/staffManage')).toBe(false);
    // Whatever rule a contract page names, a lessee never opens /contracts… (any letter case).
    expect(canOpenRoute(ROUTE_ACCESS.dashboard, ROLES.lessee, '/Contracts/abc')).toBe(false);
    expect(canOpenRoute(ROUTE_ACCESS.dashboard, ROLES.lessee, '/dashboard')).toBe(true);
  });
});
