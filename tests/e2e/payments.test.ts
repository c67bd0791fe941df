// Browser journey of an online payment, on the tenant's 375 px phone, through the local VNPay sandbox.
// Set-up through the API as chunha: a house of its own (no other test's contract is billed), a room, a
// contract with a tenant account, the month's draft and its issue. In the browser: the tenant opens their
// bill, pays, fails on the gateway's page and lands on /paymentFailure with nothing changed; pays again,
// succeeds, lands on /paymentSuccessful and sees the bill paid; the landlord's dashboard shows the money.
import { BILL_STATUS_LABELS } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedBrowser, newPage, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { storedSessionFor, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const RENT = 2_400_000;
const TENANT_PASSWORD = `Thue${RUN}2026`;
const POLL = { timeout: 15_000 };

let browser: Browser;
const contexts: BrowserContext[] = [];
let landlordToken = '';
const data = { houseID: '', roomID: '', monthlyBillID: '', tenantUsername: '' };

function money(amount: number): string {
  return `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`.replace(/\u00a0/g, ' ');
}

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

/** On the sandbox's card page, presses one of its buttons and waits to be back in the app. */
async function answerOnGateway(page: Page, button: string, landing: RegExp): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/paymentv2/vpcpay.html', POLL);
  expect(await page.getByText(money(RENT)).count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page
    .waitForURL((url) => landing.test(url.pathname), POLL)
    .catch((error: unknown) => {
      throw new Error(`still at ${page.url()}: ${String(error)}`);
    });
}

beforeAll(async () => {
  browser = await sharedBrowser();
  landlordToken = (await api.login('chunha', DEMO_PASSWORDS.chunha!)).token.accessToken;
  const house = await call<{ houseID: string }>('POST', '/odata/House', {
    houseName: `Nhà trọ Thanh Toán ${RUN}`,
    houseAddress: '12 Võ Văn Ngân, TP. Thủ Đức, TP. Hồ Chí Minh',
  });
  data.houseID = house.houseID;
  // Only the rent is billed: electricity and water are read as unchanged.
  const room = await call<{ roomID: string }>('POST', '/odata/Room', {
    houseID: data.houseID,
    roomName: `TT ${RUN}`,
    acreage: 16,
    floor: 1,
    price: RENT,
    currentElectricityIndex: 100,
    currentWaterIndex: 10,
  });
  data.roomID = room.roomID;
  const year = Number(new Date().getFullYear()) - 1;
  const contract = await call<{ contractID: string; representativeAccount: { username: string } }>(
    'POST',
    '/odata/Contract',
    {
      roomID: data.roomID,
      startDate: `${year}-01-01`,
      endDate: `${year + 3}-12-31`,
      deposit: RENT,
      deposited: true,
      representative: {
        occupantName: `Phan Văn Trả ${RUN}`,
        gender: 1,
        phoneNumber: `07${String(Date.now()).slice(-8)}`,
      },
    },
  );
  data.tenantUsername = contract.representativeAccount.username;
  // The tenant opens their account with the code sent to their phone and a password of their own.
  await tenantConfirmsOverHttp(api, contract.contractID, TENANT_PASSWORD);
  await call('PATCH', '/odata/MeterRecord', {
    records: [
      { roomID: data.roomID, kind: 'electricity', newIndex: 100 },
      { roomID: data.roomID, kind: 'water', newIndex: 10 },
    ],
  });
  const ticket = await call<{ houseTicketID: string }>('POST', '/api/HouseTicket/Draft', {
    houseID: data.houseID,
  });
  await call('PATCH', '/odata/HouseTicket', { houseTicketID: ticket.houseTicketID, issue: true });
  const bills = await call<{ value: Array<{ monthlyBillID: string; total: number }> }>(
    'GET',
    `/odata/Bill?roomID=${data.roomID}`,
  );
  expect(bills.value.map((bill) => bill.total)).toEqual([RENT]);
  data.monthlyBillID = bills.value[0]!.monthlyBillID;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('online payment', () => {
  it('the tenant pays on a phone: a failure changes nothing, a success marks the bill paid for both sides', async () => {
    const tenant = await signedInPage(
      await storedSessionFor(baseURL, data.tenantUsername, TENANT_PASSWORD),
      'phone',
    );
    await tenant.goto('/lesseeRoomDetail');
    const current = tenant.getByTestId('tenant-current-bill');
    await current.waitFor();
    expect(await textOf(tenant.getByTestId('tenant-current-bill-owed'))).toBe(money(RENT));
    const pay = tenant.getByTestId(`pay-online-${data.monthlyBillID}`);
    expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );

    // The card is refused: back on /paymentFailure, nothing was paid.
    await pay.click();
    await answerOnGateway(tenant, 'Thẻ không đủ số dư (thất bại)', /^\/paymentFailure$/);
    await expect
      .poll(() => textOf(tenant.getByTestId('payment-state')), POLL)
      .toBe('Thanh toán không thành công');
    expect(await textOf(tenant.getByTestId('payment-amount'))).toBe(money(RENT));
    await tenant.getByRole('link', { name: 'Về trang của tôi' }).click();
    await tenant.waitForURL((url) => url.pathname === '/lesseeRoomDetail');
    expect(await textOf(tenant.getByTestId('tenant-current-bill-owed'))).toBe(money(RENT));

    // Again, and this time it goes through: the gateway's notification confirmed it before the return.
    await tenant.getByTestId(`pay-online-${data.monthlyBillID}`).click();
    await answerOnGateway(tenant, 'Thanh toán', /^\/paymentSuccessful\/[A-Za-z0-9]{24}$/);
    await expect.poll(() => textOf(tenant.getByTestId('payment-state')), POLL).toBe('Thanh toán thành công');
    expect(await textOf(tenant.getByTestId('payment-amount'))).toBe(money(RENT));
    expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await tenant.getByRole('link', { name: 'Về trang của tôi' }).click();
    await tenant.waitForURL((url) => url.pathname === '/lesseeRoomDetail');
    await expect
      .poll(() => textOf(tenant.getByTestId('tenant-current-bill-status')), POLL)
      .toBe(BILL_STATUS_LABELS[3]);
    expect(await textOf(tenant.getByTestId('tenant-current-bill-owed'))).toBe(money(0));
    expect(await tenant.getByTestId(`pay-online-${data.monthlyBillID}`).count()).toBe(0);

    // The landlord's dashboard for that house shows the bill paid.
    const landlordSession = await storedSessionFor(baseURL, 'chunha', DEMO_PASSWORDS.chunha!);
    const landlord = await signedInPage({ ...landlordSession, houseID: data.houseID }, 'desktop');
    await landlord.goto('/dashboard');
    const paid = landlord.getByTestId('billing-paid');
    await expect.poll(() => textOf(paid), POLL).toContain('1 hóa đơn');
    expect(await textOf(paid)).toContain(money(RENT));
    const history = await call<{ payments: Array<{ method: string; amount: number }> }>(
      'GET',
      `/odata/MonthlyBill/${data.monthlyBillID}`,
    );
    expect(history.payments).toEqual([expect.objectContaining({ method: 'online', amount: RENT })]);
  });
});
