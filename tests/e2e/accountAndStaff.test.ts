// Browser journeys of the landlord's own account and password recovery, on a 375 px phone:
// (1) a landlord whose information is incomplete (status 2, like the demo's chunhamoi) gets the modal,
//     completes their details with CCCD photos, then has the full navigation, adds a staff member, and
//     the staff member signs in with the one-time password;
// (2) someone who forgot their password asks for a link, reads it from the local outbox, sets a new
//     password and signs in with it; the old one fails.
// Both change who is complete and whose password is what, so they run on a product of their own (no demo
// data): the shared product's chunhamoi must stay incomplete for the shell tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LESSOR_INFO_MESSAGES, PASSWORD_RECOVERY_MESSAGES, ROLE, STAFF_MESSAGES } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { freePort } from '../../api/src/local/azurite.js';
import { startLocalProduct, type RunningProduct } from '../../api/src/local/product.js';
import { hashOneTimePassword } from '../../api/src/useCases/auth/passwords.js';
import { houseDocs } from '../../api/src/useCases/houseScope.js';
import { newHouseDoc, newMeteredFeeDocs } from '../../api/src/useCases/houses.js';
import { createUser } from '../../api/src/useCases/users.js';
import { launchBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.js';
import { makePng } from '../support/png.js';
import { textOf, toast } from '../support/ui.js';

const LANDLORD = { username: 'chunhaphone', password: 'ChuNhaPhone2026' };
const TENANT = { username: '0977000111', password: 'NguoiThueCu2026', phone: '0977000111' };
const HOUSE_NAME = 'Nhà trọ Phước Long';

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

/** An account whose password check is cheap (scrypt N=2^10): the accounts here are test data. */
async function anAccount(
  fields: { username: string; password: string; fullName: string; roleID: 2 | 4 },
  extra: Parameters<typeof createUser>[1]['extra'] = {},
) {
  return createUser(product.services, {
    ...fields,
    passwordHash: await hashOneTimePassword(fields.password),
    ...(fields.roleID === ROLE.lessee ? { phoneNumber: TENANT.phone } : {}),
    extra,
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'nhatro-e2e-account-'));
  const [started, launched] = await Promise.all([
    (async () => startLocalProduct({ port: await freePort(), dataDir, seed: false, log: () => undefined }))(),
    launchBrowser(),
  ]);
  product = started;
  browser = launched;
  const landlord = await anAccount(
    { ...LANDLORD, fullName: 'Võ Thanh Bình', roleID: ROLE.houseModerator },
    { roomQuota: 10, lessorInfo: { status: 2 } },
  );
  const house = newHouseDoc(
    { houseName: HOUSE_NAME, houseAddress: '5 Đỗ Xuân Hợp, TP. Thủ Đức', ownerID: landlord.userID },
    new Date().toISOString(),
  );
  await houseDocs(product.services).batch(
    house.houseID,
    [house, ...newMeteredFeeDocs(house.houseID)].map((doc) => ({ op: 'create' as const, doc })),
  );
  await anAccount({ ...TENANT, fullName: 'Lê Thị Quên', roleID: ROLE.lessee });
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

/** The labels of the side navigation, opened from the menu button on a phone, then closed again. */
async function navigationLabels(page: Page): Promise<string[]> {
  await page.getByTestId('nav-drawer-button').click();
  const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
  await nav.getByRole('link').first().waitFor();
  const labels = (await nav.getByRole('link').allTextContents()).map((label) => label.trim());
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'detached' });
  return labels;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );
}

describe('the landlord’s account on a phone', () => {
  // The longest journey here: two accounts sign in and a new password is hashed (scrypt) on the way.
  it(
    'incomplete: the modal, only account settings; completed with CCCD photos: the full navigation; a staff member added signs in with the one-time password',
    { timeout: 120_000 },
    async () => {
      const page = await phonePage();
      await logIn(page, LANDLORD.username, LANDLORD.password);
      await page
        .getByRole('list', { name: 'Danh sách nhà trọ' })
        .getByRole('button', { name: new RegExp(HOUSE_NAME) })
        .click();
      const modal = page.getByTestId('incomplete-account-dialog');
      await modal.getByTestId('incomplete-account-settings').click();
      await page.waitForURL((url) => url.pathname === '/accountSetting');
      expect(await navigationLabels(page)).toEqual(['Cài đặt tài khoản']);

      await page.getByTestId('lessor-info-incomplete').waitFor();
      await page.getByTestId('lessor-info-edit').click();
      await page.waitForURL((url) => url.pathname === '/lessorUpdateInfo');
      const form = page.getByRole('form', { name: 'Thông tin chủ trọ' });
      await form.getByTestId('lessor-fullName').fill('Võ Thanh Bình');
      await form.getByTestId('lessor-phoneNumber').fill('0912 000 111');
      await form.getByTestId('lessor-address').fill('5 Đỗ Xuân Hợp, P. Phước Long B, TP. Thủ Đức');
      await form.getByTestId('lessor-citizenID').fill('079088004321');
      for (const side of ['citizenIDFrontImage', 'citizenIDBackImage']) {
        await form.getByTestId(`lessor-photo-file-${side}`).setInputFiles({
          name: `${side}.png`,
          mimeType: 'image/png',
          buffer: Buffer.from(makePng()),
        });
        await form.getByTestId(`lessor-photo-${side}`).getByRole('img').waitFor();
      }
      // Without the bank account the form says what is missing, in Vietnamese, at the field.
      await form.getByTestId('lessor-info-submit').click();
      await form.getByText('Ngân hàng không được để trống!').waitFor();
      await form.getByTestId('lessor-bankName').selectOption('MBBank');
      await form.getByTestId('lessor-bankAccountNumber').fill('0912 000 111');
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'lessor-info-phone');
      await form.getByTestId('lessor-info-submit').click();
      await toast(page, 'success', LESSOR_INFO_MESSAGES.saved).waitFor();
      await page.waitForURL((url) => url.pathname === '/accountSetting');
      await page.getByTestId('lessor-info-complete').waitFor();
      expect(await textOf(page.getByTestId('lessor-info-citizenID'))).toBe('••••••••4321');
      expect(await page.evaluate(() => window.localStorage.getItem('isUserActive'))).toBe('true');
      expect(await navigationLabels(page)).toEqual([
        'Quản lý chung',
        'Quản lý phòng',
        'Quản lý người thuê',
        'Quản lý hợp đồng',
        'Phí dịch vụ tòa nhà',
        'Ghi chỉ số điện nước',
        'Thông báo',
        'Quản lý nhân viên',
        'Cài đặt tài khoản',
      ]);

      // The staff page, from the navigation: empty, then one staff member with a one-time password.
      await page.getByTestId('nav-drawer-button').click();
      await page.getByTestId('nav-staffManage').click();
      await page.getByTestId('staff-page').getByTestId('empty-state').waitFor();
      await page.getByTestId('staff-add').click();
      const dialog = page.getByTestId('add-staff-dialog');
      await dialog.getByTestId('staff-fullName').fill('Trần Văn Ghi');
      await dialog.getByTestId('staff-phoneNumber').fill('0933 444 555');
      await dialog.getByTestId('staff-username').fill('ghidien');
      await dialog.getByTestId('staff-submit').click();
      await toast(page, 'success', STAFF_MESSAGES.added).waitFor();
      const account = page.getByTestId('staff-account-dialog');
      expect(await textOf(account.getByTestId('staff-account-username'))).toBe('ghidien');
      const oneTimePassword = await textOf(account.getByTestId('staff-account-password'));
      await account.getByTestId('staff-account-done').click();
      await page.getByTestId('staff-ghidien').getByText(HOUSE_NAME).waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'staff-phone');

      const staff = await phonePage();
      await logIn(staff, 'ghidien', oneTimePassword);
      await staff.waitForURL((url) => url.pathname === '/newPassword');
      await staff.getByTestId('new-password-oldPassword').fill(oneTimePassword);
      await staff.getByTestId('new-password-newPassword').fill('GhiDienNuoc2026');
      await staff.getByTestId('new-password-confirmPassword').fill('GhiDienNuoc2026');
      await staff.getByTestId('new-password-submit').click();
      await staff
        .getByRole('list', { name: 'Danh sách nhà trọ' })
        .getByRole('button', { name: new RegExp(HOUSE_NAME) })
        .waitFor();
    },
  );
});

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
