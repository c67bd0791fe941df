// Browser journey of the dashboard report and the public site: chunha2 (Nhà trọ Gò Vấp Xanh, whose last
// month was issued and mostly paid) sees the report's figures, the rooms chart and the revenue chart on
// a desktop and on a 375 px phone; a visitor on a phone opens the four public pages from the home page
// and from each other, without an account.
import type { DashboardReport } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser, newPage, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { storedSessionFor, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const HOUSE_NAME = 'Nhà trọ Gò Vấp Xanh';
const formatter = new Intl.NumberFormat('vi-VN', {
  style: 'currency',
  currency: 'VND',
  maximumFractionDigits: 0,
});
/** Text with every kind of space (ICU writes a no-break one before ₫) as a plain one. */
const plain = (text: string) => text.replace(/\s+/gu, ' ');
/** As the page writes money, with plain spaces. */
const money = { format: (amount: number) => plain(formatter.format(amount)) };

let browser: Browser;
const contexts: BrowserContext[] = [];
let session: Record<string, string> = {};
let report: DashboardReport;

async function pageOn(viewport: keyof typeof VIEWPORTS, stored: Record<string, string> = {}): Promise<Page> {
  const { context, page } = await newPage(browser, baseURL, viewport);
  contexts.push(context);
  if (Object.keys(stored).length > 0) {
    await page.goto('/favicon.svg');
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, stored);
  }
  return page;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

beforeAll(async () => {
  browser = await sharedBrowser();
  const stored = await storedSessionFor(baseURL, 'chunha2', DEMO_PASSWORDS.chunha2!);
  const houses = JSON.parse(stored.houses ?? '[]') as Array<{ houseID: string; houseName: string }>;
  const houseID = houses.find((house) => house.houseName === HOUSE_NAME)?.houseID ?? '';
  session = { ...stored, houseID, isUserActive: 'true' };
  const reply = await api.request<DashboardReport>('GET', `/odata/DashboardReport?houseID=${houseID}`, {
    token: stored.accessToken as string,
  });
  expect(reply.status).toBe(200);
  report = reply.body;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('the dashboard report', () => {
  it("shows the landlord the report's figures and its charts, on a desktop and on a phone", async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await pageOn(viewport, session);
      await page.goto('/dashboard');
      const card = page.getByTestId('dashboard-report');
      await card.getByTestId('report-paid').getByText(money.format(report.thisMonth.paid)).waitFor();
      expect(plain(await textOf(card.getByTestId('report-billed')))).toContain(
        money.format(report.thisMonth.billed),
      );
      expect(plain(await textOf(card.getByTestId('report-unpaid')))).toContain(
        money.format(report.thisMonth.unpaid),
      );
      expect(plain(await textOf(card.getByTestId('report-occupancy')))).toContain(
        `${report.rooms.occupied}/${report.rooms.total} phòng đang thuê`,
      );
      // Last month's bills: the revenue chart draws its bars; the rooms ring its slices.
      await card.getByTestId('report-revenue-chart').locator('svg').first().waitFor();
      await card.getByTestId('report-rooms-chart').locator('svg').first().waitFor();
      expect(await card.getByTestId('report-revenue-chart').textContent()).toContain('Đã thu');
      if (viewport === 'phone') await expectNoSidewaysScroll(page);
    }
  });
});

describe('the public site', () => {
  it('opens from the home page on a phone, each page leading to the others, without an account', async () => {
    const page = await pageOn('phone');
    await page.goto('/');
    await page.getByTestId('home-business').click();
    await page.waitForURL('**/business');
    await page.locator('h1', { hasText: 'Tính năng và bảng giá' }).waitFor();
    expect(await textOf(page.getByTestId('site-price'))).toMatch(/₫\s*\/ phòng \/ tháng/u);
    expect(await textOf(page.getByTestId('site-fee-10'))).toMatch(/10 phòng\s*\d/u);
    await expectNoSidewaysScroll(page);
    for (const [label, path, title] of [
      ['Câu hỏi thường gặp', '/faq', 'Câu hỏi thường gặp'],
      ['Điều khoản sử dụng', '/termOfUse', 'Điều khoản sử dụng'],
      ['Bảo vệ dữ liệu', '/privacy', 'Bảo vệ dữ liệu'],
    ] as const) {
      await page
        .getByRole('navigation', { name: 'Thông tin về Nhà trọ' })
        .getByRole('link', { name: label })
        .click();
      await page.waitForURL(`**${path}`);
      await page.locator('h1', { hasText: title }).waitFor();
      await expectNoSidewaysScroll(page);
    }
    expect(await textOf(page.locator('main'))).toContain('Nghị định 13/2023/NĐ-CP');
  });
});
