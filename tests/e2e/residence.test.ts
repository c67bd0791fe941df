// Issue 27 §1 and §4 in Chromium: the landlord at 1280 px sees the residence deadline on the dashboard,
// downloads the prefilled CT01 form and records the declaration with a photo of its receipt, seen on the
// person's page; a tenant at 375 px downloads their own data as a PDF and confirms the consent to keep
// their identity papers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERSONAL_DATA_MESSAGES, RESIDENCE_MESSAGES } from '@nhatro/common';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { seeToast, storedSessionFor, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const pages = cleanPages(baseURL);
let landlordToken = '';
let tenancy = { houseID: '', roomID: '' };

beforeAll(async () => {
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha!);
  landlordToken = landlord.token.accessToken;
  const tenant = await api.login('nguoithue', DEMO_PASSWORDS.nguoithue!);
  tenancy = { houseID: tenant.houseID ?? '', roomID: tenant.roomID ?? '' };
  expect(tenancy.roomID).not.toBe('');
});

afterEach(async () => {
  await pages.closePages();
});

/** Today in Vietnam, `days` days from now (yyyy-mm-dd). */
function vietnamDay(days = 0): string {
  return new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Clicks `button` and checks that the API answered with a PDF at a path containing `path`. */
async function expectPdf(page: Page, button: Locator, path: string): Promise<void> {
  const reply = page.waitForResponse((response) => response.url().includes(path), { timeout: 30_000 });
  await button.click();
  const response = await reply;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
}

describe('residence declarations and personal data', () => {
  it('the landlord at 1280 px: the dashboard card, the CT01 form, the declaration recorded', async () => {
    const name = `Phan Thị Mai ${RUN}`;
    const created = await api.request<{ lesseeInfoID: string }>('POST', '/odata/LesseeInfor', {
      token: landlordToken,
      body: { roomID: tenancy.roomID, occupantName: name, gender: 0, residentialStartDate: vietnamDay(-2) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    try {
      const session = await storedSessionFor(baseURL, 'chunha', DEMO_PASSWORDS.chunha!);
      const { page } = await pages.open('desktop', { ...session, houseID: tenancy.houseID });
      expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
      await page.goto('/dashboard');
      const card = page.getByTestId('residence-card');
      await card
        .getByTestId('residence-card-text')
        .filter({ hasText: 'người chưa khai báo cư trú' })
        .waitFor();
      await card.scrollIntoViewIfNeeded();
      await pictureFor(page, 'residence-dashboard-card-desktop');
      await card.getByTestId('residence-card-link').click();
      await page.waitForURL((url) => url.pathname === '/residence');
      await page.getByRole('heading', { level: 1, name: 'Khai báo tạm trú, lưu trú' }).waitFor();

      const row = page.getByTestId('residence-deadline').filter({ hasText: name });
      const text = await textOf(row);
      expect(text).toContain('Còn 27 ngày');
      expect(text).toContain('Đăng ký tạm trú');
      await pictureFor(page, 'residence-page-desktop');
      await expectPdf(page, row.getByTestId('residence-ct01'), '/api/Residence/CT01');

      await row.getByTestId('residence-declare').click();
      await page.getByTestId('residence-method').waitFor({ state: 'attached' });
      expect(await page.getByTestId('residence-declared-on').inputValue()).toBe(vietnamDay());
      // The receipt's photo, as a phone's camera gives it (a real JPEG from the fixtures).
      await page.getByTestId('residence-photo-file-residenceReceiptImage').setInputFiles({
        name: 'bien-nhan.jpg',
        mimeType: 'image/jpeg',
        buffer: readFileSync(join(import.meta.dirname, '../fixtures/images/photo-baseline.jpg')),
      });
      await page.getByRole('button', { name: 'Đổi ảnh biên nhận khai báo' }).waitFor();
      await page
        .getByTestId('residence-photo-residenceReceiptImage')
        .locator('img')
        .waitFor({ state: 'visible' });
      await pictureFor(page, 'residence-declare-desktop');
      await page.getByTestId('residence-save').click();
      await seeToast(page, 'success', RESIDENCE_MESSAGES.declared);
      await row.waitFor({ state: 'detached' });
      const stored = await api.request<{
        residenceDeclaredOn?: string;
        residenceMethod?: string;
        residenceReceiptImage?: string;
      }>('GET', `/odata/Lessee/${created.body.lesseeInfoID}`, { token: landlordToken });
      expect(stored.body).toMatchObject({ residenceDeclaredOn: vietnamDay(), residenceMethod: 'vneid' });
      expect(stored.body.residenceReceiptImage).toMatch(new RegExp(`^${tenancy.houseID}/.+\\.jpg$`));

      // The person's page shows the declaration with the receipt, which opens as a photo.
      await page.goto(`/lessees/${created.body.lesseeInfoID}`);
      const receipt = page.getByTestId('lessee-residence-receipt');
      await receipt.locator('img').waitFor({ state: 'visible' });
      const shown = await receipt
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
      expect(shown).toBe(true);
    } finally {
      await api.request('DELETE', `/odata/LesseeInfor/${created.body.lesseeInfoID}`, {
        token: landlordToken,
      });
    }
  });

  it('a tenant at 375 px: their own data as a PDF, and the consent confirmed', async () => {
    const session = await storedSessionFor(baseURL, 'nguoithue', DEMO_PASSWORDS.nguoithue!);
    const { page } = await pages.open('phone', session);
    expect(page.viewportSize()?.width).toBe(375);
    await page.goto('/myData');
    await page.getByRole('heading', { level: 1, name: 'Dữ liệu cá nhân của tôi' }).waitFor();
    expect(await textOf(page.getByTestId('my-data-summary'))).toContain('Tên đăng nhập: nguoithue');
    await noSidewaysScroll(page);
    await expectPdf(page, page.getByTestId('my-data-pdf'), '/api/User/MyData?format=pdf');

    const consent = page.getByTestId('my-data-consent');
    const confirm = consent.getByTestId('my-data-confirm-consent');
    if (await confirm.isVisible()) {
      await confirm.click();
      await seeToast(page, 'success', PERSONAL_DATA_MESSAGES.consentConfirmed);
    }
    await consent.getByText('Bạn đã xác nhận đồng ý lúc').waitFor();
    await pictureFor(page, 'my-data-phone');
    await noSidewaysScroll(page);
  });
});
