// Browser journey of password recovery, on a 375 px phone: someone who forgot their password asks for a
// link, reads it from the local outbox, sets a new password and signs in with it; the old one fails and the
// link works once. (The landlord completing their account and adding staff is part of the sign-up journey,
// tests/e2e/registrations.test.ts.) It changes an account's password, so it runs on a product of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD_RECOVERY_MESSAGES, ROLE } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { freePort } from '../../api/src/local/azurite.js';
import { startLocalProduct, type RunningProduct } from '../../api/src/local/product.js';
import { hashOneTimePassword } from '../../api/src/useCases/shared/passwords.js';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { launchBrowser, newPage, VIEWPORTS } from '../support/browser.js';
import { textOf } from '../support/ui.js';

const TENANT = { username: '0977000111', password: 'NguoiThueCu2026', phone: '0977000111' };

let dataDir = '';
let product: RunningProduct;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function phonePage(): Promise<Page> {
  const { context, page } = await newPage(browser, product.url, 'phone');
  contexts.push(context);
  // A step that hangs fails with its locator, inside the test's own time limit.
  page.setDefaultTimeout(30_000);
  return page;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nhatro-e2e-account-'));
  const [started, launched] = await Promise.all([
    (async () => startLocalProduct({ port: await freePort(), dataDir, seed: false, log: () => undefined }))(),
    launchBrowser(),
  ]);
  product = started;
  browser = launched;
  // A tenant whose password check is cheap (scrypt N=2^10): the account is test data.
  await createUser(product.services, {
    username: TENANT.username,
    password: TENANT.password,
    passwordHash: await hashOneTimePassword(TENANT.password),
    fullName: 'Lê Thị Quên',
    roleID: ROLE.lessee,
    phoneNumber: TENANT.phone,
  });
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await product?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
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
    await page.getByTestId('forgot-password-contact').fill('0977 000 111');
    await page.getByTestId('forgot-password-submit').click();
    expect(await textOf(page.getByTestId('forgot-password-sent'))).toBe(PASSWORD_RECOVERY_MESSAGES.requested);

    const outbox = (await (await fetch(`${product.url}/_dev/outbox?format=json`)).json()) as {
      data: OutboxMessage[];
    };
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

    await logIn(page, TENANT.username, TENANT.password);
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
