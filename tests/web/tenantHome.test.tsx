// The tenant's home after login (/dashboard, role 4; web/src/app/routes/TenantHomePage.tsx): what is
// owed first ('Thanh toán', the QR code), then 'Báo sự cố' and the notices; and the landlord's ways to
// the month's bills from the dashboard and the draft page. The browser check is tests/e2e/collecting.test.ts.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOUSE, renderApp, signIn } from './support/app';
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

const BILL = {
  monthlyBillID: 'bill-11',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  contractID: 'contract-1',
  houseTicketID: 't-11',
  month: '2026-11',
  billName: 'Hóa đơn tháng 11/2026 – P101',
  billCode: 'HD1234',
  createdOn: '2026-11-05T03:00:00Z',
  dueDate: '2026-11-15',
  total: 2_620_000,
  paidAmount: 0,
  status: 1,
  billDetails: [],
  payments: [],
  transferQR: '00020101021238570010A000000727012700069704360113007100012345602080QRIBFTTA530370454072620000',
};

const CHARGE = {
  oneTimeChargeID: 'charge-1',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  contractID: 'contract-1',
  description: 'Thay ổ khóa',
  amount: 300_000,
  billCode: 'PP0001',
  createdOn: '2026-11-02T03:00:00Z',
  createdBy: 'user-landlord',
  dueDate: '2026-11-10',
  paidAmount: 0,
  status: 1,
  payments: [],
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  api
    .on('GET', '/odata/House', collection([{ ...HOUSE, rooms: [ROOM] }]))
    .on('GET', '/odata/Notification', collection([]))
    .on('GET', '/odata/OneTimeCharge', collection([CHARGE]))
    .on('GET', '/odata/Bill', collection([BILL]))
    .on('GET', '/odata/MonthlyBill/bill-11', { body: BILL });
});

describe('the tenant’s home', () => {
  it('shows the newest unpaid bill with “Thanh toán” and its QR, unpaid charges, then “Báo sự cố”', async () => {
    signIn('lessee');
    renderApp('/dashboard');
    // The first page of the file loads the app's chunks: give it the test's time.
    const owed = await screen.findByTestId('tenant-owed-now', {}, { timeout: 12_000 });
    await within(owed).findByTestId('tenant-current-bill');
    expect(within(owed).getByTestId('tenant-current-bill-name').textContent).toBe(BILL.billName);
    expect(within(owed).getByTestId('pay-online-bill-11').textContent).toBe('Thanh toán');
    await within(owed).findByTestId('tenant-bill-qr');
    expect(within(owed).getByTestId('pay-online-charge-1').textContent).toBe('Thanh toán');
    // The bills asked for are the ones still owed.
    const billQuery = api.sent('GET', '/odata/Bill')[0]?.url.searchParams.get('$filter');
    expect(billQuery).toBe('status lt 3');
    // What is owed comes before the way to report a problem and the notices.
    const report = screen.getByTestId('tenant-report-issue');
    expect(owed.compareDocumentPosition(report) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(report.getAttribute('href')).toBe('/lesseeIssues');
    const menu = screen.getByRole('navigation', { name: 'Điều hướng chính' });
    expect(within(menu).getByRole('link', { name: 'Hóa đơn' }).getAttribute('href')).toBe('/lesseeBills');
    expect(within(menu).getByRole('link', { name: 'Báo sự cố' }).getAttribute('href')).toBe('/lesseeIssues');
  });

  it('says so when nothing is owed', async () => {
    api.on('GET', '/odata/Bill', collection([])).on('GET', '/odata/OneTimeCharge', collection([]));
    signIn('lessee');
    renderApp('/dashboard');
    const nothing = await screen.findByTestId('tenant-nothing-owed');
    expect(nothing.textContent).toContain('Bạn không còn khoản nào phải trả.');
    expect(screen.queryByTestId('pay-online-bill-11')).toBeNull();
  });
});

describe('the landlord’s ways to the month’s bills', () => {
  const SUMMARY = {
    month: '2026-11',
    rooms: 4,
    readingsDone: 4,
    billsIssued: 3,
    billsPaid: 1,
    billsUnpaid: 2,
    amountIssued: 7_860_000,
    amountPaid: 2_620_000,
    amountOwed: 5_240_000,
  };

  beforeEach(() => {
    api
      .on('GET', '/api/Dashboard/Billing', { body: SUMMARY })
      .on('GET', '/odata/HouseTicket', collection([]))
      .on('GET', /.*/, { status: 404, body: {} })
      .on('GET', '/api/Dashboard/Billing', { body: SUMMARY })
      .on('GET', '/odata/HouseTicket', collection([]));
  });

  it('the dashboard’s “Chưa thanh toán” opens the month’s unpaid bills', async () => {
    signIn('landlord');
    renderApp('/dashboard');
    const unpaid = await screen.findByTestId('billing-unpaid');
    expect(unpaid.getAttribute('href')).toBe('/monthlyBills?month=2026-11&status=owed');
    expect(screen.getByTestId('billing-paid').getAttribute('href')).toBe(
      '/monthlyBills?month=2026-11&status=paid',
    );
    expect(screen.getByTestId('billing-bills-link').getAttribute('href')).toBe('/monthlyBills?month=2026-11');
  });

  it('/billDraft after issuing says the month was issued and leads to its bills', async () => {
    signIn('landlord');
    renderApp('/billDraft');
    const link = await screen.findByTestId('draft-issued-bills-link', {}, { timeout: 12_000 });
    expect(link.getAttribute('href')).toBe('/monthlyBills?month=2026-11');
    expect(screen.getByTestId('empty-state').textContent).toContain('Đã phát hành hóa đơn tháng 11/2026');
    await waitFor(() => expect(screen.queryByTestId('draft-create')).toBeNull());
  });
});
