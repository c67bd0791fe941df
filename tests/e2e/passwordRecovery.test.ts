// Browser journey of password recovery, on a 375 px phone: someone who forgot their password asks for a
// link, reads it from the local outbox, sets a new password and signs in with it; the old one fails and the
// link works once. (The landlord completing their account and adding staff is part of the sign-up journey,
// tests/e2e/registrations.test.ts.) The account is a tenant of this file's own, so the shared product
// serves it.
import { PASSWORD_RECOVERY_MESSAGES } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { newPage, sharedBrowser, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const PHONE = `09${String(Date.now()).slice(-8)}`;
const OLD_PASSWORD = `NguoiThueCu${RUN}2026`;
const TENANT = { username: '', phone: PHONE };

let browser: Browser;
const contexts: BrowserContext[] = [];

async function phonePage(): Promise<Page> {
  const { context, page } = await newPage(browser, baseURL, 'phone');
  contexts.push(context);
  // A step that hangs fails with its locator, inside the test's own time limit.
  page.setDefaultTimeout(30_000);
  return page;
}

async function call<T>(method: string, path: string, token: string, body: unknown): Promise<T> {
  const reply = await api.request<T>(method, path, { token, body });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

beforeAll(async () => {
  browser = await sharedBrowser();
  // A tenant of a room and contract of this file's own (chunha, 'Nhà trọ Hoa Sen'), whose account is
  // opened with a password of their own: the demo accounts' passwords stay as they are.
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha!);
  const token = landlord.token.accessToken;
  const houseID = landlord.houses.find((house) => house.houseName === 'Nhà trọ Hoa Sen')?.houseID ?? '';
  expect(houseID).not.toBe('');
  const room = await call<{ roomID: string }>('POST', '/odata/Room', token, {
    houseID,
    roomName: `QMK ${RUN}`,
    acreage: 15,
    floor: 5,
    price: 2_000_000,
    currentElectricityIndex: 0,
    currentWaterIndex: 0,
  });
  const startYear = new Date().getFullYear() - 1;
  const contract = await call<{ contractID: string; representativeAccount: { username: string } }>(
    'POST',
    '/odata/Contract',
    token,
    {
      roomID: room.roomID,
      startDate: `${startYear}-01-01`,
      endDate: `${startYear + 3}-12-31`,
      deposit: 2_000_000,
      deposited: true,
      representative: { occupantName: `Lê Thị Quên ${RUN}`, gender: 1, phoneNumber: PHONE },
    },
  );
  TENANT.username = contract.representativeAccount.username;
  await tenantConfirmsOverHttp(api, contract.contractID, OLD_PASSWORD);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Tên đăng nhập').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );
}

describe('password recovery on a phone', () => {
  it('forgot → the link from the local outbox → a new password; the old one fails, the new one signs in', async () => {
    const page = await phonePage();
    await page.goto('/login');
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL((url) => url.pathname === '/forgotPassword');
    await page
      .getByTestId('forgot-password-contact')
      .fill(`${PHONE.slice(0, 4)} ${PHONE.slice(4, 7)} ${PHONE.slice(7)}`);
    await page.getByTestId('forgot-password-submit').click();
    expect(await textOf(page.getByTestId('forgot-password-sent'))).toBe(PASSWORD_RECOVERY_MESSAGES.requested);

    const outbox = (await api.request<{ data: OutboxMessage[] }>('GET', '/_dev/outbox?format=json')).body;
    const message = outbox.data.find(
      (candidate) =>
        candidate.event === 'passwordRecovery' && candidate.recipient.phoneNumber === TENANT.phone,
    );
    const link = new URL(message?.link ?? '');
    expect(link.pathname).toMatch(/^\/ChangePassword\/[A-Za-z0-9_.-]+$/);

    await page.goto(link.pathname);
    await page.getByTestId('reset-password-newPassword').fill('NguoiThueMoi2026');
    await page.getByTestId('reset-password-confirmPassword').fill('NguoiThueMoi2026');
    await expectNoSidewaysScroll(page);
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-password-done').waitFor();
    await page.getByTestId('reset-password-login').click();
    await page.waitForURL((url) => url.pathname === '/login');

    await logIn(page, TENANT.username, OLD_PASSWORD);
    expect(await textOf(page.getByTestId('login-error'))).toBe('Tên đăng nhập hoặc mật khẩu không đúng!');
    await logIn(page, TENANT.username, 'NguoiThueMoi2026');
    await page.waitForURL((url) => url.pathname !== '/login');

    // The same link again, and the spec's capitalised address of the request page.
    await page.goto(link.pathname);
    await page.getByTestId('reset-password-newPassword').fill('LanNuaNhe2026');
    await page.getByTestId('reset-password-confirmPassword').fill('LanNuaNhe2026');
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-password-link-invalid').waitFor();
    await page.goto('/ForgotPassword');
    await page.getByTestId('forgot-password-page').waitFor();
  });
});
