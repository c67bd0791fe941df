// Debts in Chromium (issue 26 §3): chunha2 (Nhà trọ Gò Vấp Xanh, whose last month's bills are one unpaid and
// one half paid in the demo data) sees each contract's whole debt beside the month's bills, opens the
// unpaid room's contract to read its 'Công nợ' and pauses then resumes its reminders, at 1280 and 375 px;
// the dashboard shows 'Nợ quá N ngày'; the demo tenant reads their balance on the phone. The rules are
// checked in tests/web/debts.test.tsx, the figures in the API and use-case tiers.
import type { HouseDebts } from '@nhatro/common';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor, VIEWPORTS } from '../support/browser.js';
import { DEMO_PASSWORDS } from '../support/product.js';
import { seeToast, storedSessionFor, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const pages = cleanPages(baseURL);
const HOUSE_NAME = 'Nhà trọ Gò Vấp Xanh';

afterEach(async () => {
  await pages.closePages();
});

function money(amount: number): string {
  return `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;
}

async function houseDebts(session: Record<string, string>): Promise<HouseDebts> {
  const response = await fetch(new URL(`/api/Debt/House?houseID=${session.houseID}`, baseURL), {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as HouseDebts;
}

describe('debts', () => {
  it('are shown beside the month’s bills and on the contract, paused and resumed, at 1280 and 375 px', async () => {
    const session = await storedSessionInHouse(baseURL, 'chunha2', DEMO_PASSWORDS.chunha2!, HOUSE_NAME);
    const debts = await houseDebts(session);
    const unpaid = debts.rows.find((row) => row.roomName === 'P201');
    expect(unpaid?.owed).toBeGreaterThan(0);

    const { page: desk } = await pages.open('desktop', session);
    await desk.goto('/monthlyBills');
    const badge = desk.getByTestId(`house-bill-debt-${unpaid?.contractID}`);
    await badge.waitFor();
    expect(await textOf(badge)).toContain(`Tổng nợ ${money(unpaid?.owed ?? 0)}`);
    await pictureFor(desk, 'debts-bills-desktop');

    await desk.goto(`/contracts/${unpaid?.contractID}`);
    const section = desk.getByTestId('contract-debts');
    await section.getByTestId('debt-open-list').waitFor();
    expect(await textOf(section.getByTestId('debt-balance'))).toBe(`Còn nợ ${money(unpaid?.balance ?? 0)}`);
    expect(await textOf(section.getByTestId('debt-open-list'))).toContain('Hóa đơn tháng');
    const toggle = section.getByTestId('debt-reminders-switch').locator('input');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await seeToast(desk, 'success', 'Đã tạm dừng nhắc nợ tự động.');
    await section.getByText(/^Đã tạm dừng lúc /).waitFor();
    await pictureFor(desk, 'debts-contract-desktop');

    const { page: phone } = await pages.open('phone', session);
    await phone.goto(`/contracts/${unpaid?.contractID}`);
    const onPhone = phone.getByTestId('contract-debts');
    await onPhone.getByTestId('debt-timeline').waitFor();
    expect(await onPhone.getByTestId('debt-reminders-switch').locator('input').isChecked()).toBe(false);
    await onPhone.getByTestId('debt-reminders-switch').locator('input').click();
    await seeToast(phone, 'success', 'Đã bật lại nhắc nợ tự động.');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await onPhone.scrollIntoViewIfNeeded();
    await pictureFor(phone, 'debts-contract-phone');

    await desk.goto('/dashboard');
    const card = desk.getByTestId('overdue-debts');
    await card.getByTestId('debt-reminder-settings').waitFor();
    expect(await textOf(card.locator('#overdue-debts-title'))).toContain(
      `Nợ quá ${debts.reminderAfterDays} ngày`,
    );
    await pictureFor(desk, 'debts-dashboard-desktop');
  });

  it('the tenant reads their balance and credit on their home, on the phone', async () => {
    const session = await storedSessionFor(baseURL, 'nguoithue', DEMO_PASSWORDS.nguoithue!);
    const { page: phone } = await pages.open('phone', session);
    await phone.goto('/dashboard');
    const section = phone.getByTestId('contract-debts');
    await section.getByTestId('debt-balance').waitFor();
    expect(await textOf(section.getByTestId('debt-balance'))).toMatch(
      /^(Còn nợ|Đang dư) [\d.]+ ₫$|^Không nợ$/,
    );
    expect(await section.getByTestId('debt-reminders-switch').count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await section.scrollIntoViewIfNeeded();
    await pictureFor(phone, 'debts-tenant-phone');
  });
});
