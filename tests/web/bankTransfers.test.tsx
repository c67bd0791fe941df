// Transfers confirmed by themselves, in the browser's terms: the landlord connects SePay or Casso on the
// account page (web/src/features/bankTransfers/BankFeedConnectionsSection.tsx), and an open bill that
// still owes is read again every few seconds, so 'Đã nhận chuyển khoản' shows the moment SePay or Casso
// reported the transfer (web/src/lib/api/resources/monthlyBills.ts). The server is fake.
import { BANK_FEED_PROVIDER_MESSAGES } from '@nhatro/common';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankFeedConnectionsSection } from '../../web/src/features/bankTransfers/BankFeedConnectionsSection';
import { MonthlyBillPage } from '../../web/src/features/monthlyBills/MonthlyBillPage';
import { OWED_REFRESH_MS, refreshWhileOwed } from '../../web/src/lib/api/resources/monthlyBills';
import { HOUSE, renderApp, renderPage, signIn } from './support/app';
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

const UNPAID = {
  monthlyBillID: 'bill-11',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  contractID: 'contract-1',
  houseTicketID: 't-11',
  month: '2026-11',
  billName: 'Hóa đơn tháng 11/2026 – P101',
  billCode: 'NTABCD2345',
  createdOn: '2026-11-05T03:00:00Z',
  dueDate: '2026-11-15',
  total: 2_620_000,
  paidAmount: 0,
  status: 1,
  billDetails: [],
  payments: [],
};

const PAID = {
  ...UNPAID,
  paidAmount: 2_620_000,
  status: 3,
  payments: [
    {
      amount: 2_620_000,
      method: 'transfer',
      paidOn: '2026-11-20T02:15:00.000Z',
      reference: 'b7e1',
      note: 'Chuyển khoản FT26324',
    },
  ],
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

function billReads(): number {
  return api.sent('GET', '/odata/MonthlyBill/bill-11').length;
}

describe('an open bill that still owes', () => {
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('is read again every few seconds while owed, never once paid', () => {
    expect(refreshWhileOwed({ status: 1 })).toBe(OWED_REFRESH_MS);
    expect(refreshWhileOwed({ status: 2 })).toBe(OWED_REFRESH_MS);
    expect(refreshWhileOwed({ status: 3 })).toBe(0);
    expect(refreshWhileOwed({ status: 4 })).toBe(0);
    // Asked before the first reply too: a 0 then would never start the refresh.
    expect(refreshWhileOwed(undefined)).toBe(OWED_REFRESH_MS);
    expect(OWED_REFRESH_MS).toBeGreaterThanOrEqual(5_000);
    expect(OWED_REFRESH_MS).toBeLessThanOrEqual(10_000);
  });

  it('shows “Đã nhận chuyển khoản” on the tenant’s home once the transfer is reported, then stops asking', async () => {
    let bill: typeof UNPAID | typeof PAID = UNPAID;
    api
      .on('GET', '/odata/House', collection([{ ...HOUSE, rooms: [ROOM] }]))
      .on('GET', '/odata/Notification', collection([]))
      .on('GET', '/odata/OneTimeCharge', collection([]))
      .on('GET', '/odata/Bill', collection([UNPAID]))
      .on('GET', '/odata/MonthlyBill/bill-11', () => ({ body: bill }));
    // Fake timers from the start (time still flows), so the refresh SWR schedules can be fast-forwarded.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn('lessee');
    renderApp('/dashboard');
    const current = await screen.findByTestId('tenant-current-bill', {}, { timeout: 12_000 });
    expect(within(current).queryByTestId('tenant-current-bill-transfer-received')).toBeNull();
    const before = billReads();
    // SePay calls: the next read shows it.
    bill = PAID;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OWED_REFRESH_MS + 100);
    });
    const notice = await within(current).findByTestId('tenant-current-bill-transfer-received');
    expect(notice.textContent).toContain('Đã nhận chuyển khoản 2.620.000');
    expect(billReads()).toBeGreaterThan(before);
    const afterPaid = billReads();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OWED_REFRESH_MS * 3);
    });
    expect(billReads()).toBe(afterPaid);
  });

  it('is not read while the tab is hidden', async () => {
    api
      .on('GET', '/odata/House', collection([{ ...HOUSE, rooms: [ROOM] }]))
      .on('GET', '/odata/Notification', collection([]))
      .on('GET', '/odata/OneTimeCharge', collection([]))
      .on('GET', '/odata/Bill', collection([UNPAID]))
      .on('GET', '/odata/MonthlyBill/bill-11', { body: UNPAID });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn('lessee');
    renderApp('/dashboard');
    await screen.findByTestId('tenant-current-bill', {}, { timeout: 12_000 });
    // Visible, the bill is read again (the test above); hidden, not.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OWED_REFRESH_MS + 100);
    });
    expect(billReads()).toBeGreaterThan(1);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const before = billReads();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OWED_REFRESH_MS * 3);
    });
    expect(billReads()).toBe(before);
  });
});

describe('the bill page', () => {
  it('shows “Đã nhận chuyển khoản” with the amount once a transfer is on the bill, and nothing before', async () => {
    let bill: typeof UNPAID | typeof PAID = UNPAID;
    api.on('GET', '/odata/MonthlyBill/bill-11', () => ({ body: bill }));
    signIn('landlord');
    const { unmount } = renderPage(<MonthlyBillPage />, '/bill/bill-11', '/bill/:id');
    await screen.findByTestId('bill-details', {}, { timeout: 12_000 });
    expect(screen.queryByTestId('bill-transfer-received')).toBeNull();
    unmount();
    bill = PAID;
    renderPage(<MonthlyBillPage />, '/bill/bill-11', '/bill/:id');
    const notice = await screen.findByTestId('bill-transfer-received', {}, { timeout: 12_000 });
    expect(notice.textContent).toContain('Đã nhận chuyển khoản 2.620.000');
  });
});

describe('connecting SePay and Casso on the account page', () => {
  const NOT_CONNECTED = {
    data: [
      { provider: 'sepay', connected: false },
      { provider: 'casso', connected: false },
    ],
  };

  it('shows a new SePay key once, with the URL to give SePay', async () => {
    let connected = false;
    api.on('GET', '/api/BankFeed/Connections', () => ({
      body: connected
        ? {
            data: [
              {
                provider: 'sepay',
                connected: true,
                webhookUrl: 'https://api.example.vn/api/BankFeed/SePay',
                hint: 'x9Q2',
                connectedOn: '2026-11-20T02:15:00.000Z',
              },
              { provider: 'casso', connected: false },
            ],
          }
        : NOT_CONNECTED,
    }));
    api.on('POST', '/api/BankFeed/Connections/SePay', () => {
      connected = true;
      return {
        body: {
          status: true,
          data: {
            provider: 'sepay',
            connected: true,
            webhookUrl: 'https://api.example.vn/api/BankFeed/SePay',
            hint: 'x9Q2',
            apiKey: 'khoa-api-mot-lan-duy-nhat-x9Q2',
          },
        },
      };
    });
    signIn('landlord');
    renderPage(<BankFeedConnectionsSection />, '/accountSetting');
    fireEvent.click(await screen.findByTestId('bank-feed-sepay-create'));
    expect((await screen.findByTestId('bank-feed-sepay-key')).textContent).toBe(
      'khoa-api-mot-lan-duy-nhat-x9Q2',
    );
    expect(api.sent('POST', '/api/BankFeed/Connections/SePay')).toHaveLength(1);
    const card = screen.getByTestId('bank-feed-sepay');
    await waitFor(() => expect(within(card).getByText('Đã kết nối')).toBeTruthy());
    expect(within(card).getByTestId('bank-feed-sepay-url').textContent).toBe(
      'https://api.example.vn/api/BankFeed/SePay',
    );
    expect(within(card).getByTestId('bank-feed-sepay-create').textContent).toContain('Tạo khóa mới');
  });

  it('checks the Casso checksum key before sending it, then sends it once', async () => {
    api.on('GET', '/api/BankFeed/Connections', { body: NOT_CONNECTED });
    api.on('POST', '/api/BankFeed/Connections/Casso', {
      body: { status: true, data: { provider: 'casso', connected: true, hint: 'bvs1' } },
    });
    signIn('landlord');
    renderPage(<BankFeedConnectionsSection />, '/accountSetting');
    const input = await screen.findByTestId('bank-feed-casso-key');
    fireEvent.change(input, { target: { value: 'ngắn' } });
    fireEvent.click(screen.getByTestId('bank-feed-casso-save'));
    expect(await screen.findByText('Khóa checksum của Casso có ít nhất 16 ký tự.')).toBeTruthy();
    expect(api.sent('POST', '/api/BankFeed/Connections/Casso')).toHaveLength(0);
    fireEvent.change(input, {
      target: { value: '  mgExMrjj4i7a1p8Cs6LmFbpCd8lbw4sSX4LZXPag7TKazeIogtR90tvWYTkwQbvs1  ' },
    });
    fireEvent.click(screen.getByTestId('bank-feed-casso-save'));
    await waitFor(() => expect(api.sent('POST', '/api/BankFeed/Connections/Casso')).toHaveLength(1));
    expect(api.sent('POST', '/api/BankFeed/Connections/Casso')[0]?.body).toEqual({
      checksumKey: 'mgExMrjj4i7a1p8Cs6LmFbpCd8lbw4sSX4LZXPag7TKazeIogtR90tvWYTkwQbvs1',
    });
    expect(BANK_FEED_PROVIDER_MESSAGES.cassoConnected).toBe('Đã lưu khóa checksum của Casso.');
  });
});
