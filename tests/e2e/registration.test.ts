// Browser journey of a landlord signing up, on a 375 px phone: from the home page to /registration (the
// form, an identity photo uploaded), /registrationConfirm (both codes, read from the local outbox),
// /register and the local VNPay sandbox; the super admin approves on /adminLessorRegister; the new
// landlord logs in with the one-time password the approval e-mailed, chooses their own and sees their house.
import { REGISTRATION_MESSAGES, VERIFICATION_MESSAGES } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { launchBrowser, newPage, VIEWPORTS } from '../support/browser.js';
import { makePng } from '../support/png.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { storedSessionFor, textOf, toast } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const PHONE = `08${String(Date.now()).slice(-8)}`;
const EMAIL = `dangky.${RUN.toLowerCase()}@example.vn`;
const HOUSE_NAME = `Nhà trọ Đăng Ký ${RUN}`;
const NEW_PASSWORD = `ChuTro${RUN}2026`;
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

async function fitsThePhone(target: Page): Promise<void> {
  expect(await target.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('a landlord signs up', () => {
  // One long journey (five pages, the gateway, two other sessions): more time than the tier's default.
  it(
    'registers and verifies on a phone, pays in the sandbox, is approved, logs in and sees the house',
    { timeout: 180_000 },
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
      await toast(phone, 'success', REGISTRATION_MESSAGES.created).waitFor();
      await phone.waitForURL((url) => url.pathname === '/registrationConfirm');

      // Both verifications, with the codes the outbox holds.
      await phone.getByTestId('verify-email-send').click();
      await toast(phone, 'success', VERIFICATION_MESSAGES.emailSent).waitFor();
      await phone.getByTestId('verify-email-code').fill(await codeSentTo('email', EMAIL));
      await phone.getByTestId('verify-email-submit').click();
      await expect.poll(() => textOf(phone.getByTestId('verify-email-state')), POLL).toBe('Đã xác thực');
      await phone.getByTestId('verify-sms-send').click();
      await toast(phone, 'success', VERIFICATION_MESSAGES.smsSent).waitFor();
      expect(await textOf(phone.getByTestId('verify-sms-message'))).toContain(VERIFICATION_MESSAGES.smsSent);
      const smsCode = await codeSentTo('phoneNumber', PHONE);
      await phone.getByTestId('verify-sms-code').fill(smsCode === '000000' ? '000001' : '000000');
      await phone.getByTestId('verify-sms-submit').click();
      await toast(phone, 'error', VERIFICATION_MESSAGES.phoneCodeInvalid).waitFor();
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
      await toast(admin, 'success', REGISTRATION_MESSAGES.approved).waitFor();
      await admin.getByTestId('registrations-tab-approved').click();
      await admin.getByTestId(`registration-row-${registrationID}`).waitFor();

      // The new landlord: the e-mailed one-time password, their own password, their house.
      const mail = await outboxMessage(
        (message) => message.event === 'landlordAccountOpened' && message.recipient.email === EMAIL,
      );
      const oneTimePassword = /Mật khẩu dùng một lần: (\S+)\./.exec(mail.body)?.[1] ?? '';
      const landlord = await page('phone');
      await landlord.goto('/login');
      await landlord.getByLabel('Tên đăng nhập').fill(PHONE);
      await landlord.getByLabel('Mật khẩu', { exact: true }).fill(oneTimePassword);
      await landlord.getByRole('button', { name: 'Đăng nhập' }).click();
      await landlord.waitForURL((url) => url.pathname === '/newPassword');
      await landlord.getByTestId('new-password-oldPassword').fill(oneTimePassword);
      await landlord.getByTestId('new-password-newPassword').fill(NEW_PASSWORD);
      await landlord.getByTestId('new-password-confirmPassword').fill(NEW_PASSWORD);
      await landlord.getByTestId('new-password-submit').click();
      const houses = landlord.getByRole('list', { name: 'Danh sách nhà trọ' });
      await houses.getByRole('button', { name: new RegExp(HOUSE_NAME) }).waitFor(POLL);
      await fitsThePhone(landlord);
      expect((await api.login(PHONE, NEW_PASSWORD)).houses).toEqual([
        expect.objectContaining({ houseName: HOUSE_NAME, lessorInfo: { status: 2 } }),
      ]);
    },
  );
});
