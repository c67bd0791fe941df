// Browser journey of a landlord signing up, on a 375 px phone: from the home page to /registration (the
// form, an identity photo uploaded), /registrationConfirm (both codes, read from the local outbox),
// /register and the local VNPay sandbox; the super admin approves on /adminLessorRegister; the new
// landlord logs in with the one-time password the approval e-mailed and chooses their own. Their
// information is incomplete (status 2): the modal, only account settings; completed with CCCD photos and
// a bank account, the full navigation. They add a second house from the house switcher, a room in it and
// a staff member, who signs in with the one-time password.
import {
  LESSOR_INFO_MESSAGES,
  REGISTRATION_MESSAGES,
  STAFF_MESSAGES,
  VERIFICATION_MESSAGES,
} from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { sharedBrowser, newPage, VIEWPORTS } from '../support/browser.js';
import { makePng } from '../support/png.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { closeToasts, LANDLORD_NAVIGATION, seeToast, storedSessionFor, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const PHONE = `08${String(Date.now()).slice(-8)}`;
const EMAIL = `dangky.${RUN.toLowerCase()}@example.vn`;
const HOUSE_NAME = `Nhà trọ Đăng Ký ${RUN}`;
const NEW_PASSWORD = `ChuTro${RUN}2026`;
const SECOND_HOUSE = `Nhà trọ Thứ Hai ${RUN}`;
const STAFF_USERNAME = `ghidien.${RUN.toLowerCase()}`;
const POLL = { timeout: 15_000 };

let browser: Browser;
const contexts: BrowserContext[] = [];

async function page(viewport: keyof typeof VIEWPORTS, session?: Record<string, string>): Promise<Page> {
  const opened = await newPage(browser, baseURL, viewport);
  contexts.push(opened.context);
  if (session) {
    await opened.page.goto('/favicon.svg');
    await opened.page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, session);
  }
  return opened.page;
}

/** The newest message of the local outbox that `matches`. */
async function outboxMessage(matches: (message: OutboxMessage) => boolean): Promise<OutboxMessage> {
  const reply = await api.request<{ data: OutboxMessage[] }>('GET', '/_dev/outbox?format=json');
  const found = reply.body.data.find(matches);
  if (!found) throw new Error('no such message in the outbox');
  return found;
}

async function codeSentTo(recipient: 'email' | 'phoneNumber', address: string): Promise<string> {
  const message = await outboxMessage(
    (candidate) => candidate.event === 'verificationCode' && candidate.recipient[recipient] === address,
  );
  return /\b(\d{6})\b/.exec(message.body)?.[1] ?? '';
}

async function logIn(target: Page, username: string, password: string): Promise<void> {
  await target.goto('/login');
  await target.getByLabel('Tên đăng nhập').fill(username);
  await target.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await target.getByRole('button', { name: 'Đăng nhập' }).click();
}

/** The labels of the side navigation, opened from the menu button on a phone, then closed again. */
async function navigationLabels(target: Page): Promise<string[]> {
  // A toast of the step before (the new password saved) may still cover the app bar.
  await closeToasts(target);
  await target.getByTestId('nav-drawer-button').click();
  const nav = target.getByRole('navigation', { name: 'Điều hướng chính' });
  await nav.getByRole('link').first().waitFor();
  const labels = (await nav.getByRole('link').allTextContents()).map((label) => label.trim());
  await target.keyboard.press('Escape');
  await nav.waitFor({ state: 'detached' });
  return labels;
}

async function fitsThePhone(target: Page): Promise<void> {
  expect(await target.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );
}

beforeAll(async () => {
  browser = await sharedBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('a landlord signs up', () => {
  // One long journey (five pages, the gateway, two other sessions): more time than the tier's default.
  it(
    'registers and verifies on a phone, pays in the sandbox, is approved, completes their details, adds a house, a room and a staff member who signs in',
    { timeout: 240_000 },
    async () => {
      const phone = await page('phone');

      // The form, reached from the home page.
      await phone.goto('/');
      await phone.getByTestId('home-registration').click();
      await phone.waitForURL((url) => url.pathname === '/registration');
      await phone.getByTestId('registration-fullName').fill(`Lê Văn Đăng ${RUN}`);
      await phone.getByTestId('registration-phoneNumber').fill(PHONE);
      await phone.getByTestId('registration-email').fill(EMAIL);
      await phone.getByTestId('registration-houseName').fill(HOUSE_NAME);
      await phone
        .getByTestId('registration-houseAddress')
        .fill('88 Nguyễn Trãi, P. 3, Q. 5, TP. Hồ Chí Minh');
      await phone.getByTestId('registration-roomQuota').fill('30');
      expect(await textOf(phone.getByTestId('registration-estimate'))).toBe(
        'Phí dự kiến: 3.600.000 ₫ cho 12 tháng.',
      );
      await phone
        .getByTestId('registration-paper-file')
        .setInputFiles({ name: 'cccd-mat-truoc.png', mimeType: 'image/png', buffer: Buffer.from(makePng()) });
      await phone.getByTestId('registration-paper-list').getByText('cccd-mat-truoc.png').waitFor(POLL);
      await fitsThePhone(phone);
      await phone.getByTestId('registration-submit').click();
      // On a phone a toast shows at the bottom, off the app bar's menu and house switcher.
      const created = phone.locator('.Toastify__toast', { hasText: REGISTRATION_MESSAGES.created }).first();
      await created.waitFor();
      expect((await created.boundingBox())?.y).toBeGreaterThan(VIEWPORTS.phone.height / 2);
      await seeToast(phone, 'success', REGISTRATION_MESSAGES.created);
      await phone.waitForURL((url) => url.pathname === '/registrationConfirm');

      // Both verifications, with the codes the outbox holds.
      await phone.getByTestId('verify-email-send').click();
      await seeToast(phone, 'success', VERIFICATION_MESSAGES.emailSent);
      await phone.getByTestId('verify-email-code').fill(await codeSentTo('email', EMAIL));
      await phone.getByTestId('verify-email-submit').click();
      await expect.poll(() => textOf(phone.getByTestId('verify-email-state')), POLL).toBe('Đã xác thực');
      await phone.getByTestId('verify-sms-send').click();
      await seeToast(phone, 'success', VERIFICATION_MESSAGES.smsSent);
      expect(await textOf(phone.getByTestId('verify-sms-message'))).toContain(VERIFICATION_MESSAGES.smsSent);
      const smsCode = await codeSentTo('phoneNumber', PHONE);
      await phone.getByTestId('verify-sms-code').fill(smsCode === '000000' ? '000001' : '000000');
      await phone.getByTestId('verify-sms-submit').click();
      await seeToast(phone, 'error', VERIFICATION_MESSAGES.phoneCodeInvalid);
      await phone.getByTestId('verify-sms-code').fill(smsCode);
      await phone.getByTestId('verify-sms-submit').click();
      await expect.poll(() => textOf(phone.getByTestId('verify-sms-state')), POLL).toBe('Đã xác thực');
      await fitsThePhone(phone);

      // The fee, then the sandbox's card page.
      await phone.getByTestId('registration-continue').click();
      await phone.waitForURL((url) => url.pathname === '/register');
      expect(await textOf(phone.getByTestId('registration-fee-amount'))).toBe('3.600.000 ₫');
      await phone.getByTestId('registration-pay').click();
      await phone.waitForURL((url) => url.pathname === '/paymentv2/vpcpay.html', POLL);
      await phone.getByRole('button', { name: 'Thanh toán', exact: true }).click();
      await phone.waitForURL(
        (url) => /^\/paymentLessorSuccessful\/[A-Za-z0-9]{24}$/.test(url.pathname),
        POLL,
      );
      await expect.poll(() => textOf(phone.getByTestId('payment-state')), POLL).toBe('Thanh toán thành công');
      const { registrationID } = JSON.parse(
        (await phone.evaluate(() => window.localStorage.getItem('nhatroRegistration'))) ?? '{}',
      ) as { registrationID: string };

      // The super admin approves it.
      const admin = await page('desktop', await storedSessionFor(baseURL, 'admin', DEMO_PASSWORDS.admin!));
      await admin.goto('/adminLessorRegister');
      await admin.getByTestId(`registration-row-${registrationID}`).click();
      await admin.getByTestId('registration-approve').click();
      await admin.getByTestId('registration-approve-confirm').getByRole('button', { name: 'Duyệt' }).click();
      await seeToast(admin, 'success', REGISTRATION_MESSAGES.approved);
      await admin.getByTestId('registrations-tab-approved').click();
      await admin.getByTestId(`registration-row-${registrationID}`).waitFor();

      // The new landlord: the e-mailed one-time password, their own password, their house.
      const mail = await outboxMessage(
        (message) => message.event === 'landlordAccountOpened' && message.recipient.email === EMAIL,
      );
      const oneTimePassword = /Mật khẩu dùng một lần: (\S+)\./.exec(mail.body)?.[1] ?? '';
      const landlord = await page('phone');
      await logIn(landlord, PHONE, oneTimePassword);
      await landlord.waitForURL((url) => url.pathname === '/newPassword');
      await landlord.getByTestId('new-password-newPassword').fill(NEW_PASSWORD);
      await landlord.getByTestId('new-password-submit').click();
      // Their only house is chosen for them; incomplete information: the modal, then only account
      // settings until it is complete.
      await landlord.getByTestId('incomplete-account-dialog').waitFor(POLL);
      await fitsThePhone(landlord);
      expect((await api.login(PHONE, NEW_PASSWORD)).houses).toEqual([
        expect.objectContaining({ houseName: HOUSE_NAME, lessorInfo: { status: 2 } }),
      ]);
      await landlord
        .getByTestId('incomplete-account-dialog')
        .getByTestId('incomplete-account-settings')
        .click();
      await landlord.waitForURL((url) => url.pathname === '/accountSetting');
      expect(await navigationLabels(landlord)).toEqual(['Cài đặt tài khoản']);
      await landlord.getByTestId('lessor-info-incomplete').waitFor();
      await landlord.getByTestId('lessor-info-edit').click();
      await landlord.waitForURL((url) => url.pathname === '/lessorUpdateInfo');
      const form = landlord.getByRole('form', { name: 'Thông tin chủ trọ' });
      await form.getByTestId('lessor-fullName').fill(`Lê Văn Đăng ${RUN}`);
      await form.getByTestId('lessor-phoneNumber').fill(PHONE);
      await form.getByTestId('lessor-address').fill('88 Nguyễn Trãi, P. 3, Q. 5, TP. Hồ Chí Minh');
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
      await fitsThePhone(landlord);
      await form.getByTestId('lessor-info-submit').click();
      await seeToast(landlord, 'success', LESSOR_INFO_MESSAGES.saved);
      await landlord.waitForURL((url) => url.pathname === '/accountSetting');
      await landlord.getByTestId('lessor-info-complete').waitFor();
      expect(await textOf(landlord.getByTestId('lessor-info-citizenID'))).toBe('••••••••4321');
      expect(await navigationLabels(landlord)).toEqual(LANDLORD_NAVIGATION.map((entry) => entry.label));

      // A second house, from the house switcher: it becomes the one being managed.
      await landlord.getByTestId('house-switcher').click();
      await landlord.getByTestId('house-switcher-add').click();
      const houseDialog = landlord.getByTestId('house-create-dialog');
      await houseDialog.getByTestId('house-create-submit').click();
      expect(await textOf(houseDialog.locator('#house-create-houseName-helper-text'))).toBe(
        'Tên nhà trọ không được để trống!',
      );
      await houseDialog.getByTestId('house-create-houseName').fill(SECOND_HOUSE);
      await houseDialog.getByTestId('house-create-houseAddress').fill('12 Lê Văn Việt, TP. Thủ Đức');
      await houseDialog.getByTestId('house-create-submit').click();
      await seeToast(landlord, 'success', 'Thêm nhà trọ thành công!');
      await expect
        .poll(() => landlord.getByTestId('house-switcher').getAttribute('aria-label'), POLL)
        .toBe(`Đổi nhà trọ (đang chọn: ${SECOND_HOUSE})`);

      // A room in it, from the empty house's 'Thêm phòng'.
      await landlord.goto('/rooms');
      await landlord.getByRole('heading', { level: 1, name: 'Quản lý phòng' }).waitFor();
      await landlord.getByTestId('empty-state').getByRole('button', { name: 'Thêm phòng' }).click();
      const roomDialog = landlord.getByRole('dialog', { name: 'Thêm phòng' });
      await roomDialog.getByLabel('Tên phòng').fill('A101');
      await roomDialog.getByLabel('Diện tích (m²)').fill('18');
      await roomDialog.getByLabel('Giá thuê (VND)').fill('2.500.000');
      await roomDialog.getByRole('button', { name: 'Tạo phòng' }).click();
      await seeToast(landlord, 'success', 'Tạo phòng mới thành công!');
      await landlord.getByTestId('room-groups').getByText('A101', { exact: true }).waitFor();

      // A staff member for it, who signs in with the one-time password and chooses their own.
      await landlord.getByTestId('nav-drawer-button').click();
      await landlord.getByTestId('nav-staffManage').click();
      await landlord.getByTestId('staff-page').getByTestId('empty-state').waitFor();
      await landlord.getByTestId('staff-add').click();
      const staffDialog = landlord.getByTestId('add-staff-dialog');
      await staffDialog.getByTestId('staff-fullName').fill('Trần Văn Ghi');
      await staffDialog.getByTestId('staff-phoneNumber').fill('0933 444 555');
      await staffDialog.getByTestId('staff-username').fill(STAFF_USERNAME);
      await staffDialog.getByTestId('staff-submit').click();
      await seeToast(landlord, 'success', STAFF_MESSAGES.added);
      const account = landlord.getByTestId('staff-account-dialog');
      expect(await textOf(account.getByTestId('staff-account-username'))).toBe(STAFF_USERNAME);
      const staffPassword = await textOf(account.getByTestId('staff-account-password'));
      await account.getByTestId('staff-account-done').click();
      await landlord.getByTestId(`staff-${STAFF_USERNAME}`).getByText(SECOND_HOUSE).waitFor();
      await fitsThePhone(landlord);

      const staff = await page('phone');
      await logIn(staff, STAFF_USERNAME, staffPassword);
      await staff.waitForURL((url) => url.pathname === '/newPassword');
      await staff.getByTestId('new-password-newPassword').fill('GhiDienNuoc2026');
      await staff.getByTestId('new-password-submit').click();
      // Their only house is chosen for them.
      await staff.getByTestId('house-switcher').filter({ hasText: SECOND_HOUSE }).waitFor(POLL);
    },
  );
});
