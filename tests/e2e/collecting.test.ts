// Browser journey of collecting a month: the landlord (chunha) issues the month's draft of a house of its
// own, /billDraft then says the month was issued and leads to the month's bills, where the landlord
// reminds one tenant (the message is in the outbox), takes the other's bill in cash and sees the row
// paid; the screen fits a 375 px phone. Then a tenant's home on a phone: the unpaid bill first, with
// 'Thanh toán'. Set-up goes through the API: a house, two rooms with contracts (tenant accounts),
// their readings and the month's draft.
import { BILL_MESSAGES, BILL_STATUS_LABELS, type MonthlyBill } from '@nhatro/common';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor, screenshot, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { closeToasts, seeToast, storedSessionFor, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = `Nhà trọ Thu Tiền ${RUN}`;
const RENT = 2_500_000;
const TENANT_PASSWORD = `Thu${RUN}2026`;
/** The product shares two cores with other suites: a screen may take a few seconds to settle. */
const SLOW = { timeout: 15_000 } as const;

const pages = cleanPages(baseURL);
let token = '';
let houseID = '';
let houseTicketID = '';
const rooms: Array<{ roomID: string; roomName: string; tenant: string }> = [];

function vietnamMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()).slice(0, 7);
}

async function call<T>(method: string, path: string, body?: unknown, as = token): Promise<T> {
  const reply = await api.request<T>(method, path, { token: as, ...(body === undefined ? {} : { body }) });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

async function fitsThePhone(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), SLOW)
    .toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

beforeAll(async () => {
  token = (await api.login('chunha', DEMO_PASSWORDS.chunha!)).token.accessToken;
  houseID = (
    await call<{ houseID: string }>('POST', '/odata/House', {
      houseName: HOUSE_NAME,
      houseAddress: '9 Nguyễn Trãi, Phường 2, Quận 5, TP. Hồ Chí Minh',
    })
  ).houseID;
  const month = vietnamMonth();
  const startYear = Number(month.slice(0, 4)) - 1;
  for (const index of [1, 2]) {
    const roomName = `T${RUN}-${index}`;
    const room = await call<{ roomID: string }>('POST', '/odata/Room', {
      houseID,
      roomName,
      floor: 1,
      price: RENT,
      acreage: 20,
      currentElectricityIndex: 1_000,
      currentWaterIndex: 50,
    });
    const contract = await call<{ contractID: string; representativeAccount: { username: string } }>(
      'POST',
      '/odata/Contract',
      {
        roomID: room.roomID,
        startDate: `${startYear}-01-01`,
        endDate: `${startYear + 3}-12-31`,
        rentFee: RENT,
        deposit: RENT,
        deposited: true,
        representative: {
          occupantName: `Trần Thu ${index === 1 ? 'Hà' : 'Cúc'} ${RUN}`,
          gender: 0,
          phoneNumber: `07${String(Date.now() + index).slice(-8)}`,
        },
      },
    );
    // The tenant confirms the code sent to their phone and chooses their password.
    const { username } = contract.representativeAccount;
    await tenantConfirmsOverHttp(api, contract.contractID, TENANT_PASSWORD);
    for (const [kind, newIndex] of [
      ['electricity', 1_080],
      ['water', 55],
    ] as const) {
      await call('POST', '/odata/MeterRecord', { roomID: room.roomID, kind, month, newIndex });
    }
    rooms.push({ roomID: room.roomID, roomName, tenant: username });
  }
  houseTicketID = (await call<{ houseTicketID: string }>('POST', '/api/HouseTicket/Draft', { houseID }))
    .houseTicketID;
});

afterAll(async () => {
  await pages.closePages();
});

describe('collecting the month', () => {
  it('issue → the month’s bills → remind → cash → paid, on a desktop and a phone', async (test) => {
    const session = await storedSessionInHouse(baseURL, 'chunha', DEMO_PASSWORDS.chunha!, HOUSE_NAME);
    const { page } = await pages.open('desktop', session);
    test.onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') await screenshot(page, 'collecting-failure').catch(() => undefined);
      await page.close();
    });

    // Issue the month's draft.
    await page.goto(`/billDraft/${houseTicketID}`);
    await page.getByTestId('ticket-issue').click();
    await page.getByTestId('ticket-issue-dialog-confirm').click();
    await seeToast(page, 'success', BILL_MESSAGES.draftIssued, SLOW);

    // /billDraft now says the month was issued and leads to its bills.
    await page.goto('/billDraft');
    await page.getByTestId('draft-issued-bills-link').click(SLOW);
    await page.waitForURL(
      (url) => url.pathname === '/monthlyBills' && url.search === `?month=${vietnamMonth()}`,
    );
    const bills = await call<{ value: MonthlyBill[] }>('GET', `/odata/Bill?houseID=${houseID}`);
    expect(bills.value).toHaveLength(2);
    const billOf = (roomID: string) => bills.value.find((bill) => bill.roomID === roomID)!;
    const [reminded, paidInCash] = [billOf(rooms[0]!.roomID), billOf(rooms[1]!.roomID)];
    const remindedRow = page.getByTestId(`house-bill-row-${reminded.monthlyBillID}`);
    await remindedRow.waitFor(SLOW);
    expect(await textOf(page.getByTestId('house-bills-filter-owed'))).toBe('Còn nợ (2)');
    expect(await textOf(remindedRow)).toContain(`Trần Thu Hà ${RUN}`);

    // A reminder to the first tenant; a second click within minutes sends nothing more.
    await remindedRow.getByRole('button', { name: 'Nhắc thanh toán' }).click();
    await seeToast(page, 'success', 'Đã gửi nhắc thanh toán tới 1 phòng.', SLOW);
    await remindedRow.getByText(/^Đã nhắc /).waitFor(SLOW);
    await remindedRow.getByRole('button', { name: 'Nhắc thanh toán' }).click();
    await page.getByText('1 phòng vừa được nhắc trong 10 phút qua nên không gửi lại.').first().waitFor(SLOW);
    const outbox = await api.request<{ data: Array<{ event: string; subjectID?: string; body: string }> }>(
      'GET',
      '/_dev/outbox?format=json',
    );
    const messages = outbox.body.data.filter(
      (message) => message.event === 'billReminder' && message.subjectID === reminded.monthlyBillID,
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain(`${HOUSE_NAME} nhắc: ${reminded.billName}`);
    await pictureFor(page, 'collecting-bills-desktop');

    // Cash for the second room: the row shows it paid.
    const cashRow = page.getByTestId(`house-bill-row-${paidInCash.monthlyBillID}`);
    await cashRow.getByRole('button', { name: 'Thu tiền mặt' }).click();
    await page.getByTestId('cash-submit').click();
    await seeToast(page, 'success', BILL_MESSAGES.billPaid, SLOW);
    await expect
      .poll(() => textOf(page.getByTestId(`house-bill-status-${paidInCash.monthlyBillID}`)), SLOW)
      .toBe(BILL_STATUS_LABELS[3]);
    expect(await textOf(page.getByTestId(`house-bill-owed-${paidInCash.monthlyBillID}`))).toContain('0 ₫');
    await expect
      .poll(() => textOf(page.getByTestId('house-bills-filter-paid')), SLOW)
      .toBe('Đã thanh toán (1)');

    // The unpaid filter, as the dashboard's link sets it, lists only the reminded room.
    await page.getByTestId('house-bills-filter-owed').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'owed');
    await expect.poll(() => page.locator('[data-testid^=house-bill-row-]').count(), SLOW).toBe(1);

    // A phone: the rows become cards that fit the width.
    await page.setViewportSize(VIEWPORTS.phone);
    await fitsThePhone(page);
    await remindedRow.getByRole('button', { name: 'Nhắc thanh toán' }).waitFor();
    await closeToasts(page);
    await page.getByTestId('house-bills-totals').scrollIntoViewIfNeeded();
    await pictureFor(page, 'collecting-bills-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('the tenant’s home shows the unpaid bill first, with “Thanh toán”', async (test) => {
    const bills = await call<{ value: MonthlyBill[] }>('GET', `/odata/Bill?roomID=${rooms[0]!.roomID}`);
    const bill = bills.value[0]!;
    const session = await storedSessionFor(baseURL, rooms[0]!.tenant, TENANT_PASSWORD);
    const { page } = await pages.open('phone', session);
    test.onTestFinished(() => page.close());
    await page.goto('/dashboard');
    const owed = page.getByTestId('tenant-owed-now');
    await owed.getByTestId('tenant-current-bill').waitFor(SLOW);
    expect(await textOf(owed.getByTestId('tenant-current-bill-name'))).toBe(bill.billName);
    await owed.getByRole('button', { name: 'Thanh toán' }).waitFor();
    // It comes before the way to report a problem.
    const ownTop = await owed.boundingBox();
    const reportTop = await page.getByTestId('tenant-report-issue').boundingBox();
    expect(ownTop!.y).toBeLessThan(reportTop!.y);
    await fitsThePhone(page);
    await pictureFor(page, 'collecting-tenant-home-phone');
  });
});
