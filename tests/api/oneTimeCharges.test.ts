import { BILL_MESSAGES, type OneTimeCharge } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  startTestProduct,
  type TestProduct,
  accessTokens,
  tenancyOf,
} from '../support/product.js';
import { expectError, expectFieldError, MSG, type ODataCollection } from './helpers.js';

/** One-time charges through the real handlers: create, read, pay in cash, delete, and who may. */

type ChargeReply = OneTimeCharge & { '@odata.etag': string };

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
});
afterAll(() => product?.stop());

function call<T>(method: string, path: string, body?: unknown, user = 'chunha', headers = {}) {
  return api.request<T>(method, path, {
    token: token[user] as string,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

describe('one-time charges', () => {
  let charge: ChargeReply;

  it('POST /odata/OneTimeCharge → 201 unpaid, with a bill code and the transfer QR', async () => {
    const reply = await call<ChargeReply>('POST', '/odata/OneTimeCharge', {
      contractID: tenancy.contractID,
      description: 'Thay bóng đèn hành lang',
      amount: 120_000,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      contractID: tenancy.contractID,
      roomID: tenancy.roomID,
      houseID: tenancy.houseID,
      amount: 120_000,
      paidAmount: 0,
      status: 1,
      payments: [],
      billCode: expect.stringMatching(/^NT[A-Z2-7]{8}$/),
    });
    expect(reply.body.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(reply.body.transferQR).toMatch(/^000201/);
    expect(reply.headers.get('etag')).toBe(reply.body['@odata.etag']);
    charge = reply.body;
  });

  it('refuses bad input (400 naming the field), tenants (403), another landlord (404)', async () => {
    const body = { contractID: tenancy.contractID, description: 'Phí', amount: 1_000 };
    expectFieldError(
      await call('POST', '/odata/OneTimeCharge', { ...body, amount: -1 }),
      'amount',
      'Số tiền không được âm.',
    );
    expectFieldError(
      await call('POST', '/odata/OneTimeCharge', { ...body, description: '' }),
      'description',
      'Nội dung khoản phí không được để trống!',
    );
    expectFieldError(
      await call('POST', '/odata/OneTimeCharge', { ...body, dueDate: '30/11/2026' }),
      'dueDate',
      'Hạn thanh toán không hợp lệ (yyyy-mm-dd).',
    );
    expect((await call('POST', '/odata/OneTimeCharge', { ...body, status: 3 })).status).toBe(400);
    // Staff add charges too (tests/api/staffBilling.test.ts).
    expectError(await call('POST', '/odata/OneTimeCharge', body, 'nguoithue'), 403, MSG.forbidden);
    expectError(await call('POST', '/odata/OneTimeCharge', body, 'chunha2'), 404, MSG.notFound);
  });

  it('GET by chargeID, contract, room and house; the tenant their own; another landlord 404', async () => {
    const byID = await call<ODataCollection<ChargeReply>>(
      'GET',
      `/odata/OneTimeCharge?chargeID=${charge.oneTimeChargeID}`,
    );
    expect(byID.status, JSON.stringify(byID.body)).toBe(200);
    expect(byID.body.value.map((item) => item.oneTimeChargeID)).toEqual([charge.oneTimeChargeID]);
    for (const scope of [
      `contractID=${tenancy.contractID}`,
      `roomID=${tenancy.roomID}`,
      `houseID=${tenancy.houseID}`,
    ]) {
      const list = await call<ODataCollection<ChargeReply>>('GET', `/odata/OneTimeCharge?${scope}`);
      expect(list.status, scope).toBe(200);
      expect(list.body.value.map((item) => item.oneTimeChargeID)).toContain(charge.oneTimeChargeID);
    }
    const tenant = await call<ODataCollection<ChargeReply>>(
      'GET',
      '/odata/OneTimeCharge',
      undefined,
      'nguoithue',
    );
    expect(tenant.body.value.map((item) => item.oneTimeChargeID)).toEqual([charge.oneTimeChargeID]);
    const one = await call<ChargeReply>(
      'GET',
      `/odata/OneTimeCharge/${charge.oneTimeChargeID}`,
      undefined,
      'nguoithue',
    );
    expect(one.status).toBe(200);
    expectError(
      await call('GET', `/odata/OneTimeCharge/${charge.oneTimeChargeID}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
    expectError(
      await call('GET', `/odata/OneTimeCharge?contractID=${tenancy.contractID}`, undefined, 'chunha2'),
      404,
      MSG.notFound,
    );
  });

  it('PATCH pays in parts (status 2 then 3), refuses overpaying (400) and a stale If-Match (412)', async () => {
    const partly = await call<ChargeReply>('PATCH', '/odata/OneTimeCharge', {
      oneTimeChargeID: charge.oneTimeChargeID,
      payment: { amount: 20_000 },
    });
    expect(partly.status, JSON.stringify(partly.body)).toBe(200);
    expect(partly.body).toMatchObject({ status: 2, paidAmount: 20_000 });
    const path = `/odata/OneTimeCharge/${charge.oneTimeChargeID}`;
    expectFieldError(
      await call('PATCH', path, { payment: { amount: 100_001 } }),
      'payment.amount',
      BILL_MESSAGES.overpaid(100_000),
    );
    expectError(
      await call('PATCH', path, { payment: { amount: 1 } }, 'chunha', { 'If-Match': charge['@odata.etag'] }),
      412,
      MSG.stale,
    );
    expectError(await call('PATCH', path, { payment: { amount: 1 } }, 'nguoithue'), 403, MSG.forbidden);
    const paid = await call<ChargeReply>('PATCH', path, { payment: { amount: 100_000 } }, 'chunha', {
      'If-Match': partly.body['@odata.etag'],
    });
    expect(paid.body).toMatchObject({ status: 3, paidAmount: 120_000 });
  });

  it('DELETE removes an unpaid charge (204) and keeps a paid one (409)', async () => {
    expectError(
      await call('DELETE', `/odata/OneTimeCharge/${charge.oneTimeChargeID}`),
      409,
      BILL_MESSAGES.chargePaid,
    );
    const fresh = await call<ChargeReply>('POST', '/odata/OneTimeCharge', {
      contractID: tenancy.contractID,
      description: 'Phí nhập nhầm',
      amount: 10_000,
    });
    const path = `/odata/OneTimeCharge/${fresh.body.oneTimeChargeID}`;
    expectError(await call('DELETE', path, undefined, 'nhanvien'), 403, MSG.forbidden);
    expectError(await call('DELETE', path, undefined, 'chunha2'), 404, MSG.notFound);
    expect((await call('DELETE', path)).status).toBe(204);
    expectError(await call('GET', path), 404, MSG.notFound);
  });

  it('an early end takes unpaid charges from the refund; the ended contract takes no new charge (409)', async () => {
    const unpaid = await call<ChargeReply>('POST', '/odata/OneTimeCharge', {
      contractID: tenancy.contractID,
      description: 'Làm lại chìa khóa',
      amount: 70_000,
    });
    expect(unpaid.status).toBe(201);
    const ended = await call<{ status: number; settlement: Record<string, number> }>(
      'POST',
      '/odata/Contract/TerminateContract',
      {
        contractID: tenancy.contractID,
        terminationDate: new Date().toISOString().slice(0, 10),
        reason: 'Kết thúc sớm',
      },
    );
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    // The paid charge counts for nothing, the unpaid one in full.
    const { deposit, proratedRent, damageCharges, unpaidCharges, rounding, refund } = ended.body.settlement;
    expect(unpaidCharges).toBe(70_000);
    // What changes hands is rounded to the house's step (1.000 ₫ by default), as a line of its own.
    expect(refund).toBe(
      (deposit ?? 0) - (proratedRent ?? 0) - (damageCharges ?? 0) - 70_000 - (rounding ?? 0),
    );
    expect(Math.abs(refund ?? 0) % 1_000).toBe(0);
    expectError(
      await call('POST', '/odata/OneTimeCharge', {
        contractID: tenancy.contractID,
        description: 'Phí',
        amount: 1_000,
      }),
      409,
      BILL_MESSAGES.contractNotActive,
    );
  });
});
