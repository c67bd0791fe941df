// A bill's and a one-time charge's pages (web/src/features/monthlyBills, one view for both): what the
// tenant and the landlord may do with what is owed. The journeys (cash in two payments, paying online in
// the sandbox) are browser tests: tests/e2e/monthlyBills.test.ts, tests/e2e/payments.test.ts.
import type { MonthlyBillReply, OneTimeChargeReply } from '../../web/src/lib/api/resources/monthlyBills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MonthlyBillPage } from '../../web/src/features/monthlyBills/MonthlyBillPage';
import { OneTimeChargePage } from '../../web/src/features/monthlyBills/OneTimeChargePage';
import { HOUSE, renderPage, signIn, toasts } from './support/app';
import { fakeApi, type FakeApi } from './support/fakeApi';

function charge(paidAmount: number): OneTimeChargeReply {
  return {
    oneTimeChargeID: 'charge-1',
    chargeID: 'charge-1',
    houseID: HOUSE.houseID,
    roomID: 'room-1',
    contractID: 'contract-1',
    description: 'Thay ổ khóa',
    amount: 300_000,
    total: 300_000,
    billCode: 'PP0001',
    createdOn: '2026-11-02T03:00:00Z',
    createdBy: 'user-landlord',
    dueDate: '2026-11-10',
    paidAmount,
    status: paidAmount === 0 ? 1 : 2,
    payments: [],
  };
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

async function openCharge(paidAmount: number): Promise<void> {
  api.on('GET', '/odata/OneTimeCharge/charge-1', { body: charge(paidAmount) });
  renderPage(<OneTimeChargePage />, '/otcBill/charge-1', '/otcBill/:id');
  await screen.findByTestId('charge-description');
}

describe('a one-time charge', () => {
  it('offers the tenant to pay what is owed online, and nothing to collect or delete', async () => {
    signIn('lessee');
    await openCharge(100_000);
    const actions = screen.getByTestId('charge-actions');
    expect(within(actions).getByTestId('pay-online-charge-1').textContent).toBe('Thanh toán');
    expect(screen.queryByTestId('charge-collect')).toBeNull();
    expect(screen.queryByTestId('charge-delete')).toBeNull();
    expect(screen.getByTestId('charge-back').getAttribute('href')).toBe('/lesseeRoomDetail');
  });

  it('lets the landlord collect cash, and delete it while nothing of it is paid', async () => {
    signIn('landlord');
    await openCharge(0);
    expect(screen.getByTestId('charge-collect')).toBeTruthy();
    expect(screen.getByTestId('charge-delete')).toBeTruthy();
    expect(screen.queryByTestId('pay-online-charge-1')).toBeNull();
    expect(screen.getByTestId('charge-back').getAttribute('href')).toBe('/oneTimeBillCD/room-1');
  });

  it('keeps a partly paid charge: cash only', async () => {
    signIn('landlord');
    await openCharge(100_000);
    expect(screen.getByTestId('charge-collect')).toBeTruthy();
    expect(screen.queryByTestId('charge-delete')).toBeNull();
  });
});

function bill(guestLinkExpiresOn?: string): MonthlyBillReply {
  return {
    monthlyBillID: 'bill-1',
    houseID: HOUSE.houseID,
    roomID: 'room-1',
    contractID: 'contract-1',
    houseTicketID: `${HOUSE.houseID}_2026-11`,
    month: '2026-11',
    billName: 'Hóa đơn tháng 11/2026 – P101',
    billCode: 'NTABCD2345',
    createdOn: '2026-11-02T03:00:00Z',
    dueDate: '2026-11-10',
    total: 2_620_000,
    paidAmount: 0,
    status: 1,
    billDetails: [],
    payments: [],
    ...(guestLinkExpiresOn ? { guestLinkExpiresOn } : {}),
  };
}

describe('a bill’s guest link', () => {
  const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

  it('a working link can be revoked beside "Chia sẻ": asked first, then the link is gone', async () => {
    signIn('landlord');
    let current = bill(inAWeek());
    api.on('GET', '/odata/MonthlyBill/bill-1', () => ({ body: current }));
    api.on('DELETE', '/odata/MonthlyBill/bill-1/GuestLink', () => {
      current = bill();
      return { status: 204 };
    });
    renderPage(<MonthlyBillPage />, '/bill/bill-1', '/bill/:id');
    fireEvent.click(await screen.findByTestId('bill-share-revoke'));
    const dialog = await screen.findByTestId('bill-share-revoke-dialog');
    expect(api.sent('DELETE', '/odata/MonthlyBill/bill-1/GuestLink')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('bill-share-revoke-dialog-confirm'));
    await waitFor(() => expect(toasts('success')).toContain('Đã thu hồi liên kết hóa đơn.'));
    expect(api.sent('DELETE', '/odata/MonthlyBill/bill-1/GuestLink')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('bill-share-revoke')).toBeNull());
    expect(screen.getByTestId('bill-share')).toBeTruthy();
  });

  it('no link: nothing to revoke until "Chia sẻ" makes one; tenants see neither', async () => {
    signIn('landlord');
    let current = bill();
    api.on('GET', '/odata/MonthlyBill/bill-1', () => ({ body: current }));
    api.on('POST', '/odata/MonthlyBill/bill-1/GuestLink', () => {
      current = bill(inAWeek());
      return { body: { url: 'http://localhost/guestMonthlyBill/bill-1?t=abc', expiresOn: inAWeek() } };
    });
    const { unmount } = renderPage(<MonthlyBillPage />, '/bill/bill-1', '/bill/:id');
    fireEvent.click(await screen.findByTestId('bill-share'));
    expect(screen.queryByTestId('bill-share-revoke')).toBeNull();
    expect(await screen.findByTestId('bill-share-revoke')).toBeTruthy();
    expect(screen.getByTestId('bill-share-url')).toBeTruthy();
    unmount();

    signIn('lessee');
    renderPage(<MonthlyBillPage />, '/bill/bill-1', '/bill/:id');
    await screen.findByTestId('bill-name');
    expect(screen.queryByTestId('bill-share')).toBeNull();
    expect(screen.queryByTestId('bill-share-revoke')).toBeNull();
  });
});

describe('money VNPay took on a replaced link', () => {
  it('shows on the bill, as to be returned to the tenant (the landlord) or to them (the tenant)', async () => {
    const refunded: MonthlyBillReply = {
      ...bill(),
      refundsDue: [
        {
          paymentID: 'p-old',
          amount: 2_620_000,
          confirmedOn: '2026-11-20T03:05:00Z',
          gatewayTransactionNo: '14226112',
          refundReason: 'replaced',
        },
      ],
    };
    api.on('GET', '/odata/MonthlyBill/bill-1', { body: refunded });
    signIn('landlord');
    const { unmount } = renderPage(<MonthlyBillPage />, '/bill/bill-1', '/bill/:id');
    const shown = await screen.findByTestId('bill-refunds-due');
    expect(shown.textContent).toContain('cần hoàn lại cho người thuê');
    expect(shown.textContent).toContain('14226112');
    expect(shown.textContent).toContain('liên kết thanh toán đã được thay bằng liên kết mới');
    unmount();
    signIn('lessee');
    renderPage(<MonthlyBillPage />, '/bill/bill-1', '/bill/:id');
    expect((await screen.findByTestId('bill-refunds-due')).textContent).toContain('hoàn lại cho bạn');
  });
});
