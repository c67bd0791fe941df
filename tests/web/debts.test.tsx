// Debts on the screens (issue 26 §3; web/src/features/debts): a contract's 'Công nợ' (balance, open credit,
// open debts oldest first, timeline, the pause), the dashboard's 'Nợ quá N ngày' with the landlord's two
// settings, and the tenant's own balance on their home. The journey in Chromium is tests/e2e/debts.test.ts.
import type { ContractDebt, HouseDebts } from '@nhatro/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContractDebtSection } from '../../web/src/features/debts/ContractDebtSection';
import { HOUSE, renderApp, renderPage, signIn, toasts } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

const DEBT: ContractDebt = {
  contractID: 'contract-1',
  houseID: HOUSE.houseID,
  roomID: 'room-1',
  owed: 3_250_000,
  openCredit: 50_000,
  balance: 3_200_000,
  openDebts: [
    {
      kind: 'charge',
      sourceID: 'charge-1',
      label: 'Thay ổ khóa',
      dueDate: '2026-09-30',
      owed: 250_000,
      daysOverdue: 59,
    },
    {
      kind: 'bill',
      sourceID: 'bill-11',
      label: 'Hóa đơn tháng 11/2026 – P101',
      month: '2026-11',
      dueDate: '2026-11-25',
      owed: 3_000_000,
      daysOverdue: 3,
    },
  ],
  timeline: [
    {
      date: '2026-09-20T02:00:00.000Z',
      kind: 'charge',
      label: 'Thay ổ khóa',
      amount: 250_000,
      balance: 250_000,
      sourceID: 'charge-1',
    },
    {
      date: '2026-10-02T02:00:00.000Z',
      kind: 'payment',
      label: 'Chuyển khoản – Hóa đơn tháng 10/2026 – P101',
      amount: -50_000,
      balance: 200_000,
      sourceID: 'bill-10',
    },
  ],
  timelineTotal: 2,
  reminderAfterDays: 10,
  reminderEveryDays: 3,
};

const FLAGGED: HouseDebts = {
  houseID: HOUSE.houseID,
  reminderAfterDays: 10,
  reminderEveryDays: 3,
  total: 1,
  rows: [
    {
      contractID: 'contract-1',
      roomID: 'room-1',
      roomName: 'P101',
      tenantName: 'Nguyễn Văn An',
      owed: 3_250_000,
      openCredit: 0,
      balance: 3_250_000,
      oldestDueDate: '2026-09-30',
      oldestDaysOverdue: 59,
      flagged: true,
      remindersPaused: true,
    },
  ],
};

/** Text as read aloud: the no-break space before ₫ as a space. */
function text(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\u00a0/g, ' ');
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

describe('a contract’s “Công nợ”', () => {
  it('shows the balance, the credit, the open debts oldest first and the timeline with running balances', async () => {
    api.on('GET', '/api/Debt/Contract', { body: DEBT });
    signIn('landlord');
    renderPage(<ContractDebtSection contractID="contract-1" canPause />, '/contracts/contract-1');
    const section = await screen.findByTestId('contract-debts');
    await within(section).findByTestId('debt-open-list');
    expect(text(within(section).getByTestId('debt-balance'))).toBe('Còn nợ 3.200.000 ₫');
    expect(text(within(section).getByTestId('debt-credit'))).toBe('50.000 ₫');
    const open = within(within(section).getByTestId('debt-open-list')).getAllByRole('listitem');
    expect(open.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Thay ổ khóa'),
      expect.stringContaining('Hóa đơn tháng 11/2026 – P101'),
    ]);
    expect(text(open[0])).toContain('Quá hạn 59 ngày');
    const events = within(within(section).getByTestId('debt-timeline')).getAllByRole('listitem');
    expect(text(events[1])).toContain('−50.000 ₫');
    expect(text(events[1])).toContain('Số dư 200.000 ₫');
    expect(api.sent('GET', '/api/Debt/Contract')[0]?.url.searchParams.get('contractID')).toBe('contract-1');
  });

  it('pauses the automatic reminders with the switch and says so', async () => {
    let paused = false;
    api
      .on('GET', '/api/Debt/Contract', () => ({
        body: {
          ...DEBT,
          ...(paused
            ? { reminderPause: { paused, changedBy: 'user-landlord', changedOn: '2026-11-28T03:00:00.000Z' } }
            : {}),
        },
      }))
      .on('POST', '/api/Debt/Pause', () => {
        paused = true;
        return {
          body: {
            status: true,
            data: { paused, changedBy: 'user-landlord', changedOn: '2026-11-28T03:00:00.000Z' },
            message: 'Đã tạm dừng nhắc nợ tự động.',
          },
        };
      });
    signIn('landlord');
    renderPage(<ContractDebtSection contractID="contract-1" canPause />, '/contracts/contract-1');
    const toggle = await screen.findByTestId('debt-reminders-switch');
    const input = toggle.querySelector('input') as HTMLInputElement;
    expect(input.checked).toBe(true);
    fireEvent.click(input);
    await waitFor(() => expect(input.checked).toBe(false));
    expect(api.sent('POST', '/api/Debt/Pause').map((request) => request.body)).toEqual([
      { contractID: 'contract-1', paused: true },
    ]);
    await screen.findByText(/^Đã tạm dừng lúc /);
  });

  it('has no switch for the tenant, and says “Đang dư” when the house holds their money', async () => {
    api.on('GET', '/api/Debt/Contract', {
      body: { ...DEBT, owed: 0, openCredit: 120_000, balance: -120_000, openDebts: [] },
    });
    signIn('lessee');
    renderPage(<ContractDebtSection contractID="contract-1" canPause={false} />, '/dashboard');
    const balance = await screen.findByTestId('debt-balance');
    expect(text(balance)).toBe('Đang dư 120.000 ₫');
    expect(screen.getByTestId('debt-open-empty').textContent).toBe('Không có khoản nào còn nợ.');
    expect(screen.queryByTestId('debt-reminders-switch')).toBeNull();
  });
});

describe('the dashboard’s “Nợ quá N ngày”', () => {
  beforeEach(() => {
    api
      .on('GET', /.*/, { status: 404, body: {} })
      .on('GET', '/odata/House', collection([{ ...HOUSE, rooms: [] }]))
      .on('GET', '/odata/House/h1', { body: { ...HOUSE, rooms: [] } })
      .on('GET', '/api/Debt/House', { body: FLAGGED });
  });

  it('lists the contract with its room, tenant, amount and age', async () => {
    signIn('landlord');
    renderApp('/dashboard');
    const row = await screen.findByTestId('overdue-debt-P101', {}, { timeout: 12_000 });
    expect(screen.getByTestId('overdue-debts').textContent).toContain('Nợ quá 10 ngày');
    expect(row.textContent).toContain('Phòng P101');
    expect(row.textContent).toContain('Nguyễn Văn An · đã tạm dừng nhắc');
    expect(text(row)).toContain('3.250.000 ₫');
    expect(row.textContent).toContain('Quá hạn 59 ngày');
    const asked = api.sent('GET', '/api/Debt/House')[0]?.url.searchParams;
    expect([asked?.get('houseID'), asked?.get('flaggedOnly')]).toEqual(['h1', 'true']);
  });

  it('refuses days outside 1–90 with the message under the field, sending nothing; saves good ones', async () => {
    api.on('PATCH', '/odata/House/h1', { body: { ...HOUSE } });
    signIn('landlord');
    renderApp('/dashboard');
    const after = await screen.findByTestId('debt-reminder-after', {}, { timeout: 12_000 });
    const every = screen.getByTestId('debt-reminder-every');
    fireEvent.change(after, { target: { value: '0' } });
    fireEvent.change(every, { target: { value: '91' } });
    fireEvent.click(screen.getByTestId('debt-reminder-save'));
    await screen.findByText('Số ngày quá hạn trước khi nhắc nợ ít nhất 1 ngày.');
    screen.getByText('Khoảng cách giữa hai lần nhắc nợ tối đa 90 ngày.');
    expect(api.sent('PATCH', '/odata/House/h1')).toEqual([]);
    fireEvent.change(after, { target: { value: '15' } });
    fireEvent.change(every, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('debt-reminder-save'));
    await waitFor(() => expect(api.sent('PATCH', '/odata/House/h1')).toHaveLength(1));
    expect(api.sent('PATCH', '/odata/House/h1')[0]?.body).toEqual({
      debtReminderAfterDays: 15,
      debtReminderEveryDays: 5,
    });
    await waitFor(() => expect(toasts('success')).toContain('Đã lưu cài đặt nhắc nợ.'));
  });

  it('staff see the list but not the settings', async () => {
    signIn('staff');
    renderApp('/dashboard');
    await screen.findByTestId('overdue-debt-P101', {}, { timeout: 12_000 });
    expect(screen.queryByTestId('debt-reminder-settings')).toBeNull();
  });
});
