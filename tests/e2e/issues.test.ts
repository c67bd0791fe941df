// Browser journey of an issue report (báo cáo sự cố), all on 375 px phones: the tenant reports a leak
// with a photo (and cancels a report sent by mistake); the landlord (chunha, 'Nhà trọ Hoa Sen') follows
// the dashboard's count to /requests, finds the report by its room, moves it to 'being handled' then
// 'resolved' with an answer and bills the repair; the tenant sees it resolved. The room, the contract
// and the tenant's password are set up through the API; what is asserted goes through the pages.
import { BILL_MESSAGES, ISSUE_MESSAGES, ISSUE_STATUS_LABELS } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, newPage, pictureFor, sharedBrowser, VIEWPORTS } from '../support/browser.js';
import { makePng } from '../support/png.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { seeToast, storedSessionFor, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = 'Nhà trọ Hoa Sen';
const ROOM_NAME = `SC ${RUN}`;
const TITLE = `Vòi nước rò rỉ ${RUN}`;
const DESCRIPTION = 'Vòi nước trong nhà tắm bị rò rỉ suốt đêm.';
const MISTAKE = `Gửi nhầm ${RUN}`;
const RESPONSE = 'Thợ sẽ đến sửa sáng mai.';
const TENANT_PASSWORD = `Thue${RUN}2026`;

const pages = cleanPages(baseURL);
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
let landlordToken = '';
let houseID = '';
let roomID = '';
let tenantUsername = '';

async function call<T>(method: string, path: string, body?: unknown, token = landlordToken): Promise<T> {
  const reply = await api.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

/** A phone whose localStorage holds a signed-in session (the login form is tested elsewhere). */
async function signedInPhone(session: Record<string, string>): Promise<Page> {
  return (await pages.open('phone', session)).page;
}

/** A second phone beside the first, in a context of its own, holding another session. */
async function otherSignedInPhone(session: Record<string, string>): Promise<Page> {
  browser ??= await sharedBrowser();
  const { context, page } = await newPage(browser, baseURL, 'phone');
  contexts.push(context);
  await page.goto('/favicon.svg');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, session);
  return page;
}

beforeAll(async () => {
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha!);
  landlordToken = landlord.token.accessToken;
  houseID = landlord.houses.find((house) => house.houseName === HOUSE_NAME)?.houseID ?? '';
  expect(houseID).not.toBe('');
  const room = await call<{ roomID: string }>('POST', '/odata/Room', {
    houseID,
    roomName: ROOM_NAME,
    acreage: 16,
    floor: 4,
    price: 2_400_000,
    currentElectricityIndex: 100,
    currentWaterIndex: 10,
  });
  roomID = room.roomID;
  // Started last year, so the contract is in force today.
  const startYear = new Date().getFullYear() - 1;
  const contract = await call<{ contractID: string; representativeAccount: { username: string } }>(
    'POST',
    '/odata/Contract',
    {
      roomID,
      startDate: `${startYear}-01-01`,
      endDate: `${startYear + 3}-12-31`,
      deposit: 2_400_000,
      deposited: true,
      representative: {
        occupantName: `Phan Thị Sự Cố ${RUN}`,
        gender: 0,
        phoneNumber: `07${String(Date.now()).slice(-8)}`,
      },
    },
  );
  tenantUsername = contract.representativeAccount.username;
  // The tenant opens their account with the code sent to their phone and a password of their own.
  await tenantConfirmsOverHttp(api, contract.contractID, TENANT_PASSWORD);
});

afterAll(async () => {
  await pages.closePages();
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

describe('issue reports', () => {
  it('go from the tenant’s phone report with a photo to resolved on /requests', async () => {
    // The tenant reports on a phone, with a photo.
    const tenant = await signedInPhone(await storedSessionFor(baseURL, tenantUsername, TENANT_PASSWORD));
    await tenant.goto('/lesseeRoomDetail');
    const section = tenant.getByTestId('tenant-issues-section');
    await section.getByTestId('tenant-issues-empty').waitFor();
    await section.getByTestId('issue-submit').click();
    await section.getByText('Tiêu đề không được để trống!').waitFor();
    await section.getByTestId('issue-title').fill(TITLE);
    await section.getByTestId('issue-description').fill(DESCRIPTION);
    await section.getByTestId('issue-photo-file').setInputFiles({
      name: 'voi-nuoc.png',
      mimeType: 'image/png',
      buffer: Buffer.from(makePng({ width: 40, height: 30, rgba: [30, 120, 200, 255] })),
    });
    await section.getByTestId('issue-photo-list').getByRole('img').waitFor();
    await section.getByTestId('issue-submit').click();
    await seeToast(tenant, 'success', ISSUE_MESSAGES.sent);
    const own = section.getByTestId('tenant-issues').getByRole('listitem').filter({ hasText: TITLE });
    await own.waitFor();
    expect(await textOf(own.getByTestId('tenant-issue-status'))).toBe(ISSUE_STATUS_LABELS[1]);
    await own.getByTestId('tenant-issue-photos').getByRole('img').waitFor();
    await own.getByTestId('tenant-issue-cancel').waitFor();
    expect(await section.getByTestId('issue-title').inputValue()).toBe('');

    // A second report, sent by mistake, is cancelled while nobody has handled it.
    await section.getByTestId('issue-title').fill(MISTAKE);
    await section.getByTestId('issue-description').fill('Gửi nhầm.');
    await section.getByTestId('issue-submit').click();
    const mistake = section.getByTestId('tenant-issues').getByRole('listitem').filter({ hasText: MISTAKE });
    await mistake.getByTestId('tenant-issue-cancel').click();
    await tenant.getByTestId('tenant-issue-cancel-dialog-confirm').click();
    await seeToast(tenant, 'success', ISSUE_MESSAGES.cancelled);
    await mistake.waitFor({ state: 'detached' });
    await own.waitFor();
    const width = await tenant.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await pictureFor(tenant, 'issues-tenant-phone');

    // The landlord finds it by its room and moves it to 2, then to 3 with an answer.
    const landlordSession = await storedSessionFor(baseURL, 'chunha', DEMO_PASSWORDS.chunha!);
    const landlord = await otherSignedInPhone({ ...landlordSession, houseID });
    // The dashboard counts the house's unresolved reports and leads to /requests.
    await landlord.goto('/dashboard');
    await landlord.getByTestId('open-issues-count').waitFor();
    await expect
      .poll(async () => Number((await textOf(landlord.getByTestId('open-issues-count'))).replace(/\D/g, '')))
      .toBeGreaterThanOrEqual(1);
    await landlord.getByTestId('open-issues-link').click();
    await landlord.waitForURL((url) => url.pathname === '/requests');
    await landlord.getByRole('heading', { level: 1, name: 'Báo cáo sự cố' }).waitFor();
    await landlord.getByTestId('issues-filter-room').selectOption({ label: `Phòng ${ROOM_NAME}` });
    const card = landlord.getByTestId('issue-list').getByRole('listitem').filter({ hasText: TITLE });
    await card.waitFor();
    const issueID = ((await card.getAttribute('data-testid')) ?? '').replace(/^issue-/, '');
    const cardText = await textOf(card);
    expect(cardText).toContain(`Phòng ${ROOM_NAME}`);
    expect(cardText).toContain(DESCRIPTION);
    expect(cardText).toContain(`Phan Thị Sự Cố ${RUN}`);
    await card.getByTestId('issue-photos').getByRole('img').waitFor();
    expect(await textOf(card.getByTestId('issue-status'))).toBe(ISSUE_STATUS_LABELS[1]);

    await card.getByTestId('issue-set-status').click();
    const dialog = landlord.getByTestId('issue-status-dialog');
    await dialog.getByTestId('issue-status-2').click();
    await dialog.getByTestId('issue-status-submit').click();
    await seeToast(landlord, 'success', ISSUE_MESSAGES.statusUpdated[2]);
    await expect.poll(() => textOf(card.getByTestId('issue-status'))).toBe(ISSUE_STATUS_LABELS[2]);

    await card.getByTestId('issue-set-status').click();
    await dialog.getByTestId('issue-status-3').click();
    await dialog.getByTestId('issue-response').fill(RESPONSE);
    await dialog.getByTestId('issue-status-submit').click();
    await seeToast(landlord, 'success', ISSUE_MESSAGES.statusUpdated[3]);
    await expect.poll(() => textOf(card.getByTestId('issue-status'))).toBe(ISSUE_STATUS_LABELS[3]);
    expect(await textOf(card.getByTestId('issue-response'))).toContain(RESPONSE);
    expect(await landlord.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await pictureFor(landlord, 'issues-requests-phone');

    // The repair is billed to the tenant as a one-time charge linked to the report.
    await card.getByTestId('issue-charge').click();
    const chargeDialog = landlord.getByTestId('issue-charge-dialog');
    expect(await chargeDialog.getByTestId('issue-charge-description').inputValue()).toBe(TITLE);
    await chargeDialog.getByTestId('issue-charge-amount').fill('150000');
    await chargeDialog.getByTestId('issue-charge-submit').click();
    await seeToast(landlord, 'success', BILL_MESSAGES.chargeAdded);
    const charges = await call<{ value: Array<{ description: string; amount: number; issueID?: string }> }>(
      'GET',
      `/odata/OneTimeCharge?roomID=${roomID}`,
    );
    expect(charges.value).toEqual([
      expect.objectContaining({ description: TITLE, amount: 150_000, issueID }),
    ]);

    // The tenant sees it resolved, with the answer, and can no longer cancel it.
    await tenant.reload();
    await own.waitFor();
    await expect.poll(() => textOf(own.getByTestId('tenant-issue-status'))).toBe(ISSUE_STATUS_LABELS[3]);
    expect(await textOf(own.getByTestId('tenant-issue-response'))).toContain(RESPONSE);
    expect(await own.getByTestId('tenant-issue-cancel').count()).toBe(0);
  }, 30_000);
});
