import { BILL_MESSAGES, type MonthlyBill } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyBillDoc } from '../../api/src/domain/shared/model.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import {
  apiClient,
  startTestProduct,
  type TestProduct,
  accessTokens,
  tenancyOf,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection } from './helpers.js';

/**
 * Monthly bills through the real handlers: the spec's Bill and MonthlyBill reads, GetContractBills,
 * cash payments with If-Match, the guest link and its public view, and the PDF. The bills are written
 * to the store as issuing a draft would (issuing has its own tests).
 */

type BillReply = MonthlyBill & { '@odata.etag': string };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let october: MonthlyBillDoc;
let november: MonthlyBillDoc;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  october = await aMonthlyBill(product.services, tenancy, { month: '2026-10' });
  november = await aMonthlyBill(product.services, tenancy, { month: '2026-11' });
});
afterAll(() => product?.stop());

function get<T>(path: string, user = 'chunha') {
  return api.request<T>('GET', path, { token: token[user] as string });
}

function send<T>(method: string, path: string, body: unknown, user = 'chunha', headers = {}) {
  return api.request<T>(method, path, { token: token[user] as string, body, headers });
}

describe('reading bills', () => {
  it('GET /odata/Bill?roomID= lists the room’s bills without lines, newest first', async () => {
    const reply = await get<ODataCollection<BillReply>>(`/odata/Bill?roomID=${tenancy.roomID}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value.map((bill) => bill.monthlyBillID)).toEqual([
      november.monthlyBillID,
      october.monthlyBillID,
    ]);
    expect(reply.body.value[0]).not.toHaveProperty('billDetails');
    expect(reply.body.value[0]).not.toHaveProperty('payments');
    expect(reply.body.value[0]?.transferQR).toMatch(/^000201/);
  });

  it('GET /odata/MonthlyBill?billID=…&$expand=billDetails gives the bill with its lines', async () => {
    const reply = await get<ODataCollection<BillReply>>(
      `/odata/MonthlyBill?billID=${november.monthlyBillID}&$expand=billDetails`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value).toHaveLength(1);
    expect(reply.body.value[0]).toMatchObject({
      monthlyBillID: november.monthlyBillID,
      total: 2_620_000,
      billDetails: november.billDetails,
    });
    const filtered = await get<ODataCollection<BillReply>>(
      `/odata/MonthlyBill?houseID=${tenancy.houseID}&$filter=month eq '2026-10' and status eq 1&$count=true`,
    );
    expect(filtered.body['@odata.count']).toBe(1);
    expect(filtered.body.value[0]?.monthlyBillID).toBe(october.monthlyBillID);
    expectError(
      await get(`/odata/MonthlyBill?houseID=${tenancy.houseID}&$expand=rooms`),
      400,
      MSG.unknownField('rooms'),
    );
  });

  it('GET /odata/MonthlyBill/{id} and GetContractBills/{contractId}; another landlord 404', async () => {
    const one = await get<BillReply>(`/odata/MonthlyBill/${october.monthlyBillID}?$expand=billDetails`);
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe(one.body['@odata.etag']);
    expect(one.body.billDetails).toHaveLength(2);
    const ofContract = await get<ODataCollection<BillReply>>(
      `/odata/MonthlyBill/GetContractBills/${tenancy.contractID}`,
    );
    expect(ofContract.status, JSON.stringify(ofContract.body)).toBe(200);
    expect(ofContract.body.value.map((bill) => bill.month)).toEqual(['2026-11', '2026-10']);
    expectError(await get(`/odata/MonthlyBill/${october.monthlyBillID}`, 'chunha2'), 404, MSG.notFound);
    expectError(
      await get(`/odata/MonthlyBill/GetContractBills/${tenancy.contractID}`, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(await get(`/odata/Bill?roomID=${tenancy.roomID}`, 'chunha2'), 404, MSG.notFound);
    expectError(await get('/odata/MonthlyBill?houseID=khong-hop-le!'), 400, 'Mã nhà trọ không hợp lệ.');
  });

  it('the tenant reads their own bills without naming anything; staff read the house’s', async () => {
    const own = await get<ODataCollection<BillReply>>('/odata/MonthlyBill', 'nguoithue');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.value.map((bill) => bill.monthlyBillID).sort()).toEqual(
      [october.monthlyBillID, november.monthlyBillID].sort(),
    );
    const staff = await get<ODataCollection<BillReply>>(`/odata/Bill?houseID=${tenancy.houseID}`, 'nhanvien');
    expect(staff.status).toBe(200);
    expect(staff.body.value.length).toBeGreaterThanOrEqual(2);
    expect((await api.request('GET', `/odata/MonthlyBill/${october.monthlyBillID}`)).status).toBe(401);
  });
});

describe('cash payments', () => {
  it('PATCH /odata/MonthlyBill records a part (status 2, the rest owed), then the rest (status 3)', async () => {
    const partly = await send<BillReply>('PATCH', '/odata/MonthlyBill', {
      monthlyBillID: november.monthlyBillID,
      payment: { amount: 1_000_000, note: 'Trả trước' },
    });
    expect(partly.status, JSON.stringify(partly.body)).toBe(200);
    expect(partly.body).toMatchObject({ status: 2, paidAmount: 1_000_000, total: 2_620_000 });
    expect(partly.body.payments).toEqual([
      expect.objectContaining({ amount: 1_000_000, method: 'cash', note: 'Trả trước' }),
    ]);

    expectFieldError(
      await send('PATCH', `/odata/MonthlyBill/${november.monthlyBillID}`, { payment: { amount: 1_620_001 } }),
      'payment.amount',
      BILL_MESSAGES.overpaid(1_620_000),
    );
    expectError(
      await send(
        'PATCH',
        `/odata/MonthlyBill/${november.monthlyBillID}`,
        { payment: { amount: 1_000 } },
        'chunha',
        { 'If-Match': november._etag as string },
      ),
      412,
      MSG.stale,
    );
    const paid = await send<BillReply>(
      'PATCH',
      `/odata/MonthlyBill/${november.monthlyBillID}`,
      { payment: { amount: 1_620_000 } },
      'chunha',
      { 'If-Match': partly.body['@odata.etag'] },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 3, paidAmount: 2_620_000 });
    expect(paid.body.paidOn).toEqual(expect.any(String));
    expect(paid.body).not.toHaveProperty('transferQR');
    expectError(
      await send('PATCH', `/odata/MonthlyBill/${november.monthlyBillID}`, { payment: { amount: 1 } }),
      409,
      BILL_MESSAGES.alreadyPaid,
    );
  });

  it('refuses bad amounts, unknown fields, staff and the tenant (403) and another landlord (404)', async () => {
    const path = `/odata/MonthlyBill/${october.monthlyBillID}`;
    expectFieldError(
      await send('PATCH', path, { payment: { amount: 'nhiều' } }),
      'payment.amount',
      'Số tiền thanh toán phải là số.',
    );
    expectFieldError(
      await send('PATCH', path, { payment: { amount: 0 } }),
      'payment.amount',
      'Số tiền thanh toán phải lớn hơn 0.',
    );
    expectFieldError(
      await send('PATCH', path, { payment: { amount: 10.5 } }),
      'payment.amount',
      'Số tiền thanh toán phải là số nguyên (đồng).',
    );
    expect((await send('PATCH', path, { payment: { amount: 1 }, total: 0 })).status).toBe(400);
    expect((await send('PATCH', path, {})).status).toBe(400);
    // Staff collect cash too (tests/api/staffBilling.test.ts); a tenant pays online, never records cash.
    expectError(await send('PATCH', path, { payment: { amount: 1 } }, 'nguoithue'), 403, MSG.forbidden);
    expectError(await send('PATCH', path, { payment: { amount: 1 } }, 'chunha2'), 404, MSG.notFound);
    const unchanged = await get<BillReply>(path);
    expect(unchanged.body).toMatchObject({ paidAmount: 0, status: 1, payments: [] });
  });
});

describe('the guest link', () => {
  it('POST …/GuestLink gives a 7-day link whose public view shows the bill and its QR code', async () => {
    const link = await send<{ url: string; expiresOn: string }>(
      'POST',
      `/odata/MonthlyBill/${october.monthlyBillID}/GuestLink`,
      {},
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const url = new URL(link.body.url);
    expect(url.pathname).toBe(`/guestMonthlyBill/${october.monthlyBillID}`);
    const days = (Date.parse(link.body.expiresOn) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const t = url.searchParams.get('t') ?? '';

    const view = await api.request<{ status: boolean; data: Record<string, unknown> }>(
      'GET',
      `/api/GuestMonthlyBill?monthlyBillID=${october.monthlyBillID}&t=${encodeURIComponent(t)}`,
    );
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data).toMatchObject({
      monthlyBillID: october.monthlyBillID,
      total: 2_620_000,
      owed: 2_620_000,
      houseName: expect.any(String),
      roomName: expect.any(String),
      lessor: { bankName: 'Vietcombank', bankAccountNumber: expect.any(String) },
    });
    expect(view.body.data.transferQR).toMatch(/^000201/);
    expect(JSON.stringify(view.body)).not.toContain(tenancy.roomID);

    expectError(
      await api.request('GET', `/api/GuestMonthlyBill?monthlyBillID=${november.monthlyBillID}&t=${t}`),
      404,
      BILL_MESSAGES.guestLinkInvalid,
    );
    expectError(
      await api.request('GET', `/api/GuestMonthlyBill?monthlyBillID=${october.monthlyBillID}&t=sai`),
      404,
      BILL_MESSAGES.guestLinkInvalid,
    );
    expectError(
      await api.request('GET', `/api/GuestMonthlyBill?monthlyBillID=${october.monthlyBillID}`),
      404,
      BILL_MESSAGES.guestLinkInvalid,
    );
    // An access token is not a guest link.
    expectError(
      await api.request(
        'GET',
        `/api/GuestMonthlyBill?monthlyBillID=${october.monthlyBillID}&t=${token.chunha as string}`,
      ),
      404,
      BILL_MESSAGES.guestLinkInvalid,
    );
  });

  it('DELETE …/GuestLink revokes it: the link opens nothing any more; a new link replaces the old one', async () => {
    const path = `/odata/MonthlyBill/${october.monthlyBillID}/GuestLink`;
    const tokenOf = (url: string) => new URL(url).searchParams.get('t') ?? '';
    const open = (t: string) =>
      api.request(
        'GET',
        `/api/GuestMonthlyBill?monthlyBillID=${october.monthlyBillID}&t=${encodeURIComponent(t)}`,
      );
    const first = tokenOf((await send<{ url: string }>('POST', path, {})).body.url);
    const second = await send<{ url: string; expiresOn: string }>('POST', path, {});
    expectError(await open(first), 404, BILL_MESSAGES.guestLinkInvalid);
    expect((await open(tokenOf(second.body.url))).status).toBe(200);
    const shown = await get<BillReply & { guestLinkExpiresOn?: string }>(
      `/odata/MonthlyBill/${october.monthlyBillID}`,
    );
    expect(shown.body.guestLinkExpiresOn).toBe(second.body.expiresOn);
    expect(JSON.stringify(shown.body)).not.toContain('linkID');

    // Tenants and another landlord revoke nothing (staff who may share a link may revoke it).
    expectError(await send('DELETE', path, undefined, 'nguoithue'), 403, MSG.forbidden);
    expectError(await send('DELETE', path, undefined, 'chunha2'), 404, MSG.notFound);
    expect((await open(tokenOf(second.body.url))).status).toBe(200);

    const revoked = await send('DELETE', path, undefined);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(204);
    expectError(await open(tokenOf(second.body.url)), 404, BILL_MESSAGES.guestLinkInvalid);
    const after = await get<BillReply & { guestLinkExpiresOn?: string }>(
      `/odata/MonthlyBill/${october.monthlyBillID}`,
    );
    expect(after.body.guestLinkExpiresOn).toBeUndefined();
    // Revoking again changes nothing.
    expect((await send('DELETE', path, undefined)).status).toBe(204);
  });

  it('tenants make no links (403); another landlord 404; a body is refused', async () => {
    const path = `/odata/MonthlyBill/${october.monthlyBillID}/GuestLink`;
    // Staff share links too (tests/api/staffBilling.test.ts).
    expectError(await send('POST', path, {}, 'nguoithue'), 403, MSG.forbidden);
    expectError(await send('POST', path, {}, 'chunha2'), 404, MSG.notFound);
    expect((await send('POST', path, { days: 30 })).status).toBe(400);
  });
});

describe('the PDF', () => {
  it('GET /api/MonthlyBill/Pdf is a PDF for the landlord and the tenant, 404 for another landlord', async () => {
    const path = `/api/MonthlyBill/Pdf?monthlyBillID=${october.monthlyBillID}`;
    const landlord = await get<string>(path);
    expect(landlord.status).toBe(200);
    expect(landlord.headers.get('content-type')).toBe('application/pdf');
    expect(landlord.headers.get('content-disposition')).toBe(
      `inline; filename="hoa-don-${october.billCode}.pdf"`,
    );
    expect(landlord.body.startsWith('%PDF')).toBe(true);
    const tenant = await get<string>(path, 'nguoithue');
    expect(tenant.status).toBe(200);
    expect(tenant.body.startsWith('%PDF')).toBe(true);
    expectError(await get(path, 'chunha2'), 404, MSG.notFound);
    expectError(await get('/api/MonthlyBill/Pdf'), 400, 'Mã hóa đơn không hợp lệ.');
    expect((await api.request('GET', path)).status).toBe(401);
  });
});
