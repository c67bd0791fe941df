// Browser journeys of the platform around the houses. Buying rooms: chunha2 opens 'Mua thêm phòng' from
// the dashboard, asks for three rooms on /accountPlan, pays on the local VNPay sandbox's card page and lands
// on /BuyingMoreRoomPaymentSuccessful; the super admin approves it on /extendManagement; the landlord's
// quota has risen. The super admin's pages: each opens with its data (accounts, income with its chart and
// .xlsx export, requests, the fee table, the system log), and the expired demo landlord sees why they can
// only read.
import { PLATFORM_REQUEST_MESSAGES } from '@nhatro/common';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, downloadedBytes, pictureFor } from '../support/browser.js';
import { DEMO_PASSWORDS } from '../support/product.js';
import { seeToast, storedSessionFor, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const POLL = { timeout: 15_000 };
const pages = cleanPages(baseURL);

let adminSession: Record<string, string>;

beforeAll(async () => {
  adminSession = await storedSessionFor(baseURL, 'admin', DEMO_PASSWORDS.admin!);
});
afterEach(() => pages.closePages());
afterAll(() => pages.closePages());

async function open(path: string, session: Record<string, string>): Promise<Page> {
  const { page } = await pages.open('desktop', session);
  await page.goto(path);
  return page;
}

describe('buying rooms', () => {
  it('the landlord asks and pays in the sandbox, the super admin approves, the quota rises', async () => {
    const landlordSession = await storedSessionInHouse(
      baseURL,
      'chunha2',
      DEMO_PASSWORDS.chunha2!,
      'Nhà trọ Gò Vấp Xanh',
    );
    const landlord = await open('/dashboard', landlordSession);
    await landlord.getByTestId('account-plan-notice').waitFor();
    await landlord.getByTestId('account-plan-buy').click();
    await landlord.waitForURL((url) => url.pathname === '/accountPlan');
    const rooms = landlord.getByTestId('plan-rooms');
    await expect.poll(() => textOf(rooms), POLL).toMatch(/^\d+ \/ \d+ phòng$/);
    const quotaBefore = Number(/\/ (\d+)/.exec(await textOf(rooms))?.[1]);

    await landlord.getByTestId('buy-rooms-count').fill('0');
    await landlord.getByTestId('buy-rooms-count').blur();
    await landlord.getByText('Số phòng mua thêm phải từ 1 đến 1000.').waitFor();
    await landlord.getByTestId('buy-rooms-count').fill('3');
    await landlord.getByText(/Thành tiền: 360\.000/).waitFor();
    await pictureFor(landlord, 'account-plan');
    await landlord.getByTestId('buy-rooms-submit').click();
    await landlord.waitForURL((url) => url.pathname === '/paymentv2/vpcpay.html', POLL);
    expect(await landlord.getByText('360.000', { exact: false }).count()).toBeGreaterThan(0);
    await landlord.getByRole('button', { name: 'Thanh toán', exact: true }).click();
    await landlord.waitForURL((url) => url.pathname === '/BuyingMoreRoomPaymentSuccessful', POLL);
    await expect
      .poll(() => textOf(landlord.getByTestId('payment-state')), POLL)
      .toBe('Thanh toán thành công');
    expect(await textOf(landlord.getByTestId('payment-next'))).toContain('chờ hệ thống xét duyệt');
    await landlord.close();

    const admin = await open('/extendManagement', adminSession);
    const request = admin
      .getByTestId('request-list')
      .locator('[data-testid^="request-"]', { hasText: 'Phạm Thị Lan' })
      .filter({ hasText: 'Mua thêm phòng 3 phòng' });
    await request.first().waitFor(POLL);
    await pictureFor(admin, 'extend-management');
    expect(await request.count()).toBe(1);
    await request.getByTestId('request-approve').click();
    await seeToast(admin, 'success', PLATFORM_REQUEST_MESSAGES.approved, POLL);
    await expect.poll(() => request.count(), POLL).toBe(0);
    await admin.getByTestId('requests-tab-approved').click();
    await admin
      .getByTestId('request-list')
      .getByText(`Số phòng: ${quotaBefore} → ${quotaBefore + 3}`)
      .waitFor(POLL);
    await admin.close();

    const after = await open('/accountPlan', landlordSession);
    await expect
      .poll(() => textOf(after.getByTestId('plan-rooms')), POLL)
      .toContain(`/ ${quotaBefore + 3} phòng`);
    expect(await after.getByTestId('plan-requests').getByText('Đã duyệt').count()).toBeGreaterThan(0);
  });
});

describe("the super admin's pages, and an expired account", () => {
  it('each page opens with its data; the expired landlord is told why they only read', async () => {
    const page = await open('/hmAccountsManage', adminSession);
    const expired = page.getByTestId('hm-account-chunhahethan');
    await expired.waitFor(POLL);
    expect(await textOf(expired)).toContain('Hết hạn (chỉ xem)');
    await pictureFor(page, 'hm-accounts');
    expect(await textOf(page.getByTestId('hm-account-chunha2').getByTestId('hm-account-rooms'))).toMatch(
      /^\d+\/\d+ · 1 nhà$/,
    );

    await page.getByRole('link', { name: 'Thu nhập', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/hmBillManage');
    await page.getByTestId('income-chart').locator('svg').first().waitFor(POLL);
    await expect.poll(() => textOf(page.getByTestId('income-total')), POLL).toMatch(/[1-9][\d.]* ₫$/);
    await page.getByTestId('income-payments').waitFor(POLL);
    await pictureFor(page, 'income');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('income-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^thu-nhap-\d{4}-\d{2}-den-\d{4}-\d{2}\.xlsx$/);
    expect((await downloadedBytes(download)).subarray(0, 2).toString()).toBe('PK');

    await page.getByRole('link', { name: 'Yêu cầu gia hạn', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/extendManagement');
    await page.getByTestId('request-list').getByText('Gia hạn tài khoản 1 năm').first().waitFor(POLL);

    await page.getByRole('link', { name: 'Cài đặt hệ thống', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/timeBill');
    await expect.poll(() => page.getByTestId('pricing-pricePerRoomMonth').inputValue(), POLL).toBe('10000');
    await page.getByTestId('pricing-preview').waitFor();
    await pictureFor(page, 'time-bill');

    await page.getByRole('link', { name: 'Nhật ký hệ thống', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/systemLog');
    const rows = page.getByTestId('system-log-row');
    await rows.first().waitFor(POLL);
    expect(await rows.count()).toBeLessThanOrEqual(50);
    await pictureFor(page, 'system-log');
    await page.getByTestId('system-log-table').getByRole('button', { name: 'admin' }).first().click();
    await page.getByTestId('log-user-filter').waitFor();
    await rows.first().waitFor(POLL);
    await page.close();

    const thu = await open(
      '/dashboard',
      await storedSessionInHouse(baseURL, 'chunhahethan', 'Chunhahethan@123456', 'Nhà trọ Sao Mai'),
    );
    const banner = thu.getByTestId('account-expiry-banner');
    await banner.waitFor(POLL);
    expect(await textOf(banner)).toContain('Tài khoản đã hết hạn sử dụng');
    await pictureFor(thu, 'expired-banner');
    await banner.getByTestId('account-expiry-extend').click();
    await thu.waitForURL((url) => url.pathname === '/accountPlan');
    expect(await textOf(thu.getByTestId('plan-term'))).toContain('Đã hết hạn');
  });
});
