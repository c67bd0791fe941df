// The expense and profit pages (web/src/features/expenses, web/src/features/profitReports): what the
// add form sends, how a refusal shows on its field, the profit page's totals, the tax card and the
// electricity that loses money, and who sees the menu entries. The journey is tests/e2e/expenses.test.ts.
import {
  DEFAULT_RENT_TAX_THRESHOLD,
  EXPENSE_MESSAGES,
  type ExpenseView,
  type ProfitMonth,
  type ProfitReport,
} from '@nhatro/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ExpensesPage } from '../../web/src/features/expenses/ExpensesPage';
import { ProfitReportPage } from '../../web/src/features/profitReports/ProfitReportPage';
import { HOUSE, ROLES, renderApp, renderPage, signIn, toasts } from './support/app';
import { collection, fakeApi, type FakeApi } from './support/fakeApi';

const EXPENSE: ExpenseView = {
  expenseID: 'expense-1',
  houseID: HOUSE.houseID,
  date: '2026-11-05',
  category: 'electricity',
  amount: 2_450_000,
  note: 'Hóa đơn EVN tháng 10',
  createdOn: '2026-11-05T03:00:00Z',
  createdBy: 'user-landlord',
  '@odata.etag': '"e1"',
};

function text(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/gu, ' ');
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

describe('the expenses page', () => {
  beforeEach(() => {
    api.on(
      'GET',
      '/odata/Expense',
      collection([
        EXPENSE,
        {
          ...EXPENSE,
          expenseID: 'expense-2',
          category: 'Bảo trì thang máy',
          amount: 150_000,
          note: undefined,
        },
      ]),
    );
  });

  it('lists the year’s expenses by their labels, with the year’s total', async () => {
    signIn('landlord');
    renderPage(<ExpensesPage />, '/expenses');
    const rows = await screen.findAllByTestId('expense-row');
    expect(rows.map((row) => within(row).getByTestId('expense-category-cell').textContent)).toEqual([
      'Tiền điện (EVN)',
      'Bảo trì thang máy',
    ]);
    expect(text(screen.getByTestId('expense-total'))).toContain('2.600.000 ₫');
    const [request] = api.sent('GET', '/odata/Expense');
    expect(request!.url.searchParams.get('houseID')).toBe(HOUSE.houseID);
    expect(request!.url.searchParams.get('$filter')).toMatch(/^date ge \d{4}-01-01 and date le \d{4}-12-31$/);
  });

  it('adds an expense: a typed label becomes its category, the amount is read as Vietnamese people type it', async () => {
    signIn('landlord');
    api.on('POST', '/odata/Expense', (request) => ({
      status: 201,
      body: { ...EXPENSE, ...(request.body as object) },
    }));
    renderPage(<ExpensesPage />, '/expenses');
    await screen.findAllByTestId('expense-row');
    fireEvent.click(screen.getByTestId('expense-create-button'));
    const dialog = await screen.findByTestId('expense-dialog');
    fireEvent.change(within(dialog).getByTestId('expense-category'), { target: { value: 'Sửa chữa' } });
    fireEvent.change(within(dialog).getByTestId('expense-amount'), { target: { value: '1.250.000' } });
    fireEvent.change(within(dialog).getByTestId('expense-note'), { target: { value: 'Thay vòi nước P101' } });
    fireEvent.click(within(dialog).getByTestId('expense-submit'));
    await waitFor(() => expect(api.sent('POST', '/odata/Expense')).toHaveLength(1));
    expect(api.sent('POST', '/odata/Expense')[0]!.body).toMatchObject({
      houseID: HOUSE.houseID,
      category: 'repairs',
      amount: 1_250_000,
      note: 'Thay vòi nước P101',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await waitFor(() => expect(toasts('success')).toContain('Đã thêm khoản chi.'));
  });

  it('does not send an empty amount, and shows the server’s refusal on its field', async () => {
    signIn('staff');
    api.on('POST', '/odata/Expense', {
      status: 400,
      body: [{ field: 'date', errorMessage: EXPENSE_MESSAGES.dateInFuture }],
    });
    renderPage(<ExpensesPage />, '/expenses');
    await screen.findAllByTestId('expense-row');
    fireEvent.click(screen.getByTestId('expense-create-button'));
    const dialog = await screen.findByTestId('expense-dialog');
    fireEvent.change(within(dialog).getByTestId('expense-category'), { target: { value: 'Internet' } });
    fireEvent.click(within(dialog).getByTestId('expense-submit'));
    expect(await within(dialog).findByText('Số tiền chi không được để trống!')).toBeTruthy();
    expect(api.sent('POST', '/odata/Expense')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('expense-amount'), { target: { value: '250000' } });
    fireEvent.click(within(dialog).getByTestId('expense-submit'));
    expect(await within(dialog).findByText(EXPENSE_MESSAGES.dateInFuture)).toBeTruthy();
  });
});

function month(index: number, change: Partial<ProfitMonth> = {}): ProfitMonth {
  return {
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    received: 0,
    receivedFromBills: 0,
    receivedFromCharges: 0,
    receivedByMethod: { cash: 0, transfer: 0, online: 0, deposit: 0 },
    expenses: 0,
    expensesByCategory: {},
    profit: 0,
    electricityBilled: 0,
    waterBilled: 0,
    electricityPaid: 0,
    waterPaid: 0,
    ...change,
  };
}

function report(change: Partial<ProfitReport> = {}): ProfitReport {
  const months = Array.from({ length: 12 }, (_, index) =>
    index === 9
      ? month(index, {
          received: 42_000_000,
          expenses: 5_000_000,
          profit: 37_000_000,
          electricityBilled: 3_500_000,
          electricityPaid: 4_200_000,
          waterBilled: 900_000,
          waterPaid: 600_000,
        })
      : month(index),
  );
  const { month: _month, ...totals } = months[9]!;
  return {
    year: 2026,
    houseID: HOUSE.houseID,
    houses: [
      {
        houseID: HOUSE.houseID,
        houseName: HOUSE.houseName,
        received: 42_000_000,
        expenses: 5_000_000,
        profit: 37_000_000,
      },
      {
        houseID: 'h2',
        houseName: 'Nhà trọ Bình An',
        received: 380_000_000,
        expenses: 0,
        profit: 380_000_000,
      },
    ],
    months,
    totals,
    tax: {
      threshold: DEFAULT_RENT_TAX_THRESHOLD,
      applies: true,
      rentIncome: 422_000_000,
      houseRentIncome: 42_000_000,
      percent: 84,
      level: 'near',
    },
    ...change,
  };
}

describe('the profit page', () => {
  it('shows the year’s totals, the household against the threshold with its rule, and electricity that loses money', async () => {
    signIn('landlord');
    api.on('GET', '/odata/ProfitReport', { body: report() });
    renderPage(<ProfitReportPage />, '/profitReport');
    expect(text(await screen.findByTestId('profit-total-profit'))).toBe('37.000.000 ₫');
    const [request] = api.sent('GET', '/odata/ProfitReport');
    expect(request!.url.searchParams.get('houseID')).toBe(HOUSE.houseID);
    const tax = screen.getByTestId('rent-tax-card');
    expect(text(within(tax).getByTestId('rent-tax-income'))).toContain(
      '422.000.000 ₫ / 500.000.000 ₫ (84 %)',
    );
    expect(text(within(tax).getByTestId('rent-tax-houses'))).toContain('Nhà trọ Bình An: 380.000.000 ₫');
    expect(text(within(tax).getByTestId('rent-tax-warning'))).toContain('84 % ngưỡng chịu thuế');
    expect(text(within(tax).getByTestId('rent-tax-rule'))).toContain('109/2025/QH15');
    const october = screen.getAllByTestId('profit-month')[9]!;
    expect(text(within(october).getByTestId('profit-electricity'))).toBe('3.500.000 ₫ / 4.200.000 ₫ ⚠');
    expect(text(within(october).getByTestId('profit-water'))).toBe('900.000 ₫ / 600.000 ₫');
  });

  it('says nothing about tax below the warning share', async () => {
    signIn('landlord');
    api.on('GET', '/odata/ProfitReport', {
      body: report({ tax: { ...report().tax, rentIncome: 100_000_000, percent: 20, level: 'none' } }),
    });
    renderPage(<ProfitReportPage />, '/profitReport');
    await screen.findByTestId('rent-tax-card');
    expect(screen.queryByTestId('rent-tax-warning')).toBeNull();
  });
});

describe('who sees them', () => {
  it('landlords and staff with billing rights have the menu entries; staff without do not, and the page is a 404', async () => {
    api.on('GET', /./, { body: { value: [] } });
    signIn('staff', { role: { ...ROLES.staff, billingPermission: 1 } });
    renderApp('/expenses');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Điều hướng chính' });
    expect(within(nav).queryByText('Chi phí')).toBeNull();
    expect(within(nav).queryByText('Lợi nhuận')).toBeNull();
  });
});
