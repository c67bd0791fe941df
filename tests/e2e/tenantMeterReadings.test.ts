// Tenants who read their own meters in Chromium (issue 27): the tenant of a fresh room sends this month's
// indexes with a photo of each meter on a phone (375 px), the landlord accepts them on the meter page at
// 1280 px (the photo beside last month's), and the month's draft bills the use. Set-up through the API: a
// house of chunha with tenants' readings turned on (the whole month), one room with a contract whose
// tenant confirms their account. The form's and card's rules are in tests/web/tenantMeterReadings.test.tsx.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPages, pictureFor, VIEWPORTS } from '../support/browser.js';
import { makePng } from '../support/png.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';
import { tenantConfirmsOverHttp } from '../support/tenancyLinks.js';
import { seeToast, storedSessionFor, storedSessionInHouse, textOf } from '../support/ui.js';

const baseURL = inject('baseURL');
const api = apiClient(baseURL);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const HOUSE_NAME = `Nhà trọ Tự Ghi ${RUN}`;
const ROOM_NAME = `T${RUN}`;
const TENANT_PASSWORD = `Tg${RUN}2026x`;
const SLOW = { timeout: 15_000 } as const;

const pages = cleanPages(baseURL);
let token = '';
let tenant = '';
let houseID = '';
let roomID = '';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const reply = await api.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  return reply.body;
}

function vietnamMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()).slice(0, 7);
}

function png(rgba: [number, number, number, number]) {
  return {
    name: 'dong-ho.png',
    mimeType: 'image/png',
    buffer: Buffer.from(makePng({ width: 32, height: 24, rgba })),
  };
}

beforeAll(async () => {
  token = (await api.login('chunha', DEMO_PASSWORDS.chunha!)).token.accessToken;
  ({ houseID } = await call<{ houseID: string }>('POST', '/odata/House', {
    houseName: HOUSE_NAME,
    houseAddress: '20 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  }));
  await call('PATCH', `/odata/House/${houseID}`, { tenantMeterReading: true, tenantReadingDeadlineDay: 31 });
  const startYear = Number(vietnamMonth().slice(0, 4)) - 1;
  ({ roomID } = await call<{ roomID: string }>('POST', '/odata/Room', {
    houseID,
    roomName: ROOM_NAME,
    floor: 1,
    price: 2_500_000,
    acreage: 20,
    currentElectricityIndex: 1_000,
    currentWaterIndex: 50,
  }));
  const contract = await call<{ contractID: string; representativeAccount: { username: string } }>(
    'POST',
    '/odata/Contract',
    {
      roomID,
      startDate: `${startYear}-01-01`,
      endDate: `${startYear + 3}-12-31`,
      rentFee: 2_500_000,
      deposit: 2_500_000,
      deposited: true,
      representative: {
        occupantName: `Trần Văn Ghi ${RUN}`,
        gender: 1,
        phoneNumber: `08${String(Date.now()).slice(-8)}`,
      },
    },
  );
  tenant = contract.representativeAccount.username;
  await tenantConfirmsOverHttp(api, contract.contractID, TENANT_PASSWORD);
});

afterAll(async () => {
  await pages.closePages();
});

describe('tenants who read their own meters', () => {
  it('send indexes and photos on the phone; the landlord accepts on a desktop; the draft bills them', async () => {
    const { page: phone } = await pages.open(
      'phone',
      await storedSessionFor(baseURL, tenant, TENANT_PASSWORD),
    );
    await phone.goto('/lesseeRoomDetail');
    const card = phone.getByTestId('tenant-meters');
    await card.waitFor(SLOW);
    await card.getByTestId('tenant-meter-electricity').fill('1080');
    await card.getByTestId('tenant-meter-water').fill('56');
    await card.getByTestId('tenant-meter-photo-electricity').setInputFiles(png([250, 200, 30, 255]));
    await card.getByText(/Đã chụp đồng hồ điện/).waitFor(SLOW);
    await card.getByTestId('tenant-meter-photo-water').setInputFiles(png([30, 136, 229, 255]));
    await card.getByText(/Đã chụp đồng hồ nước/).waitFor(SLOW);
    await card.getByTestId('tenant-meter-send').click();
    await seeToast(phone, 'success', 'Đã gửi chỉ số điện nước. Chủ nhà sẽ kiểm tra và xác nhận.', SLOW);
    await expect
      .poll(() => textOf(card.getByTestId('tenant-meter-sent')))
      .toContain('Đã gửi: điện 1.080, nước 56');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await pictureFor(phone, 'tenant-meters-phone');

    const { page: desk } = await pages.open(
      'desktop',
      await storedSessionInHouse(baseURL, 'chunha', DEMO_PASSWORDS.chunha!, HOUSE_NAME),
    );
    await desk.goto('/MeterRecord');
    const item = desk.getByTestId(`submission-${ROOM_NAME}`);
    await item.waitFor(SLOW);
    await item.getByRole('img', { name: `Đồng hồ điện phòng ${ROOM_NAME}, khách gửi` }).waitFor(SLOW);
    expect(await textOf(item.getByTestId('submission-previous-photo-electricity'))).toBe('Chưa có ảnh');
    await pictureFor(desk, 'tenant-meters-board');
    await item.getByTestId('submission-accept').click();
    await seeToast(desk, 'success', 'Đã duyệt chỉ số khách gửi.', SLOW);
    await expect.poll(() => textOf(item.getByTestId('submission-status'))).toBe('Đã duyệt');

    const { houseTicketID } = await call<{ houseTicketID: string }>('POST', '/api/HouseTicket/Draft', {
      houseID,
    });
    const draft = await call<{
      roomTickets: Array<{
        roomID: string;
        missingReadings: string[];
        lines: Array<{ kind?: string; quantity?: number }>;
      }>;
    }>('GET', `/odata/HouseTicket/${houseTicketID}?$expand=roomTickets`);
    const roomTicket = draft.roomTickets.find((ticket) => ticket.roomID === roomID);
    expect(roomTicket?.missingReadings).toEqual([]);
    expect(roomTicket?.lines.find((line) => line.kind === 'electricity')?.quantity).toBe(80);
    const records = await call<{ value: Array<{ kind: string; newIndex: number; usage: number }> }>(
      'GET',
      `/odata/MeterRecord?roomID=${roomID}&month=${vietnamMonth()}`,
    );
    expect(records.value.map((record) => [record.kind, record.newIndex, record.usage]).sort()).toEqual([
      ['electricity', 1080, 80],
      ['water', 56, 6],
    ]);
    await phone.reload();
    // The reloaded page reads the submission again: on a busy machine that takes more than a second.
    await card.getByTestId('tenant-meter-sent').waitFor(SLOW);
    await expect.poll(() => textOf(card.getByTestId('tenant-meter-sent')), SLOW).toContain('Đã duyệt');
  });
});
