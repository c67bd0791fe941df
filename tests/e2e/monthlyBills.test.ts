// Browser journey of a monthly bill, from the landlord's room page to the tenant's phone and a shared
// link. Set-up goes through the API as chunha (whose lessor info has a Vietcombank account): a house of
// its own (so no other test's contract is billed), an electricity fee, a room, a contract with a tenant
// account, a reading, the month's draft and its issue. Then, in the browser: the landlord opens the
// room's bills and the bill, sees its QR code, takes a part in cash, makes a guest link; a phone without
// an account opens the link and sees the bill and its QR code; the landlord takes the rest and
// adds a one-time charge; the tenant, signed in on a 375 px phone, sees the bill as paid and the charge;
// the guest link now says paid too.
import { BILL_MESSAGES, BILL_STATUS_LABELS } from '@nhatro/common';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, newPage, pictureFor, sharedBrowser, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { toast, seeToast, storedSessionFor, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const ROOM_NAME = `HĐT ${RUN}`;
const RENT = 2_800_000;
const KWH_PRICE = 3_500;
const PREVIOUS_INDEX = 1_200;
const NEW_INDEX = 1_290;
const PARTIAL_PAYMENT = 1_000_000;
const CHARGE = 'Thay ổ khóa cửa';
const TENANT_PASSWORD = `Thue${RUN}2026`;
/** The machine running the browser tests is shared: give a reply a few seconds. */
const POLL = { timeout: 10_000 };

const pages = cleanPages(baseURL);
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
let landlordToken = '';

const data = {
  houseID: '',
  roomID: '',
  monthlyBillID: '',
  total: 0,
  billCode: '',
  transferQR: '',
  tenantUsername: '',
};

interface BillReply {
  monthlyBillID: string;
  billName: string;
  billCode: string;
  total: number;
  status: number;
  transferQR?: string;
}

function money(amount: number): string {
  return `${new Intl.NumberFormat('vi-VN').format(amount)} ₫`;
}

/** yyyy-mm-dd of today in Vietnam (the app's calendar). */
function vietnamToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
}

async function call<T>(method: string, path: string, body?: unknown, token = landlordToken): Promise<T> {
  const reply = await api.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

/** A clean page (see `cleanPages`) whose localStorage holds a signed-in session (no login form: that is tested elsewhere). */
async function signedInPage(
  session: Record<string, string>,
  viewport: keyof typeof VIEWPORTS,
): Promise<Page> {
  return (await pages.open(viewport, session)).page;
}

/** A phone without an account. */
async function anonymousPage(): Promise<Page> {
  return (await pages.open('phone')).page;
}

/** A second phone beside the anonymous one, in a context of its own, holding a signed-in session. */
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

async function fitsThePhone(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

beforeAll(async () => {
  const landlord = await api.login('chunha', DEMO_PASSWORDS.chunha!);
  landlordToken = landlord.token.accessToken;

  const house = await call<{ houseID: string }>('POST', '/odata/House', {
    houseName: `Nhà trọ Hóa Đơn ${RUN}`,
    houseAddress: '45 Lê Văn Việt, TP. Thủ Đức, TP. Hồ Chí Minh',
  });
  data.houseID = house.houseID;
  // A new house comes with its default services: electricity at a known flat price, nothing else billed.
  const services = await call<{ value: Array<{ serviceID: string; unit: string }> }>(
    'GET',
    `/odata/Service?houseID=${data.houseID}`,
  );
  const electricity = services.value.find((service) => service.unit === 'kWh');
  expect(electricity).toBeDefined();
  await call('PATCH', `/odata/Service/${electricity!.serviceID}`, { price: KWH_PRICE, pricing: 'flat' });
  const room = await call<{ roomID: string }>('POST', '/odata/Room', {
    houseID: data.houseID,
    roomName: ROOM_NAME,
    acreage: 18,
    floor: 2,
    price: RENT,
    currentElectricityIndex: PREVIOUS_INDEX,
    currentWaterIndex: 30,
  });
  data.roomID = room.roomID;
  // Started well before this month, so the month's rent is whole.
  const today = vietnamToday();
  const startYear = Number(today.slice(0, 4)) - 1;
  const contract = await call<{ contractID: string; representativeAccount: { username: string } }>(
    'POST',
    '/odata/Contract',
    {
      roomID: data.roomID,
      startDate: `${startYear}-01-01`,
      endDate: `${startYear + 3}-12-31`,
      deposit: RENT,
      deposited: true,
      representative: {
        occupantName: `Lê Thị Hóa Đơn ${RUN}`,
        gender: 0,
        phoneNumber: `08${String(Date.now()).slice(-8)}`,
      },
    },
  );
  data.tenantUsername = contract.representativeAccount.username;
  // The tenant opens their account with the code sent to their phone and a password of their own.
  await tenantConfirmsOverHttp(api, contract.contractID, TENANT_PASSWORD);

  await call('POST', '/odata/MeterRecord', { roomID: data.roomID, kind: 'electricity', newIndex: NEW_INDEX });
  const ticket = await call<{ houseTicketID: string }>('POST', '/api/HouseTicket/Draft', {
    houseID: data.houseID,
  });
  await call('PATCH', '/odata/HouseTicket', { houseTicketID: ticket.houseTicketID, issue: true });

  const bills = await call<{ value: BillReply[] }>('GET', `/odata/Bill?roomID=${data.roomID}`);
  expect(bills.value).toHaveLength(1);
  const bill = await call<BillReply>('GET', `/odata/MonthlyBill/${bills.value[0]!.monthlyBillID}`);
  expect(bill.total).toBe(RENT + (NEW_INDEX - PREVIOUS_INDEX) * KWH_PRICE);
  expect(bill.transferQR, 'chunha has a Vietcombank account: the bill carries a QR code').toBeTruthy();
  Object.assign(data, {
    monthlyBillID: bill.monthlyBillID,
    total: bill.total,
    billCode: bill.billCode,
    transferQR: bill.transferQR,
  });
});

afterAll(async () => {
  await pages.closePages();
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('a monthly bill', () => {
  it('is collected in two cash payments, shared by link, and seen as paid by the tenant', async () => {
    const landlordSession = await storedSessionFor(baseURL, 'chunha', DEMO_PASSWORDS.chunha!);
    const landlord = await signedInPage({ ...landlordSession, houseID: data.houseID }, 'desktop');

    // The room page lists the bill and leads to all the room's bills, then to the bill.
    await landlord.goto(`/rooms/${data.roomID}`);
    const section = landlord.getByTestId('room-bills-section');
    await section.getByTestId(`room-bill-${data.monthlyBillID}`).waitFor();
    await section.getByTestId('room-bills-link').click();
    await landlord.waitForURL((url) => url.pathname === `/monthlyBillCD/${data.roomID}`);
    const row = landlord.getByTestId(`bill-row-${data.monthlyBillID}`);
    expect(await textOf(row)).toContain(money(data.total));
    await row.getByRole('link').click();
    await landlord.waitForURL((url) => url.pathname === `/bill/${data.monthlyBillID}`);

    // The bill: lines, total, and the QR code of the whole amount with the bill's code as the note.
    expect(await textOf(landlord.getByTestId('bill-status'))).toBe(BILL_STATUS_LABELS[1]);
    const lines = landlord.getByTestId('bill-lines');
    await lines.getByText(`${NEW_INDEX - PREVIOUS_INDEX} kWh × ${money(KWH_PRICE)}`).waitFor();
    expect(await textOf(landlord.getByTestId('bill-total'))).toBe(money(data.total));
    const qrImage = landlord.getByTestId('bill-qr-image');
    await qrImage.waitFor();
    expect(await qrImage.getAttribute('data-payload')).toBe(data.transferQR);
    expect(await qrImage.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await textOf(landlord.getByTestId('bill-qr-amount'))).toBe(money(data.total));
    expect(await textOf(landlord.getByTestId('bill-qr-note'))).toBe(data.billCode);
    expect(await textOf(landlord.getByTestId('bill-qr-account'))).toBe('0071000123456');
    await pictureFor(landlord, 'bill-landlord-desktop');
    // 'In hóa đơn' prints the bill alone: no menu, no buttons.
    await landlord.emulateMedia({ media: 'print' });
    expect(await landlord.getByRole('navigation').first().isVisible()).toBe(false);
    expect(await landlord.getByTestId('bill-actions').isVisible()).toBe(false);
    expect(await landlord.getByTestId('bill-name').isVisible()).toBe(true);
    expect(await qrImage.isVisible()).toBe(true);
    await landlord.emulateMedia({ media: 'screen' });
    // 'Tải PDF': the A5 PDF, fetched with the session's token, opens in a new tab.
    const pdfReply = landlord.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/MonthlyBill/Pdf',
    );
    const pdfTab = landlord.context().waitForEvent('page');
    await landlord.getByTestId('bill-pdf').click();
    const pdf = await pdfReply;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const tab = await pdfTab;
    await expect.poll(() => tab.url(), POLL).toMatch(/^blob:/);
    await tab.close();

    // A part in cash: the amount comes prefilled with the whole rest, and more than owed is refused.
    await landlord.getByTestId('bill-collect').click();
    const amount = landlord.getByTestId('cash-amount');
    expect(await amount.inputValue()).toBe(new Intl.NumberFormat('vi-VN').format(data.total));
    await amount.fill(String(data.total + 1));
    await amount.blur();
    await landlord.getByText(BILL_MESSAGES.overpaid(data.total).replace(/\u00a0/g, ' ')).waitFor();
    await amount.fill('1.000.000');
    await landlord.getByTestId('cash-note').fill('Thu trước một phần');
    await landlord.getByTestId('cash-submit').click();
    await seeToast(landlord, 'success', BILL_MESSAGES.billPaid);
    const owedAfterPart = data.total - PARTIAL_PAYMENT;
    await expect.poll(() => textOf(landlord.getByTestId('bill-owed')), POLL).toBe(money(owedAfterPart));
    expect(await textOf(landlord.getByTestId('bill-status'))).toBe(BILL_STATUS_LABELS[2]);
    await landlord.getByTestId('bill-payments').getByText('Thu trước một phần').waitFor();
    // The QR code now asks for the rest.
    await expect.poll(() => textOf(landlord.getByTestId('bill-qr-amount')), POLL).toBe(money(owedAfterPart));

    // A link to send over Zalo.
    await landlord.getByTestId('bill-share').click();
    const linkField = landlord.getByTestId('bill-share-url');
    await linkField.waitFor();
    const link = new URL(await linkField.inputValue());
    expect(link.pathname).toBe(`/guestMonthlyBill/${data.monthlyBillID}`);
    expect(link.searchParams.get('t')).toBeTruthy();

    // Someone without an account opens it on a phone: the bill and its QR code for the rest.
    const guest = await anonymousPage();
    await guest.goto(`${link.pathname}${link.search}`);
    await guest.getByTestId('guest-bill').waitFor();
    expect(await textOf(guest.getByTestId('guest-bill-house'))).toContain(`Phòng ${ROOM_NAME}`);
    expect(await textOf(guest.getByTestId('guest-bill-owed'))).toBe(money(owedAfterPart));
    const guestQr = guest.getByTestId('guest-bill-qr-image');
    await guestQr.waitFor();
    expect(await textOf(guest.getByTestId('guest-bill-qr-amount'))).toBe(money(owedAfterPart));
    expect(await textOf(guest.getByTestId('guest-bill-qr-note'))).toBe(data.billCode);
    await guest.getByTestId('guest-bill-line-list').getByText(/kWh/).first().waitFor();
    await fitsThePhone(guest);
    await pictureFor(guest, 'bill-guest-phone');
    // The id alone, or a forged token, shows nothing but the message.
    await guest.goto(`/guestMonthlyBill/${data.monthlyBillID}?t=${link.searchParams.get('t')}x`);
    expect(await textOf(guest.getByTestId('guest-bill-invalid'))).toBe(BILL_MESSAGES.guestLinkInvalid);

    // The rest in cash. The same toast is shown once at a time: the first one goes first.
    const paidToast = toast(landlord, 'success', BILL_MESSAGES.billPaid);
    // (Closed by a click when still there; it may be closing by itself already.)
    if ((await paidToast.count()) > 0) await paidToast.click({ timeout: 2_000 }).catch(() => undefined);
    await paidToast.waitFor({ state: 'detached' });
    await landlord.getByTestId('bill-collect').click();
    expect(await landlord.getByTestId('cash-amount').inputValue()).toBe(
      new Intl.NumberFormat('vi-VN').format(owedAfterPart),
    );
    await landlord.getByTestId('cash-submit').click();
    await paidToast.waitFor();
    await expect.poll(() => textOf(landlord.getByTestId('bill-status')), POLL).toBe(BILL_STATUS_LABELS[3]);
    expect(await textOf(landlord.getByTestId('bill-owed'))).toBe(money(0));
    expect(await landlord.getByTestId('bill-collect').count()).toBe(0);
    expect(await landlord.getByTestId('bill-qr-image').count()).toBe(0);

    // A one-time charge on the room's contract ('Thêm phí'), then its page with its own QR code.
    await landlord.goto(`/oneTimeBillCD/${data.roomID}`);
    await landlord.getByTestId('charge-add').click();
    await landlord.getByTestId('charge-submit').click();
    await landlord.getByText('Nội dung khoản phí không được để trống!').waitFor();
    await landlord.getByTestId('charge-description').fill(CHARGE);
    await landlord.getByTestId('charge-amount').fill('150.000');
    await landlord.getByTestId('charge-submit').click();
    await seeToast(landlord, 'success', BILL_MESSAGES.chargeAdded);
    await landlord.getByTestId('room-charge-list').getByRole('link', { name: CHARGE }).click();
    await landlord.getByTestId('charge-qr-image').waitFor();
    expect(await textOf(landlord.getByTestId('charge-qr-amount'))).toBe(money(150_000));

    // The tenant, on a 375 px phone: the bill is paid.
    const tenantSession = await storedSessionFor(baseURL, data.tenantUsername, TENANT_PASSWORD);
    const tenant = await otherSignedInPhone(tenantSession);
    await tenant.goto('/lesseeRoomDetail');
    const current = tenant.getByTestId('tenant-current-bill');
    await current.waitFor();
    expect(await textOf(tenant.getByTestId('tenant-current-bill-status'))).toBe(BILL_STATUS_LABELS[3]);
    expect(await textOf(tenant.getByTestId('tenant-current-bill-total'))).toBe(money(data.total));
    expect(await textOf(tenant.getByTestId('tenant-current-bill-owed'))).toBe(money(0));
    await tenant
      .getByTestId(`tenant-paid-bills`)
      .getByText(/Hóa đơn tháng/)
      .waitFor();
    await fitsThePhone(tenant);
    await pictureFor(tenant, 'bill-tenant-phone');
    await tenant.getByTestId('tenant-current-bill-open').click();
    await tenant.waitForURL((url) => url.pathname === `/bill/${data.monthlyBillID}`);
    expect(await textOf(tenant.getByTestId('bill-status'))).toBe(BILL_STATUS_LABELS[3]);
    expect(await tenant.getByTestId('bill-collect').count()).toBe(0);
    expect(await tenant.getByTestId('bill-share').count()).toBe(0);
    await fitsThePhone(tenant);

    // The shared link says paid too.
    await guest.goto(`${link.pathname}${link.search}`);
    await guest.getByTestId('guest-bill-settled').waitFor();
    expect(await textOf(guest.getByTestId('guest-bill-status'))).toBe(BILL_STATUS_LABELS[3]);
    expect(await guest.getByTestId('guest-bill-qr-image').count()).toBe(0);
  });
});
