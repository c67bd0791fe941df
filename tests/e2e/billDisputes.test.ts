// 'Khiếu nại hóa đơn' in Chromium (issue 27): the tenant of a freshly issued bill questions its water line
// on a phone (375 px), the landlord corrects it at 1280 px, and the tenant sees the outcome and the new total.
// Set-up through the API: a house of chunha, one room with a contract (the tenant confirms their account),
// the month's readings, the draft issued.
import type { MonthlyBill } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor, VIEWPORTS } from '../support/browser.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { seeToast, storedSessionFor, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = `Nhà trọ Khiếu Nại ${RUN}`;
const TENANT_PASSWORD = `Kn${RUN}2026x`;
const SLOW = { timeout: 15_000 } as const;

const pages = cleanPages(baseURL);
let token = '';
let tenant = '';
let bill: MonthlyBill;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const reply = await api.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

function vietnamMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()).slice(0, 7);
}

beforeAll(async () => {
  token = (await api.login('chunha', DEMO_PASSWORDS.chunha!)).token.accessToken;
  const { houseID } = await call<{ houseID: string }>('POST', '/odata/House', {
    houseName: HOUSE_NAME,
    houseAddress: '15 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  });
  const month = vietnamMonth();
  const startYear = Number(month.slice(0, 4)) - 1;
  const room = await call<{ roomID: string }>('POST', '/odata/Room', {
    houseID,
    roomName: `K${RUN}`,
    floor: 1,
    price: 2_500_000,
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
      rentFee: 2_500_000,
      deposit: 2_500_000,
      deposited: true,
      representative: {
        occupantName: `Lê Thị Nga ${RUN}`,
        gender: 0,
        phoneNumber: `07${String(Date.now()).slice(-8)}`,
      },
    },
  );
  tenant = contract.representativeAccount.username;
  await tenantConfirmsOverHttp(api, contract.contractID, TENANT_PASSWORD);
  for (const [kind, newIndex] of [
    ['electricity', 1_080],
    ['water', 56],
  ] as const) {
    await call('POST', '/odata/MeterRecord', { roomID: room.roomID, kind, month, newIndex });
  }
  const { houseTicketID } = await call<{ houseTicketID: string }>('POST', '/api/HouseTicket/Draft', {
    houseID,
  });
  await call('PATCH', `/odata/HouseTicket/${houseTicketID}`, { issue: true });
  const bills = await call<{ value: MonthlyBill[] }>('GET', `/odata/Bill?houseID=${houseID}`);
  bill = await call<MonthlyBill>('GET', `/odata/MonthlyBill/${bills.value[0]!.monthlyBillID}`);
});

afterAll(async () => {
  await pages.closePages();
});

describe('a question about a bill line', () => {
  it('is asked on the phone, corrected by the landlord on a desktop, and its outcome shown to the tenant', async () => {
    const waterIndex = bill.billDetails.findIndex((line) => line.kind === 'water');
    const water = bill.billDetails[waterIndex]!;
    const { page: phone } = await pages.open(
      'phone',
      await storedSessionFor(baseURL, tenant, TENANT_PASSWORD),
    );
    await phone.goto(`/bill/${bill.monthlyBillID}`);
    await phone.getByTestId('bill-dispute-open').click(SLOW);
    await phone.getByLabel('Dòng muốn khiếu nại').click();
    await phone.getByRole('option', { name: water.description }).click();
    await phone
      .getByTestId('bill-dispute-reason')
      .fill('Tôi đi vắng nửa tháng, nước không thể dùng nhiều vậy.');
    await phone.getByTestId('bill-dispute-send').click();
    await seeToast(phone, 'success', 'Đã gửi khiếu nại hóa đơn cho chủ trọ.', SLOW);
    const asked = phone.getByTestId(`bill-dispute-${waterIndex}`);
    await expect.poll(() => asked.getAttribute('data-status'), SLOW).toBe('open');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await pictureFor(phone, 'bill-dispute-phone');

    const session = await storedSessionInHouse(baseURL, 'chunha', DEMO_PASSWORDS.chunha!, HOUSE_NAME);
    const { page: desk } = await pages.open('desktop', session);
    await desk.goto(`/bill/${bill.monthlyBillID}`);
    const item = desk.getByTestId(`bill-dispute-${waterIndex}`);
    await item.getByTestId('bill-dispute-amount').fill('20.000', SLOW);
    await item.getByTestId('bill-dispute-reply').fill('Đã kiểm tra lại, tính 1 khối.');
    await item.getByTestId('bill-dispute-correct').click();
    await seeToast(desk, 'success', 'Đã điều chỉnh hóa đơn theo khiếu nại.', SLOW);
    await expect.poll(() => item.getAttribute('data-status'), SLOW).toBe('corrected');
    await pictureFor(desk, 'bill-dispute-desktop');

    const saved = await call<MonthlyBill>('GET', `/odata/MonthlyBill/${bill.monthlyBillID}`);
    expect(saved.billDetails[waterIndex]?.amount).toBe(20_000);
    expect(saved.corrections).toHaveLength(1);
    await phone.reload();
    const outcome = phone.getByTestId(`bill-dispute-${waterIndex}`);
    await expect.poll(() => outcome.getAttribute('data-status'), SLOW).toBe('corrected');
    expect(await textOf(outcome.getByTestId('bill-dispute-answer-text'))).toBe(
      'Chủ trọ trả lời: Đã kiểm tra lại, tính 1 khối.',
    );
    expect(await textOf(outcome.getByTestId('bill-dispute-correction'))).toContain('20.000');
  });
});
