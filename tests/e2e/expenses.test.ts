// Browser journey of a landlord's books: on a house of its own (chunha), money came in this month (a
// charge paid in cash, set up through the API); the landlord writes the month's EVN bill with a photo of
// the receipt on /expenses, then opens /profitReport: the year's money received, expenses and profit, the
// EVN bill beside the electricity billed, the rent income against the tax threshold with its rule, the
// chart, and the .xlsx. Both pages at 1280 px and on a 375 px phone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, downloadedBytes, pictureFor, screenshot, VIEWPORTS } from '../support/browser.js';
import { makePng } from '../support/png.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { seeToast, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = `Nhà trọ Sổ Sách ${RUN}`;
const CHARGE = 3_000_000;
const SLOW = { timeout: 15_000 } as const;

const pages = cleanPages(baseURL);
let token = '';

function vietnamToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const reply = await api.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

async function fitsThePhone(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), SLOW)
    .toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

beforeAll(async () => {
  token = (await api.login('chunha', DEMO_PASSWORDS.chunha!)).token.accessToken;
  const { houseID } = await call<{ houseID: string }>('POST', '/odata/House', {
    houseName: HOUSE_NAME,
    houseAddress: '15 Lê Lợi, Phường Bến Thành, Quận 1, TP. Hồ Chí Minh',
  });
  const room = await call<{ roomID: string }>('POST', '/odata/Room', {
    houseID,
    roomName: `S${RUN}`,
    floor: 1,
    price: 2_500_000,
    acreage: 20,
    currentElectricityIndex: 100,
    currentWaterIndex: 10,
  });
  const year = Number(vietnamToday().slice(0, 4));
  const contract = await call<{ contractID: string }>('POST', '/odata/Contract', {
    roomID: room.roomID,
    startDate: `${year - 1}-01-01`,
    endDate: `${year + 2}-12-31`,
    rentFee: 2_500_000,
    deposit: 2_500_000,
    deposited: true,
    representative: {
      occupantName: `Võ Sổ Sách ${RUN}`,
      gender: 1,
      phoneNumber: `07${String(Date.now()).slice(-8)}`,
    },
  });
  await tenantConfirmsOverHttp(api, contract.contractID, `So${RUN}2026`);
  const charge = await call<{ oneTimeChargeID: string }>('POST', '/odata/OneTimeCharge', {
    contractID: contract.contractID,
    description: 'Tiền phòng trả trước',
    amount: CHARGE,
  });
  await call('PATCH', `/odata/OneTimeCharge/${charge.oneTimeChargeID}`, { payment: { amount: CHARGE } });
});

afterAll(async () => {
  await pages.closePages();
});

describe('the landlord’s books', () => {
  it('an expense with its receipt, then the year’s profit and the tax threshold, at 1280 and 375 px', async (test) => {
    const session = await storedSessionInHouse(baseURL, 'chunha', DEMO_PASSWORDS.chunha!, HOUSE_NAME);
    const { page } = await pages.open('desktop', session);
    test.onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') await screenshot(page, 'expenses-failure').catch(() => undefined);
      await page.close();
    });

    // The menu leads to the expenses; the year has none yet.
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Điều hướng chính' })
      .getByRole('link', { name: 'Chi phí' })
      .click();
    await page.waitForURL((url) => url.pathname === '/expenses');
    await page.getByText('Chưa có khoản chi').waitFor(SLOW);

    // The EVN bill, with a photo of the receipt.
    await page.getByTestId('expense-create-button').click();
    const dialog = page.getByTestId('expense-dialog');
    await dialog.getByTestId('expense-category').fill('Tiền điện (EVN)');
    await page.getByRole('option', { name: 'Tiền điện (EVN)' }).click();
    await dialog.getByTestId('expense-amount').fill('1.250.000');
    await dialog.getByTestId('expense-note').fill('Hóa đơn EVN kỳ này');
    await dialog.getByTestId('expense-receipt-input').setInputFiles({
      name: 'hoa-don-evn.png',
      mimeType: 'image/png',
      buffer: Buffer.from(makePng({ width: 64, height: 48, rgba: [250, 250, 250, 255] })),
    });
    await dialog.getByText('hoa-don-evn.png').waitFor(SLOW);
    await dialog.getByTestId('expense-submit').click();
    await seeToast(page, 'success', 'Đã thêm khoản chi.', SLOW);
    const row = page.getByTestId('expense-row');
    await row.waitFor(SLOW);
    expect(await textOf(row.getByTestId('expense-category-cell'))).toBe('Tiền điện (EVN)');
    expect(await textOf(row.getByTestId('expense-amount-cell'))).toBe('1.250.000 ₫');
    await row.getByRole('img', { name: 'Ảnh hóa đơn Tiền điện (EVN)' }).waitFor(SLOW);
    expect(await textOf(page.getByTestId('expense-total'))).toContain('1.250.000 ₫');
    await pictureFor(page, 'expenses-desktop');

    // The expenses page on a phone.
    await page.setViewportSize(VIEWPORTS.phone);
    await fitsThePhone(page);
    await pictureFor(page, 'expenses-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The profit of this house: money received, expenses, profit; the EVN bill beside the billed electricity.
    await page.getByTestId('expense-profit-link').click();
    await page.waitForURL((url) => url.pathname === '/profitReport');
    await expect.poll(() => textOf(page.getByTestId('profit-total-received')), SLOW).toBe('3.000.000 ₫');
    expect(await textOf(page.getByTestId('profit-total-expenses'))).toBe('1.250.000 ₫');
    expect(await textOf(page.getByTestId('profit-total-profit'))).toBe('1.750.000 ₫');
    const month = Number(vietnamToday().slice(5, 7));
    const thisMonth = page.getByTestId('profit-month').nth(month - 1);
    expect(await textOf(thisMonth.getByTestId('profit-electricity'))).toBe('0 ₫ / 1.250.000 ₫ ⚠');
    const tax = page.getByTestId('rent-tax-card');
    expect(await textOf(tax.getByTestId('rent-tax-rule'))).toContain('109/2025/QH15');
    expect(await textOf(tax.getByTestId('rent-tax-income'))).toContain('/ 500.000.000 ₫');
    await page.getByTestId('profit-chart').locator('svg').first().waitFor(SLOW);
    await pictureFor(page, 'profit-desktop');

    // The .xlsx of the year.
    const download = page.waitForEvent('download');
    await page.getByTestId('profit-export-button').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^loi-nhuan-nha-\d{4}\.xlsx$/);
    expect((await downloadedBytes(file)).subarray(0, 2).toString('latin1')).toBe('PK');

    // The profit page on a phone: months as cards, nothing wider than the screen.
    await page.setViewportSize(VIEWPORTS.phone);
    await fitsThePhone(page);
    await page.getByTestId('rent-tax-card').scrollIntoViewIfNeeded();
    await pictureFor(page, 'profit-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
  });
});
