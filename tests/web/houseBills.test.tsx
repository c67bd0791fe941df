// The month's bills of a house (/monthlyBills, web/src/features/monthlyBills/HouseBillsPage.tsx): the
// filters in the URL, the totals, the row actions by role, and the dashboard's and draft page's links
// there. The journey (issue, remind, cash, paid) is tests/e2e/collecting.test.ts.
import type { HouseMonthBillRow, HouseMonthBills } from '@nhatro/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HouseBillsPage } from '../../web/src/features/monthlyBills/HouseBillsPage';
import { reminderSummary } from '../../web/src/features/monthlyBills/useBillCollecting';
import { HOUSE, currentPath, renderApp, renderPage, signIn, toasts } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

function row(
  overrides: Partial<HouseMonthBillRow> & Pick<HouseMonthBillRow, 'monthlyBillID' | 'roomName'>,
): HouseMonthBillRow {
  return {
    billName: `Hóa đơn tháng 11/2026 – ${overrides.roomName}`,
    billCode: 'HD0001',
    roomID: `room-${overrides.roomName}`,
    contractID: `contract-${overrides.roomName}`,
    tenantName: 'Lê Minh Tuấn',
    canRemind: true,
    total: 2_620_000,
    paidAmount: 0,
    owed: 2_620_000,
    dueDate: '2026-11-25',
    status: 1,
    overdue: false,
    carriedIn: 0,
    '@odata.etag': '"e1"',
    ...overrides,
  };
}

const ROWS = [
  row({
    monthlyBillID: 'bill-101',
    roomName: 'P101',
    total: 5_240_000,
    owed: 5_240_000,
    carriedIn: 2_620_000,
  }),
  row({
    monthlyBillID: 'bill-102',
    roomName: 'P102',
    tenantName: 'Phạm Thu Hà',
    paidAmount: 1_000_000,
    owed: 1_620_000,
    status: 2,
    overdue: true,
    dueDate: '2026-11-15',
  }),
  row({ monthlyBillID: 'bill-103', roomName: 'P103', paidAmount: 2_620_000, owed: 0, status: 3 }),
];

function month(status: string, value = ROWS): HouseMonthBills {
  return {
    houseID: HOUSE.houseID,
    month: '2026-11',
    today: '2026-11-20',
    months: ['2026-11', '2026-10'],
    totals: {
      billed: 10_480_000,
      collected: 3_620_000,
      owed: 6_860_000,
      carriedIn: 2_620_000,
      carriedOut: 0,
      counts: { all: 3, owed: 2, unpaid: 1, partlyPaid: 1, overdue: 1, paid: 1, carriedOver: 0 },
    },
    count: value.length,
    value: status === 'overdue' ? value.filter((item) => item.overdue) : value,
  };
}

/** Text with the money's no-break spaces as plain ones. */
function text(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/gu, ' ');
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/api/MonthlyBill/HouseMonth', (request) => ({
    body: month(request.url.searchParams.get('status') ?? 'all'),
  }));
});

function open(path = '/monthlyBills') {
  return renderPage(<HouseBillsPage />, path, '/monthlyBills');
}

describe('the month’s bills', () => {
  it('asks the store for the filter in the URL and shows the totals, counts and rows', async () => {
    signIn('landlord');
    open('/monthlyBills?month=2026-11&status=overdue');
    await screen.findByTestId('house-bill-row-bill-102');
    const [request] = api.sent('GET', '/api/MonthlyBill/HouseMonth');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      houseID: 'h1',
      month: '2026-11',
      status: 'overdue',
      top: '50',
      skip: '0',
    });
    expect(screen.queryByTestId('house-bill-row-bill-101')).toBeNull();
    expect(text(screen.getByTestId('house-bills-owed'))).toContain('6.860.000 ₫');
    expect(text(screen.getByTestId('house-bills-owed'))).toContain('2 hóa đơn · 1 quá hạn');
    expect(text(screen.getByTestId('house-bills-carried'))).toContain('2.620.000 ₫ nợ cũ');
    expect(screen.getByTestId('house-bills-filter-overdue').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('house-bills-filter-unpaid').textContent).toBe('Chưa thanh toán (1)');
    expect(screen.queryByTestId('house-bills-filter-carriedOver')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hóa đơn tháng 11/2026');
  });

  it('a filter chip sets the status in the URL and asks again', async () => {
    signIn('landlord');
    open('/monthlyBills');
    await screen.findByTestId('house-bill-row-bill-101');
    expect(text(screen.getByTestId('house-bill-row-bill-101'))).toContain('gồm nợ cũ 2.620.000 ₫');
    fireEvent.click(screen.getByTestId('house-bills-filter-owed'));
    await waitFor(() => expect(currentPath()).toBe('/monthlyBills?status=owed'));
    await waitFor(() =>
      expect(api.sent('GET', '/api/MonthlyBill/HouseMonth').at(-1)?.url.searchParams.get('status')).toBe(
        'owed',
      ),
    );
  });

  it('reminds one row, says what happened, and offers remind / cash / link only where owed and allowed', async () => {
    signIn('landlord');
    api.on('POST', '/api/MonthlyBill/Remind', {
      body: { queued: 1, recentlyReminded: 0, withoutContact: 0, notOwed: 0 },
    });
    open();
    const owedRow = await screen.findByTestId('house-bill-row-bill-102');
    const paidRow = screen.getByTestId('house-bill-row-bill-103');
    expect(within(paidRow).queryByLabelText('Nhắc thanh toán')).toBeNull();
    expect(within(paidRow).queryByLabelText('Thu tiền mặt')).toBeNull();
    expect(within(paidRow).getByLabelText('Mở hóa đơn').getAttribute('href')).toBe('/bill/bill-103');
    fireEvent.click(within(owedRow).getByLabelText('Nhắc thanh toán'));
    await waitFor(() => expect(toasts('success')).toContain('Đã gửi nhắc thanh toán tới 1 phòng.'));
    expect(api.sent('POST', '/api/MonthlyBill/Remind').map((request) => request.body)).toEqual([
      { houseID: 'h1', monthlyBillIDs: ['bill-102'] },
    ]);
  });

  it('reminds every row still owed after asking, once', async () => {
    signIn('landlord');
    api.on('POST', '/api/MonthlyBill/Remind', {
      body: { queued: 1, recentlyReminded: 1, withoutContact: 0, notOwed: 0 },
    });
    open();
    fireEvent.click(await screen.findByTestId('house-bills-remind-all'));
    const dialog = await screen.findByTestId('house-bills-remind-all-dialog');
    expect(dialog.textContent).toContain('2 phòng còn nợ tháng 11/2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gửi nhắc nhở' }));
    await waitFor(() =>
      expect(toasts('success')).toContain(
        'Đã gửi nhắc thanh toán tới 1 phòng. 1 phòng vừa được nhắc trong 10 phút qua nên không gửi lại.',
      ),
    );
    expect(api.sent('POST', '/api/MonthlyBill/Remind').map((request) => request.body)).toEqual([
      { houseID: 'h1', month: '2026-11' },
    ]);
  });

  it('records cash with the row’s ETag and reloads the month', async () => {
    signIn('landlord');
    api.on('PATCH', '/odata/MonthlyBill/bill-102', { body: {} });
    open();
    const owedRow = await screen.findByTestId('house-bill-row-bill-102');
    fireEvent.click(within(owedRow).getByLabelText('Thu tiền mặt'));
    const amount = await screen.findByTestId('cash-amount');
    expect((amount as HTMLInputElement).value).toBe('1.620.000');
    const before = api.sent('GET', '/api/MonthlyBill/HouseMonth').length;
    fireEvent.click(screen.getByTestId('cash-submit'));
    await waitFor(() => expect(api.sent('PATCH', '/odata/MonthlyBill/bill-102')).toHaveLength(1));
    const [patch] = api.sent('PATCH', '/odata/MonthlyBill/bill-102');
    expect(patch?.body).toEqual({ payment: { amount: 1_620_000 } });
    expect(patch?.headers.get('If-Match')).toBe('"e1"');
    await waitFor(() =>
      expect(api.sent('GET', '/api/MonthlyBill/HouseMonth').length).toBeGreaterThan(before),
    );
  });

  it('staff with billing level 3 remind, collect cash and share links (BILLING_LEVELS)', async () => {
    signIn('staff');
    open();
    const owedRow = await screen.findByTestId('house-bill-row-bill-102');
    expect(within(owedRow).getByLabelText('Nhắc thanh toán')).toBeTruthy();
    expect(within(owedRow).getByLabelText('Thu tiền mặt')).toBeTruthy();
    expect(within(owedRow).getByLabelText('Sao chép liên kết hóa đơn')).toBeTruthy();
  });

  it('copies a row’s guest link', async () => {
    signIn('landlord');
    api.on('POST', '/odata/MonthlyBill/bill-101/GuestLink', {
      body: { url: '/guestMonthlyBill/bill-101?t=abc', expiresOn: '2026-11-27T03:00:00Z' },
    });
    open();
    const first = await screen.findByTestId('house-bill-row-bill-101');
    fireEvent.click(within(first).getByLabelText('Sao chép liên kết hóa đơn'));
    const dialog = await screen.findByTestId('house-bills-share-dialog');
    expect((within(dialog).getByTestId('bill-share-url') as HTMLInputElement).value).toBe(
      'http://localhost:3000/guestMonthlyBill/bill-101?t=abc'.replace(
        'http://localhost:3000',
        window.location.origin,
      ),
    );
  });

  it('says what a reminder request skipped', () => {
    expect(reminderSummary({ queued: 0, recentlyReminded: 0, withoutContact: 2, notOwed: 1 })).toEqual({
      text: '2 phòng chưa có số điện thoại hay email của người thuê. 1 hóa đơn không còn nợ.',
      sentAny: false,
    });
  });
});

describe('the ways to the month’s bills', () => {
  it('is in the landlord’s and billing staff’s menu, never the tenant’s; tenants get the 404 page', async () => {
    api.on('GET', /.*/, { status: 404, body: {} });
    signIn('landlord');
    const view = renderApp('/monthlyBills');
    const menu = await screen.findByRole('navigation', { name: 'Điều hướng chính' });
    expect(within(menu).getByRole('link', { name: 'Hóa đơn' }).getAttribute('href')).toBe('/monthlyBills');
    view.unmount();
    signIn('staff', { role: { ...(await import('./support/app')).ROLES.staff, billingPermission: 0 } });
    const staffView = renderApp('/rooms');
    const staffMenu = await screen.findByRole('navigation', { name: 'Điều hướng chính' });
    expect(within(staffMenu).queryByRole('link', { name: 'Hóa đơn' })).toBeNull();
    staffView.unmount();
    signIn('lessee');
    renderApp('/monthlyBills');
    await screen.findByTestId('not-found');
  });
});
