// Browser journey of a notice (thông báo): the landlord (chunha, 'Nhà trọ Hoa Sen') opens 'Thông báo' from
// the side navigation, posts a notice to one room, and sees it sent to its tenant; the tenant, on a 375 px
// phone, finds it unread at /notifications and marks it read; the local outbox holds the message that
// would have gone out. The room, the contract and the tenant's password are set up through the API.
import { NOTIFICATION_MESSAGES } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OutboxMessage } from '../../api/src/domain/outbox.js';
import { sharedBrowser, newPage, screenshot, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { seeToast, storedSessionFor, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = 'Nhà trọ Hoa Sen';
const ROOM_NAME = `TB ${RUN}`;
const TITLE = `Bảo trì thang máy ${RUN}`;
const BODY = 'Sáng thứ Hai thang máy ngừng chạy từ 8 giờ đến 10 giờ để bảo trì.';
const TENANT_PASSWORD = `Thue${RUN}2026`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let landlordToken = '';
let houseID = '';
let tenantUsername = '';

async function call<T>(method: string, path: string, body?: unknown, token = landlordToken): Promise<T> {
  const reply = await api.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

async function signedInPage(
  session: Record<string, string>,
  viewport: keyof typeof VIEWPORTS,
): Promise<Page> {
  const { context, page } = await newPage(browser, baseURL, viewport);
  contexts.push(context);
  await page.goto('/favicon.svg');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, session);
  return page;
}

beforeAll(async () => {
  browser = await sharedBrowser();
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha!);
  landlordToken = landlord.token.accessToken;
  houseID = landlord.houses.find((house) => house.houseName === HOUSE_NAME)?.houseID ?? '';
  expect(houseID).not.toBe('');
  const room = await call<{ roomID: string }>('POST', '/odata/Room', {
    houseID,
    roomName: ROOM_NAME,
    acreage: 18,
    floor: 5,
    price: 2_600_000,
    currentElectricityIndex: 100,
    currentWaterIndex: 10,
  });
  const startYear = new Date().getFullYear() - 1;
  const contract = await call<{ contractID: string; representativeAccount: { username: string } }>(
    'POST',
    '/odata/Contract',
    {
      roomID: room.roomID,
      startDate: `${startYear}-01-01`,
      endDate: `${startYear + 3}-12-31`,
      deposit: 2_600_000,
      representative: {
        occupantName: `Đỗ Thị Thông Báo ${RUN}`,
        gender: 0,
        phoneNumber: `03${String(Date.now()).slice(-8)}`,
      },
    },
  );
  tenantUsername = contract.representativeAccount.username;
  // The tenant opens their account with the code sent to their phone and a password of their own.
  await tenantConfirmsOverHttp(api, contract.contractID, TENANT_PASSWORD);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('notices', () => {
  it('the landlord posts one to a room; its tenant reads it unread on a phone and marks it read', async () => {
    const landlordSession = await storedSessionFor(baseURL, 'chunha', DEMO_PASSWORDS.chunha!);
    const landlord = await signedInPage({ ...landlordSession, houseID }, 'desktop');
    await landlord.goto('/dashboard');
    await landlord.getByTestId('nav-notifications').click();
    await landlord.waitForURL((url) => url.pathname === '/notifications');
    await landlord.getByRole('heading', { level: 1, name: 'Thông báo' }).waitFor();

    await landlord.getByTestId('notification-create').click();
    const dialog = landlord.getByTestId('notification-dialog');
    await dialog.getByTestId('notification-submit').click();
    await dialog.getByText('Tiêu đề không được để trống!').waitFor();
    await dialog.getByTestId('notification-title').fill(TITLE);
    await dialog.getByTestId('notification-body').fill(BODY);
    await dialog.getByTestId('notification-audience-rooms').click();
    await dialog.getByTestId(`notification-room-${ROOM_NAME}`).check();
    await dialog.getByTestId('notification-submit').click();
    await seeToast(landlord, 'success', NOTIFICATION_MESSAGES.created);
    const card = landlord.getByTestId('notification-list').getByRole('listitem').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await textOf(card.getByTestId('notification-audience'))).toBe(`Phòng ${ROOM_NAME}`);
    expect(await textOf(card.getByTestId('notification-reach'))).toBe('Đã gửi đến 1 người thuê · 0 đã đọc');
    await screenshot(landlord, 'notifications-landlord-desktop');

    // The tenant, on a phone, finds it first and unread, and marks it read.
    const tenant = await signedInPage(
      await storedSessionFor(baseURL, tenantUsername, TENANT_PASSWORD),
      'phone',
    );
    await tenant.goto('/notifications');
    const notices = tenant.getByTestId('tenant-notices');
    const notice = notices.getByTestId('tenant-notice-list').getByRole('listitem').first();
    expect(await textOf(notice)).toContain(TITLE);
    expect(await textOf(notice)).toContain(BODY);
    await notice.getByTestId('tenant-notice-unread').waitFor();
    expect(await textOf(notices.getByTestId('tenant-notices-unread-count'))).toBe('1 chưa đọc');
    expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await screenshot(tenant, 'notifications-tenant-phone');
    await notice.getByTestId('tenant-notice-mark-read').click();
    await notice.getByTestId('tenant-notice-unread').waitFor({ state: 'detached' });
    await notices.getByTestId('tenant-notices-unread-count').waitFor({ state: 'detached' });
    expect(await notice.locator('[data-read]').first().getAttribute('data-read')).toBe('true');

    // The landlord sees it read; the local outbox holds the message to the tenant.
    await landlord.reload();
    await card.getByTestId('notification-reach').filter({ hasText: '· 1 đã đọc' }).waitFor();
    expect(await textOf(card.getByTestId('notification-reach'))).toBe('Đã gửi đến 1 người thuê · 1 đã đọc');
    const outbox = await api.request<{ data: OutboxMessage[] }>('GET', '/_dev/outbox?format=json');
    expect(outbox.body.data.filter((message) => message.subject === `${HOUSE_NAME}: ${TITLE}`)).toEqual([
      expect.objectContaining({
        event: 'notification',
        recipient: expect.objectContaining({ phoneNumber: tenantUsername }),
      }),
    ]);
  });
});
