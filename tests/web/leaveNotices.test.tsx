// Notices of leaving on the screens (issue 27; web/src/features/leaveNotices): the tenant's 'Báo trả phòng'
// on their home, the landlord's card on the dashboard, and a room that reads 'Sắp trống'. The whole journey
// in Chromium is tests/e2e/leaveNotices.test.ts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOUSE, renderApp, signIn, toasts } from './support/app';
import { typeDate } from './support/dates';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

const ROOM = {
  roomID: 'room-1',
  houseID: HOUSE.houseID,
  roomName: 'P101',
  floor: 1,
  acreage: 20,
  price: 2_500_000,
  status: 'occupied',
  currentElectricityIndex: 100,
  currentWaterIndex: 10,
  images: [],
  createdOn: '2026-01-01T00:00:00Z',
};
const CONTRACT = {
  contractID: 'contract-1',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  status: 1,
  createdOn: '2026-01-01T00:00:00Z',
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  rentFee: 2_500_000,
  deposit: 2_500_000,
  representativeLesseeID: 'lessee-1',
};
const NOTICE = {
  leaveNoticeID: 'notice-1',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  roomName: 'P101',
  contractID: 'contract-1',
  leaveDate: '2099-01-15',
  status: 'open',
  noticeDays: 15,
  createdBy: 'user-lessee',
  createdByName: 'Nguyễn Văn An',
  createdOn: '2026-11-20T08:00:00Z',
};

/** dd/mm/yyyy of today in Vietnam + `days`. */
function vietnamDayAfter(days: number): string {
  const day = new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return day.split('-').reverse().join('/');
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api
    .on('GET', '/odata/House', collection([{ ...HOUSE, noticeDays: 15, rooms: [ROOM] }]))
    .on('GET', '/odata/Contract', collection([CONTRACT]))
    .on('GET', '/odata/Notification', collection([]))
    .on('GET', '/odata/OneTimeCharge', collection([]))
    .on('GET', '/odata/Bill', collection([]))
    .on('GET', '/api/LeaveNotice', collection([]));
});

describe('the tenant’s “Báo trả phòng”', () => {
  it("states the house's notice and the earliest day, and asks for a day before sending anything", async () => {
    signIn('lessee');
    renderApp('/dashboard');
    const card = await screen.findByTestId('tenant-leave-notice', {}, { timeout: 12_000 });
    const rule = await within(card).findByTestId('leave-notice-rule');
    expect(rule.textContent).toBe(
      `Nhà trọ yêu cầu báo trước 15 ngày. Ngày sớm nhất bạn có thể trả phòng: ${vietnamDayAfter(15)}.`,
    );
    fireEvent.click(within(card).getByTestId('leave-notice-send'));
    await within(card).findByText('Vui lòng chọn ngày trả phòng.');
    expect(api.sent('POST', '/api/LeaveNotice')).toEqual([]);
  });

  it("sends the day typed, and shows the server's refusal under the field", async () => {
    const refusal = 'Nhà trọ yêu cầu báo trước 15 ngày: ngày trả phòng sớm nhất là 05/12/2098.';
    api.on('POST', '/api/LeaveNotice', {
      status: 400,
      body: [{ field: 'leaveDate', errorMessage: refusal }],
    });
    signIn('lessee');
    renderApp('/dashboard');
    const card = await screen.findByTestId('tenant-leave-notice', {}, { timeout: 12_000 });
    await within(card).findByTestId('leave-notice-send');
    await typeDate('Ngày dự định trả phòng', '15012099');
    fireEvent.change(within(card).getByTestId('leave-notice-note'), { target: { value: 'Về quê' } });
    fireEvent.click(within(card).getByTestId('leave-notice-send'));
    await within(card).findByText(refusal);
    expect(api.sent('POST', '/api/LeaveNotice').map((request) => request.body)).toEqual([
      { leaveDate: '2099-01-15', note: 'Về quê' },
    ]);
    expect(toasts('error')).toEqual([]);
  });

  it('shows the notice given and withdraws it while the landlord has not acknowledged it', async () => {
    let live = [NOTICE];
    api
      .on('GET', '/api/LeaveNotice', () => collection(live))
      .on('POST', '/api/LeaveNotice/notice-1/Withdraw', () => {
        live = [];
        return {
          body: {
            status: true,
            data: { ...NOTICE, status: 'withdrawn' },
            message: 'Đã rút lại báo trả phòng.',
          },
        };
      });
    signIn('lessee');
    renderApp('/dashboard');
    const given = await screen.findByTestId('leave-notice-given', {}, { timeout: 12_000 });
    expect(within(given).getByTestId('leave-notice-date').textContent).toBe('15/01/2099');
    expect(within(given).getByTestId('leave-notice-status').textContent).toBe('Chờ chủ trọ xác nhận');
    fireEvent.click(within(given).getByTestId('leave-notice-withdraw'));
    await screen.findByTestId('leave-notice-send');
    expect(toasts('success')).toContain('Đã rút lại báo trả phòng.');
  });

  it('offers no withdrawing once acknowledged', async () => {
    api.on('GET', '/api/LeaveNotice', collection([{ ...NOTICE, status: 'acknowledged' }]));
    signIn('lessee');
    renderApp('/dashboard');
    const given = await screen.findByTestId('leave-notice-given', {}, { timeout: 12_000 });
    expect(within(given).getByTestId('leave-notice-status').textContent).toBe('Chủ trọ đã xác nhận');
    expect(within(given).queryByTestId('leave-notice-withdraw')).toBeNull();
  });
});

describe('the landlord’s dashboard', () => {
  beforeEach(() => {
    api
      .on('GET', /.*/, { status: 404, body: {} })
      .on(
        'GET',
        '/odata/House',
        collection([{ ...HOUSE, noticeDays: 15, rooms: [{ ...ROOM, leavingOn: '2099-01-15' }] }]),
      )
      .on('GET', '/odata/House/h1', {
        body: { ...HOUSE, noticeDays: 15, rooms: [{ ...ROOM, leavingOn: '2099-01-15' }] },
      })
      .on('GET', '/api/LeaveNotice', collection([NOTICE]));
  });

  it('lists the notice with “Xác nhận”, acknowledges it, and the room reads “Sắp trống”', async () => {
    let status = 'open';
    api
      .on('GET', '/api/LeaveNotice', () => collection([{ ...NOTICE, status }]))
      .on('POST', '/api/LeaveNotice/notice-1/Acknowledge', () => {
        status = 'acknowledged';
        return { body: { status: true, data: { ...NOTICE, status }, message: 'Đã xác nhận báo trả phòng.' } };
      });
    signIn('landlord');
    renderApp('/dashboard');
    const row = await screen.findByTestId('leave-notice-P101', {}, { timeout: 12_000 });
    expect(row.textContent).toContain('Phòng P101 · trả phòng ngày 15/01/2099');
    expect(row.textContent).toContain('Nguyễn Văn An');
    await screen.findByText('Sắp trống từ 15/01/2099');
    fireEvent.click(within(row).getByTestId('leave-notice-acknowledge'));
    await waitFor(() => expect(within(row).queryByTestId('leave-notice-acknowledge')).toBeNull());
    expect(row.textContent).toContain('Chủ trọ đã xác nhận');
    expect(api.sent('POST', '/api/LeaveNotice/notice-1/Acknowledge')).toHaveLength(1);
    expect((screen.getByTestId('house-notice-days') as HTMLInputElement).value).toBe('15');
  });

  it('staff see the notices but not the notice period setting', async () => {
    signIn('staff');
    renderApp('/dashboard');
    await screen.findByTestId('leave-notice-P101', {}, { timeout: 12_000 });
    expect(screen.queryByTestId('house-notice-days')).toBeNull();
  });
});
