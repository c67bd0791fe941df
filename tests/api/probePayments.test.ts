/**
 * The permanent probe's payment cases (issue 21), through the running product: a tenant asks for a second
 * payment link and pays on both pages. VNPay's signed notification of the first link, once the second was
 * made, must not credit the bill (it was charged twice); it is answered, recorded, and shown as money to
 * be returned. Links asked at the same moment leave one open. Every reply is well formed (tests/api/helpers.ts).
 */
import { BILL_STATUS, type MonthlyBill, type PaymentResult } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSandboxMerchant } from '../../api/src/config/index.js';
import { gatewayDateToIso, PAY_DATE_GRACE_MS } from '../../api/src/domain/shared/onlinePayments.js';
import { vietnamCompactDateTime } from '../../api/src/domain/shared/time.js';
import type { MonthlyBillDoc, PaymentDoc } from '../../api/src/domain/shared/model.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { gatewayCallback } from '../support/gateway.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type ApiReply,
  type TestProduct,
} from '../support/product.js';
import { expectWellFormed } from './helpers.js';

interface UrlReply {
  status: boolean;
  errorMessage: string;
  paymentURL: string | null;
}

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let secret = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  secret = localSandboxMerchant(product.dataDir).hashSecret;
});
afterAll(() => product?.stop());

let month = 0;
function aBill(): Promise<MonthlyBillDoc> {
  month += 1;
  return aMonthlyBill(product.services, tenancy, { month: `2024-${String(month).padStart(2, '0')}` });
}

async function askLink(bill: MonthlyBillDoc): Promise<ApiReply<UrlReply>> {
  const reply = await api.request<UrlReply>(
    'GET',
    `/api/Payment/RequestPaymentURLForMonthlyBill?monthlyBillID=${bill.monthlyBillID}`,
    { token: token.nguoithue as string },
  );
  expectWellFormed(reply, 'RequestPaymentURLForMonthlyBill');
  return reply;
}

async function linkOf(bill: MonthlyBillDoc): Promise<string> {
  const reply = await askLink(bill);
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: true, errorMessage: '' });
  return reply.body.paymentURL ?? '';
}

/** VNPay's signed server-to-server notification that the link's page was paid (at `payDate`, if given). */
async function notifyPaid(paymentURL: string, transactionNo: string, payDate?: string) {
  const query = gatewayCallback(paymentURL, secret, { transactionNo, ...(payDate ? { payDate } : {}) });
  const reply = await api.request<{ RspCode: string; Message: string }>(
    'GET',
    `/api/Payment/VNPayIPN?${query.toString()}`,
  );
  expectWellFormed(reply, 'VNPayIPN');
  expect(reply.status).toBe(200);
  return reply.body;
}

async function billNow(bill: MonthlyBillDoc): Promise<MonthlyBill> {
  const reply = await api.request<MonthlyBill>('GET', `/odata/MonthlyBill/${bill.monthlyBillID}`, {
    token: token.chunha as string,
  });
  expect(reply.status).toBe(200);
  return reply.body;
}

function paymentsOf(bill: MonthlyBillDoc): Promise<PaymentDoc[]> {
  return product.services.store
    .container<PaymentDoc>('houses')
    .query({
      partitionKey: bill.houseID,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'payment' },
          { op: 'eq', field: 'targetID', value: bill.monthlyBillID },
        ],
      },
    })
    .then((page) => page.items);
}

describe('a second payment link', () => {
  it('the first link’s notification does not credit after the second was made: recorded, to be returned', async () => {
    const bill = await aBill();
    const first = await linkOf(bill);
    const second = await linkOf(bill);
    const firstID = new URL(first).searchParams.get('vnp_TxnRef') ?? '';

    expect(await notifyPaid(second, '15000001')).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect(await notifyPaid(first, '15000002')).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    // Copies of either are "already confirmed".
    expect((await notifyPaid(first, '15000002')).RspCode).toBe('02');
    expect((await notifyPaid(second, '15000001')).RspCode).toBe('02');

    const saved = await billNow(bill);
    expect(saved).toMatchObject({ status: BILL_STATUS.paid, paidAmount: bill.total });
    expect(saved.payments).toHaveLength(1);
    expect(saved.refundsDue).toEqual([
      expect.objectContaining({
        paymentID: firstID,
        amount: bill.total,
        gatewayTransactionNo: '15000002',
        refundReason: 'replaced',
      }),
    ]);
    const result = await api.request<{ data: PaymentResult }>(
      'GET',
      `/api/Payment/MonthlyBillPaymentComplete?paymentID=${firstID}`,
    );
    expect(result.body.data).toMatchObject({ state: 'refundDue', refundReason: 'replaced' });
  });

  it('the first link’s notification before the second is paid credits nothing either; the second pays', async () => {
    const bill = await aBill();
    const first = await linkOf(bill);
    const second = await linkOf(bill);
    expect((await notifyPaid(first, '15000003')).RspCode).toBe('00');
    expect(await billNow(bill)).toMatchObject({ paidAmount: 0, status: BILL_STATUS.unpaid });
    expect((await notifyPaid(second, '15000004')).RspCode).toBe('00');
    expect(await billNow(bill)).toMatchObject({ paidAmount: bill.total, status: BILL_STATUS.paid });
  });

  it('links asked at the same moment leave one open link; every reply is a URL or a reason', async () => {
    const bill = await aBill();
    const replies = await Promise.all(Array.from({ length: 8 }, () => askLink(bill)));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      if (!reply.body.status) expect(reply.body.errorMessage).toMatch(/[À-ỹ]/u);
    }
    const states = (await paymentsOf(bill)).map((payment) => payment.state);
    expect(states.filter((state) => state === 'pending')).toHaveLength(1);
    expect(states.every((state) => state === 'pending' || state === 'replaced')).toBe(true);
  });
});

describe('a link expires', () => {
  /** The link's `vnp_CreateDate` and `vnp_ExpireDate`, as instants. */
  function datesOf(paymentURL: string) {
    const asked = new URL(paymentURL).searchParams;
    return {
      created: Date.parse(gatewayDateToIso(asked.get('vnp_CreateDate') ?? '') ?? ''),
      expires: Date.parse(gatewayDateToIso(asked.get('vnp_ExpireDate') ?? '') ?? ''),
    };
  }
  const paidAt = (instant: number) => vietnamCompactDateTime(new Date(instant));

  it('VNPay is told to stop taking payments 15 minutes after the link was made', async () => {
    const { created, expires } = datesOf(await linkOf(await aBill()));
    expect(created).not.toBeNaN();
    expect(expires - created).toBe(15 * 60_000);
  });

  it('money VNPay took after the link expired credits nothing and is to be returned; paid in time, it pays', async () => {
    const bill = await aBill();
    const late = await linkOf(bill);
    const lateID = new URL(late).searchParams.get('vnp_TxnRef') ?? '';
    const afterExpiry = datesOf(late).expires + PAY_DATE_GRACE_MS + 60_000;
    expect(await notifyPaid(late, '15000011', paidAt(afterExpiry))).toEqual({
      RspCode: '00',
      Message: 'Confirm Success',
    });
    const unpaid = await billNow(bill);
    expect(unpaid).toMatchObject({ paidAmount: 0, status: BILL_STATUS.unpaid });
    expect(unpaid.refundsDue).toEqual([
      expect.objectContaining({ paymentID: lateID, amount: bill.total, refundReason: 'expired' }),
    ]);

    const inTime = await linkOf(bill);
    const beforeExpiry = datesOf(inTime).expires - 60_000;
    expect((await notifyPaid(inTime, '15000012', paidAt(beforeExpiry))).RspCode).toBe('00');
    expect(await billNow(bill)).toMatchObject({ paidAmount: bill.total, status: BILL_STATUS.paid });
  });
});
