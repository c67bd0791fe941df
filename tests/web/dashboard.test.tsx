// The dashboard's first screens (web/src/app/routes/DashboardPage.tsx, app/houseChooser): room cards that
// open their room, the house chosen for whoever has one, the super admin's landing page with its
// actions, and a new landlord told what their account still lacks.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLES } from '@nhatro/common';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, HOUSE, renderApp, signIn } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

const ROOM = {
  roomID: 'room-1',
  houseID: HOUSE.houseID,
  roomName: 'P101',
  floor: 1,
  acreage: 20,
  price: 2_500_000,
  status: 2,
  currentElectricityIndex: 100,
  currentWaterIndex: 10,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api
    .on('GET', /.*/, { status: 404, body: {} })
    .on('GET', '/odata/House', collection([{ ...HOUSE, rooms: [ROOM], lessorInfo: { status: 1 } }]))
    .on('GET', '/odata/House/h1', { body: { ...HOUSE, rooms: [ROOM] } })
    .on('GET', '/odata/HouseTicket', collection([]))
    .on('GET', '/odata/Notification', collection([]));
});

describe('the dashboard’s room cards', () => {
  it('are links (reachable by keyboard) that open the room', async () => {
    signIn('landlord');
    renderApp('/dashboard');
    const card = await screen.findByTestId('room-card-room-1', {}, { timeout: 12_000 });
    const link = within(card).getByRole('link');
    expect(link.getAttribute('href')).toBe('/rooms/room-1');
    expect(link.textContent).toContain('P101');
    fireEvent.click(link);
    // The navigation is a transition: the path changes once the room page's lazy chunk has loaded.
    await waitFor(() => expect(currentPath()).toBe('/rooms/room-1'), { timeout: 12_000 });
  });

  it('are no link for staff without room rights', async () => {
    signIn('staff', { role: { ...DEFAULT_ROLES[3], roomPermission: 0 } });
    renderApp('/dashboard');
    const card = await screen.findByTestId('room-card-room-1', {}, { timeout: 12_000 });
    expect(within(card).queryByRole('link')).toBeNull();
  });
});

describe('the super admin’s landing page', () => {
  const PAID = {
    registrationID: 'reg-1',
    fullName: 'Đỗ Quốc Khánh',
    phoneNumber: '0912345678',
    email: 'khanh@example.com',
    houseName: 'Nhà trọ Bình An',
    houseAddress: '5 Lê Lợi',
    roomQuota: 10,
    papers: [],
    fee: 1_000_000,
    termMonths: 12,
    emailVerified: true,
    phoneVerified: true,
    status: 'paid',
    createdOn: '2026-11-20T03:00:00Z',
  };

  it('has its own title, and each registration opens with its actions', async () => {
    api
      .on('GET', '/odata/HMRegistration', collection([PAID]))
      .on('PATCH', '/odata/HMRegistration/reg-1', { body: { ...PAID, status: 'approved' } });
    signIn('superAdmin');
    renderApp('/dashboard');
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 12_000 });
    expect(heading.textContent).toBe('Tổng quan quản trị');
    expect(document.title).toBe('Tổng quan quản trị — Nhà trọ');
    expect(screen.getByTestId('registrations-approval-link').getAttribute('href')).toBe(
      '/adminLessorRegister',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Xem đăng ký của Đỗ Quốc Khánh' }));
    fireEvent.click(await screen.findByTestId('registration-approve'));
    fireEvent.click(await screen.findByRole('button', { name: 'Duyệt' }));
    await waitFor(() => expect(api.sent('PATCH', '/odata/HMRegistration/reg-1')).toHaveLength(1));
    expect(api.sent('PATCH', '/odata/HMRegistration/reg-1')[0]?.body).toEqual({ status: 'approved' });
  });
});

describe('a new landlord’s first modal', () => {
  it('names the fields still missing, as the server counts them', async () => {
    const OTHER = { houseID: 'h2', houseName: 'Nhà trọ Bình An', houseAddress: '5 Lê Lợi' };
    api
      .on(
        'GET',
        '/odata/House',
        collection([
          { ...HOUSE, lessorInfo: { status: 2 } },
          { ...OTHER, lessorInfo: { status: 2 } },
        ]),
      )
      .on('GET', '/odata/LessorInfor', {
        body: {
          status: 2,
          fullName: 'Trần Văn Mới',
          phoneNumber: '0987654321',
          address: '1 Hai Bà Trưng',
          missingFields: ['citizenID', 'bankName', 'bankAccountNumber'],
          imageURLs: [],
        },
      });
    signIn('landlord', { houseID: null });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Danh sách nhà trọ' }, { timeout: 12_000 });
    fireEvent.click(within(list).getByRole('button', { name: /Nhà trọ Hoa Sen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Thông tin tài khoản chưa đầy đủ' });
    const missing = await within(dialog).findByTestId('incomplete-account-missing');
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Số CCCD', 'Ngân hàng', 'Số tài khoản']);
  });
});

describe('choosing the house', () => {
  it.each(['landlord', 'staff'] as const)('a %s with one house goes straight to it', async (role) => {
    signIn(role, { houseID: null });
    renderApp('/dashboard');
    await screen.findByTestId('room-card-room-1', {}, { timeout: 12_000 });
    expect(localStorage.getItem('houseID')).toBe(HOUSE.houseID);
    expect(screen.queryByRole('list', { name: 'Danh sách nhà trọ' })).toBeNull();
  });

  it('one with two houses still chooses', async () => {
    const OTHER = { houseID: 'h2', houseName: 'Nhà trọ Bình An', houseAddress: '5 Lê Lợi' };
    api.on(
      'GET',
      '/odata/House',
      collection([
        { ...HOUSE, lessorInfo: { status: 1 } },
        { ...OTHER, lessorInfo: { status: 1 } },
      ]),
    );
    signIn('landlord', { houseID: null });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Danh sách nhà trọ' }, { timeout: 12_000 });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(localStorage.getItem('houseID')).toBeNull();
  });
});
