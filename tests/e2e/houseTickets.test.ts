// Browser journey of the landlord's month: the dashboard's billing card leads to the draft, a room's
// lines are edited (an amount changed, a line added), another room is left out, and the draft is issued.
// The landlord (chunha) builds a house of its own through the API (rooms, contracts from the 1st of this
// month, the month's readings, the draft), so issuing touches no other test's data.
import { BILL_MESSAGES, TICKET_STATUS, type MonthlyBill, type RoomTicket } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor, screenshot, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { seeToast, storedSessionFor, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
/** The product shares two cores with other suites: a screen may take a few seconds to settle. */
const SLOW = { timeout: 15_000 } as const;
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = `Nhà trọ Hóa Đơn ${RUN}`;
const RENT = 3_000_000;

const pages = cleanPages(baseURL);
let token = '';
let houseID = '';
let houseTicketID = '';
const roomTickets = new Map<string, RoomTicket>();
const roomIDs: string[] = [];

/** This month in Vietnam, `yyyy-mm`. */
function vietnamMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()).slice(0, 7);
}

beforeAll(async () => {
  token = (await api.login('chunha', DEMO_PASSWORDS.chunha!)).token.accessToken;
  const house = await api.request<{ houseID: string }>('POST', '/odata/House', {
    token,
    body: { houseName: HOUSE_NAME, houseAddress: '5 Lê Lợi, P. Bến Nghé, Quận 1, TP. Hồ Chí Minh' },
  });
  expect(house.status, JSON.stringify(house.body)).toBe(201);
  houseID = house.body.houseID;

  const month = vietnamMonth();
  const [year = 0, monthNumber = '01'] = month.split('-');
  for (const [index, electricity, water] of [
    [1, 500, 20],
    [2, 800, 30],
  ] as const) {
    const room = await api.request<{ roomID: string }>('POST', '/odata/Room', {
      token,
      body: {
        houseID,
        roomName: `H${RUN}-${index}`,
        floor: 1,
        price: RENT,
        acreage: 20,
        currentElectricityIndex: electricity,
        currentWaterIndex: water,
      },
    });
    expect(room.status, JSON.stringify(room.body)).toBe(201);
    const roomID = room.body.roomID;
    roomIDs.push(roomID);
    const phone = `08${String(Date.now() + index).slice(-8)}`;
    const contract = await api.request('POST', '/odata/Contract', {
      token,
      body: {
        roomID,
        startDate: `${month}-01`,
        endDate: `${Number(year) + 1}-${monthNumber}-01`,
        rentFee: RENT,
        deposit: RENT,
        deposited: true,
        representative: { occupantName: `Phan Thị Lan ${index}`, gender: 0, phoneNumber: phone },
      },
    });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    for (const [kind, newIndex] of [
      ['electricity', electricity + 100],
      ['water', water + 5],
    ] as const) {
      const reading = await api.request('POST', '/odata/MeterRecord', {
        token,
        body: { roomID, kind, month, newIndex },
      });
      expect(reading.status, JSON.stringify(reading.body)).toBe(201);
    }
  }
  const draft = await api.request<{ houseTicketID: string; roomTickets: RoomTicket[] }>(
    'POST',
    '/api/HouseTicket/Draft',
    { token, body: { houseID } },
  );
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  houseTicketID = draft.body.houseTicketID;
  for (const roomTicket of draft.body.roomTickets) roomTickets.set(roomTicket.roomID, roomTicket);
  expect(roomTickets.size).toBe(2);
});

afterAll(async () => {
  await pages.closePages();
});

describe('the month’s draft and issuing the bills', () => {
  it('the landlord opens the draft from the dashboard, edits a line, leaves a room out and issues; chooses tiered electricity and the billing day', async (test) => {
    // Signed in with the house chosen (through the API: the login form is tested elsewhere).
    const session = await storedSessionInHouse(baseURL, 'chunha', DEMO_PASSWORDS.chunha!, HOUSE_NAME);
    const { page } = await pages.open('desktop', session);
    test.onTestFinished(async ({ task }) => {
      if (task.result?.state === 'fail') {
        await screenshot(page, 'billing-draft-failure').catch(() => undefined);
        console.error(
          page.url(),
          await page
            .locator('main')
            .innerText()
            .catch(() => ''),
        );
      }
      await page.close();
    });
    await page.goto('/dashboard');

    const summary = page.getByTestId('billing-summary');
    await expect.poll(() => textOf(summary.getByTestId('billing-readings')), SLOW).toContain('2/2 phòng');
    await pictureFor(page, 'billing-dashboard');
    await summary.getByTestId('billing-draft-link').click();
    await page.waitForURL((url) => url.pathname === `/billDraft/${houseTicketID}`);

    // Room 1: the rent lowered by 100.000 đ and a repair added.
    const [firstID, secondID] = roomIDs as [string, string];
    const first = page.getByTestId(`room-ticket-${firstID}`);
    const before = roomTickets.get(firstID)!;
    const rentIndex = before.lines.findIndex((line) => line.kind === 'rent');
    expect(rentIndex).toBeGreaterThanOrEqual(0);
    await first
      .getByTestId('room-ticket-edit')
      .click({ timeout: 8000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'draft-debug');
        console.log('DEBUG', page.url(), await page.locator('main').textContent());
        throw error;
      });
    const dialog = page.getByTestId('room-ticket-dialog');
    await dialog.getByTestId('ticket-line-amount').nth(rentIndex).fill('2.900.000');
    await dialog.getByTestId('ticket-line-add').click();
    const added = dialog.getByTestId('ticket-line').last();
    await added.getByTestId('ticket-line-description').fill('Sửa vòi nước');
    await added.getByTestId('ticket-line-amount').fill('50.000');
    await dialog.getByTestId('ticket-lines-submit').click();
    await seeToast(page, 'success', BILL_MESSAGES.draftSaved);
    const expected = before.total - RENT + 2_900_000 + 50_000;
    const money = (amount: number) => `${amount.toLocaleString('vi-VN')} ₫`;
    await expect.poll(() => textOf(first.getByTestId('room-ticket-total')), SLOW).toBe(money(expected));
    expect(await textOf(first)).toContain('Sửa vòi nước');

    // Room 2 is left out of this month's bills.
    const second = page.getByTestId(`room-ticket-${secondID}`);
    await second.getByTestId('room-ticket-include').click();
    await expect.poll(() => second.getAttribute('data-excluded'), SLOW).toBe('true');
    await expect.poll(() => textOf(page.getByTestId('ticket-total')), SLOW).toBe(money(expected));

    await page.getByTestId('ticket-issue').click();
    await page.getByTestId('ticket-issue-dialog-confirm').click();
    await seeToast(page, 'success', BILL_MESSAGES.draftIssued);
    await expect
      .poll(() => page.getByTestId('ticket-view').getAttribute('data-status'), SLOW)
      .toBe(TICKET_STATUS.issued);
    const billLink = first.getByTestId('bill-link');
    await billLink.waitFor();
    expect(await second.getByTestId('bill-link').count()).toBe(0);
    await pictureFor(page, 'billing-draft-issued');

    const bills = await api.request<{ value: MonthlyBill[] }>(
      'GET',
      `/odata/MonthlyBill?houseID=${houseID}`,
      {
        token,
      },
    );
    expect(bills.status).toBe(200);
    expect(bills.body.value).toHaveLength(1);
    const bill = bills.body.value[0]!;
    expect(bill.roomID).toBe(firstID);
    expect(bill.total).toBe(expected);
    expect(await billLink.getAttribute('href')).toBe(`/bill/${bill.monthlyBillID}`);

    // The house has no draft left: /billDraft says the month was issued and leads to its bills.
    await page.goto('/billDraft');
    const toBills = page.getByTestId('draft-issued-bills-link');
    await toBills.waitFor();
    expect(await toBills.getAttribute('href')).toBe(`/monthlyBills?month=${bill.month}`);
    expect(await page.getByTestId('draft-create').count()).toBe(0);

    // On a phone the issued ticket still fits the width.
    await page.goBack();
    await billLink.waitFor();
    await page.setViewportSize(VIEWPORTS.phone);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), SLOW)
      .toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await pictureFor(page, 'billing-draft-phone');

    // House settings: tiered electricity and the house's own billing day.
    await page.setViewportSize(VIEWPORTS.desktop);
    const services = await api.request<{ value: Array<{ serviceID: string; unit: string }> }>(
      'GET',
      `/odata/Service?houseID=${houseID}`,
      { token },
    );
    const electricity = services.body.value.find((service) => service.unit === 'kWh')!;
    await page.goto('/settingAdmin');

    const row = page.getByTestId(`service-row-${electricity.serviceID}`);
    await row.getByTestId('service-edit').click();
    const feeDialog = page.getByTestId('service-dialog');
    await feeDialog.getByTestId('service-pricing').selectOption('tiered');
    expect(await textOf(feeDialog.getByTestId('service-tiers'))).toContain(
      'Bậc 6: từ 401 kWh trở lên: 3.460 ₫/kWh',
    );
    await feeDialog.getByTestId('service-submit').click();
    await seeToast(page, 'success', 'Cập nhật dịch vụ thành công!');
    await expect.poll(() => textOf(row.getByTestId('service-unit-cell')), SLOW).toContain('bậc thang');
    const saved = await api.request<{ value: Array<{ serviceID: string; pricing?: string }> }>(
      'GET',
      `/odata/Service?houseID=${houseID}`,
      { token },
    );
    expect(saved.body.value.find((service) => service.serviceID === electricity.serviceID)?.pricing).toBe(
      'tiered',
    );

    const houseDay = page.getByTestId('house-billing-day-input');
    await houseDay.waitFor();
    await expect.poll(() => houseDay.inputValue(), SLOW).not.toBe('');
    await houseDay.fill('29');
    await houseDay.blur();
    await expect.poll(() => page.getByText('Ngày chốt hóa đơn phải từ 1 đến 28.').count(), SLOW).toBe(1);
    await houseDay.fill('12');
    await page.getByTestId('house-billing-day-submit').click();
    await seeToast(page, 'success', BILL_MESSAGES.billingDaySet(12));
    const reply = await api.request<{ billingDay: number; houseBillingDay?: number }>(
      'GET',
      `/api/MetaData/BillingDay?houseID=${houseID}`,
      { token },
    );
    expect(reply.body).toMatchObject({ billingDay: 12, houseBillingDay: 12 });
  });

  it('the super admin sets the default billing day at /timeBill', async (test) => {
    const session = await storedSessionFor(baseURL, 'admin', DEMO_PASSWORDS.admin!);
    const { page } = await pages.open('phone', session);
    test.onTestFinished(() => page.close());
    const before = await api.request<{ defaultBillingDay: number }>('GET', '/api/MetaData/BillingDay', {
      token: session.accessToken,
    });
    expect(before.status).toBe(200);
    await page.goto('/timeBill');
    const day = page.getByTestId('billing-day-input');
    await day.waitFor();
    await expect.poll(() => day.inputValue(), SLOW).toBe(String(before.body.defaultBillingDay));
    await day.fill('0');
    await day.blur();
    await expect.poll(() => page.getByText('Ngày chốt hóa đơn phải từ 1 đến 28.').count(), SLOW).toBe(1);
    // The same day again: other journeys on this product keep the default they started with.
    await day.fill(String(before.body.defaultBillingDay));
    await page.getByTestId('billing-day-submit').click();
    await seeToast(page, 'success', BILL_MESSAGES.billingDaySet(before.body.defaultBillingDay));
  });
});
