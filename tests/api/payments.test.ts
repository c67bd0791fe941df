import {
  BANK_TRANSFER_MESSAGES,
  BILL_STATUS,
  PAYMENT_MESSAGES,
  type MonthlyBill,
  type PaymentResult,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSandboxMerchant } from '../../api/src/config/index.js';
import { feedSignature } from '../../api/src/useCases/bankTransfers/matching.js';
import { billOwed } from '../../api/src/useCases/shared/billViews.js';
import type { MonthlyBillDoc, OneTimeChargeDoc, PaymentDoc } from '../../api/src/domain/shared/model.js';
import { aMonthlyBill, aOneTimeCharge } from '../support/billBuilders.js';
import { gatewayCallback } from '../support/gateway.js';
import {
  apiClient,
  startTestProduct,
  type TestProduct,
  accessTokens,
  tenancyOf,
} from '../support/product.js';
import { expectError } from './helpers.js';
import { entriesOf } from '../support/auditTrail.js';

/**
 * Online payment through the real handlers and the local payment sandbox, as a browser would go:
 * payment URL → the sandbox's card page → its signed notification to the API → the return → the result.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let secret = '';

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  secret = localSandboxMerchant(product.dataDir).hashSecret;
});
afterAll(() => product?.stop());

let month = 1;
/** A fresh unpaid bill of the demo tenant (one per test, so tests do not share state). */
function aBill(): Promise<MonthlyBillDoc> {
  month += 1;
  return aMonthlyBill(product.services, tenancy, { month: `2025-${String(month).padStart(2, '0')}` });
}

interface UrlReply {
  status: boolean;
  errorMessage: string;
  paymentURL: string | null;
}

async function paymentUrlFor(bill: MonthlyBillDoc, user = 'nguoithue'): Promise<string> {
  const reply = await api.request<UrlReply>(
    'GET',
    `/api/Payment/RequestPaymentURLForMonthlyBill?monthlyBillID=${bill.monthlyBillID}`,
    { token: token[user] as string },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body).toMatchObject({ status: true, errorMessage: '' });
  return reply.body.paymentURL ?? '';
}

/** Opens the sandbox's card page and presses one of its buttons; returns where the browser is sent. */
async function payInSandbox(paymentURL: string, outcome: 'success' | 'failure' | 'cancel'): Promise<URL> {
  const pageReply = await fetch(paymentURL);
  expect(pageReply.status).toBe(200);
  const html = await pageReply.text();
  const formToken = /name="token" value="([0-9a-f]+)"/.exec(html)?.[1];
  expect(formToken).toBeDefined();
  const sandbox = new URL(paymentURL).origin;
  const reply = await fetch(`${sandbox}/paymentv2/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: formToken ?? '', outcome }).toString(),
    redirect: 'manual',
  });
  expect(reply.status).toBe(302);
  return new URL(reply.headers.get('location') ?? '');
}

/** Follows the gateway's return through the API: the result page it sends the browser to. */
async function returnTo(returnUrl: URL): Promise<string> {
  const reply = await fetch(returnUrl, { redirect: 'manual' });
  expect(reply.status).toBe(302);
  return reply.headers.get('location') ?? '';
}

async function billNow(id: string): Promise<MonthlyBill> {
  const reply = await api.request<MonthlyBill>('GET', `/odata/MonthlyBill/${id}`, {
    token: token.chunha as string,
  });
  return reply.body;
}

describe('paying a bill through the sandbox', () => {
  it('success: the notification credits the bill, the return lands on /paymentSuccessful, the result reads it', async () => {
    const bill = await aBill();
    const paymentURL = await paymentUrlFor(bill);
    expect(paymentURL.startsWith(`${product.paymentSandbox?.url}/paymentv2/vpcpay.html?`)).toBe(true);
    const paymentID = new URL(paymentURL).searchParams.get('vnp_TxnRef') ?? '';

    const back = await payInSandbox(paymentURL, 'success');
    expect(`${back.origin}${back.pathname}`).toBe(`${product.url}/api/Payment/VNPayReturn`);
    expect(product.paymentSandbox?.notifications.at(-1)).toEqual({
      paymentID,
      outcome: 'success',
      rspCode: '00',
    });
    expect(await returnTo(back)).toBe(`${product.url}/paymentSuccessful/${paymentID}`);

    const result = await api.request<{ status: boolean; data: PaymentResult }>(
      'GET',
      `/api/Payment/MonthlyBillPaymentComplete?paymentID=${paymentID}`,
    );
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      state: 'succeeded',
      amount: bill.total,
      description: bill.billName,
    });
    expect(await billNow(bill.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.paid,
      paidAmount: bill.total,
    });

    // The tenant asking again now gets an errorMessage and no URL.
    const again = await api.request<UrlReply>(
      'GET',
      `/api/Payment/RequestPaymentURLForMonthlyBill?monthlyBillID=${bill.monthlyBillID}`,
      { token: token.nguoithue as string },
    );
    expect(again.body).toEqual({
      status: false,
      errorMessage: PAYMENT_MESSAGES.billAlreadyPaid,
      paymentURL: null,
    });
  });

  it('failure and cancellation land on /paymentFailure and change nothing', async () => {
    const bill = await aBill();
    for (const outcome of ['failure', 'cancel'] as const) {
      const paymentURL = await paymentUrlFor(bill);
      const paymentID = new URL(paymentURL).searchParams.get('vnp_TxnRef') ?? '';
      const back = await payInSandbox(paymentURL, outcome);
      // The gateway's reason goes along (the sandbox: 51 for a failure, 24 for a cancellation).
      const code = outcome === 'failure' ? '51' : '24';
      expect(await returnTo(back)).toBe(
        `${product.url}/paymentFailure?paymentID=${paymentID}&responseCode=${code}`,
      );
      const result = await api.request<{ data: PaymentResult }>(
        'GET',
        `/api/Payment/PaymentComplete?paymentID=${paymentID}`,
      );
      expect(result.body.data.state).toBe(outcome === 'failure' ? 'failed' : 'cancelled');
    }
    expect(await billNow(bill.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.unpaid,
      paidAmount: 0,
      payments: [],
    });
  });

  it('a one-time charge returns to /paymentOTCSuccessfull and reads through OTCPaymentComplete', async () => {
    const charge: OneTimeChargeDoc = await aOneTimeCharge(product.services, tenancy, { amount: 180_000 });
    const reply = await api.request<UrlReply>(
      'GET',
      `/api/Payment/RequestPaymentURLForOneTimeCharge?oneTimeChargeID=${charge.oneTimeChargeID}`,
      { token: token.nguoithue as string },
    );
    const paymentURL = reply.body.paymentURL ?? '';
    const paymentID = new URL(paymentURL).searchParams.get('vnp_TxnRef') ?? '';
    expect(await returnTo(await payInSandbox(paymentURL, 'success'))).toBe(
      `${product.url}/paymentOTCSuccessfull/${paymentID}`,
    );
    const result = await api.request<{ data: PaymentResult }>(
      'GET',
      `/api/Payment/OTCPaymentComplete?paymentID=${paymentID}`,
    );
    expect(result.body.data).toMatchObject({ state: 'succeeded', amount: 180_000, target: 'oneTimeCharge' });
    const wrongPage = await api.request(
      'GET',
      `/api/Payment/MonthlyBillPaymentComplete?paymentID=${paymentID}`,
    );
    expectError(wrongPage, 404, PAYMENT_MESSAGES.paymentNotFound);
  });
});

describe('the notification endpoint (VNPay IPN)', () => {
  it('answers VNPay’s codes as JSON: 97 forged, 01 unknown, 04 amount, 00 then 02', async () => {
    const bill = await aBill();
    const paymentURL = await paymentUrlFor(bill);
    const ipn = (query: URLSearchParams) =>
      api.request<{ RspCode: string; Message: string }>('GET', `/api/Payment/VNPayIPN?${query}`);
    expect((await ipn(gatewayCallback(paymentURL, 'forged'))).body).toEqual({
      RspCode: '97',
      Message: 'Fail checksum',
    });
    expect(
      (await ipn(gatewayCallback(paymentURL, secret, { txnRef: 'NoSuchPayment00000000000' }))).body.RspCode,
    ).toBe('01');
    expect((await ipn(gatewayCallback(paymentURL, secret, { amount: '100000' }))).body.RspCode).toBe('04');
    const confirmed = await ipn(gatewayCallback(paymentURL, secret));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect((await ipn(gatewayCallback(paymentURL, secret))).body.RspCode).toBe('02');
  });

  it('50 duplicate notifications at once credit exactly once', async () => {
    const bill = await aBill();
    const query = gatewayCallback(await paymentUrlFor(bill), secret);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.request<{ RspCode: string }>('GET', `/api/Payment/VNPayIPN?${query}`),
      ),
    );
    const codes = replies.map((reply) => reply.body.RspCode);
    expect(codes.filter((code) => code === '00')).toHaveLength(1);
    expect(codes.filter((code) => code === '02')).toHaveLength(49);
    const saved = await billNow(bill.monthlyBillID);
    expect(saved.payments).toHaveLength(1);
    expect(saved.paidAmount).toBe(bill.total);
  });

  it('a forged return is sent to /paymentFailure and credits nothing', async () => {
    const bill = await aBill();
    const query = gatewayCallback(await paymentUrlFor(bill), 'forged');
    expect(await returnTo(new URL(`${product.url}/api/Payment/VNPayReturn?${query}`))).toBe(
      `${product.url}/paymentFailure`,
    );
    expect((await billNow(bill.monthlyBillID)).status).toBe(BILL_STATUS.unpaid);
  });
});

describe('who may ask for a payment URL', () => {
  it('anonymous 401, another landlord 404, staff 403, a bad id 400; the house’s landlord may', async () => {
    const bill = await aBill();
    const path = `/api/Payment/RequestPaymentURLForMonthlyBill?monthlyBillID=${bill.monthlyBillID}`;
    expect((await api.request('GET', path)).status).toBe(401);
    expect((await api.request('GET', path, { token: token.chunha2 as string })).status).toBe(404);
    expect((await api.request('GET', path, { token: token.nhanvien as string })).status).toBe(403);
    const bad = await api.request('GET', '/api/Payment/RequestPaymentURLForMonthlyBill?monthlyBillID=x', {
      token: token.nguoithue as string,
    });
    expectError(bad, 400, 'Mã hóa đơn không hợp lệ.');
    // The payment and its audit entry are one batch: refused requests left no entry, the accepted one one.
    expect(await entriesOf(product.services, 'requestPayment', bill.monthlyBillID)).toEqual([]);
    expect(await paymentUrlFor(bill, 'chunha')).toContain('vnp_SecureHash=');
    const [entry, ...others] = await entriesOf(product.services, 'requestPayment', bill.monthlyBillID);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      action: 'requestPayment',
      entity: 'monthlyBill',
      houseID: tenancy.houseID,
      details: { amount: billOwed(bill) },
    });
    const payment = await product.services.store
      .container<PaymentDoc>('houses')
      .read(tenancy.houseID, String(entry?.details?.paymentID));
    expect(payment?.state).toBe('pending');
  });
});

describe('the bank feed (POST /api/BankFeed/Transactions)', () => {
  function signed(body: string, secret = product.services.config.bankFeedSecret ?? '') {
    const t = String(Math.floor(Date.now() / 1000));
    return {
      'x-bank-feed-signature': `t=${t},v1=${feedSignature(t, body, secret)}`,
      'content-type': 'application/json',
    };
  }

  it('refuses an unsigned or forged call with 401; a signed one pays the bill its note names', async () => {
    const bill = await aBill();
    const body = JSON.stringify({
      transactions: [
        {
          transactionID: `FT${bill.monthlyBillID.slice(-6)}`,
          accountNumber: '0071 000 123 456',
          amount: bill.total,
          description: `MBVCB.${bill.billCode}.chuyen tien phong`,
          transactedOn: '2026-11-20T09:15:00+07:00',
        },
      ],
    });
    expectError(
      await api.request('POST', '/api/BankFeed/Transactions', { rawBody: body }),
      401,
      BANK_TRANSFER_MESSAGES.badSignature,
    );
    expectError(
      await api.request('POST', '/api/BankFeed/Transactions', {
        rawBody: body,
        headers: signed(body, 'forged'),
      }),
      401,
      BANK_TRANSFER_MESSAGES.badSignature,
    );
    expect((await billNow(bill.monthlyBillID)).paidAmount).toBe(0);
    const reply = await api.request('POST', '/api/BankFeed/Transactions', {
      rawBody: body,
      headers: signed(body),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({
      status: true,
      data: { received: 1, matched: 1, unmatched: 0, duplicates: 0 },
    });
    expect(await billNow(bill.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.paid,
      paidAmount: bill.total,
    });
  });

  it('an unmatched transfer waits in the landlord’s list and is assigned by the bill’s code', async () => {
    const bill = await aBill();
    const body = JSON.stringify({
      transactions: [
        {
          transactionID: `FTX${bill.monthlyBillID.slice(-6)}`,
          accountNumber: '0071000123456',
          amount: 500_000,
          description: 'tien phong thang nay',
          transactedOn: '2026-11-21T08:00:00+07:00',
        },
      ],
    });
    await api.request('POST', '/api/BankFeed/Transactions', { rawBody: body, headers: signed(body) });
    const list = await api.request<{ value: Array<{ bankTransferID: string; transactionID: string }> }>(
      'GET',
      '/odata/BankTransfer?status=unmatched',
      { token: token.chunha as string },
    );
    const waiting = list.body.value.find((t) => t.transactionID === `FTX${bill.monthlyBillID.slice(-6)}`);
    expect(waiting).toBeDefined();
    expect(
      (await api.request('GET', '/odata/BankTransfer', { token: token.nhanvien as string })).status,
    ).toBe(403);
    const others = await api.request<{ value: unknown[] }>('GET', '/odata/BankTransfer', {
      token: token.chunha2 as string,
    });
    expect(JSON.stringify(others.body)).not.toContain(waiting?.bankTransferID);
    const assign = (user: string) =>
      api.request('POST', '/api/BankFeed/Assign', {
        token: token[user] as string,
        body: { bankTransferID: waiting?.bankTransferID, billCode: bill.billCode.toLowerCase() },
      });
    expect((await assign('chunha2')).status).toBe(404);
    expect(await entriesOf(product.services, 'assignTransfer', bill.monthlyBillID)).toEqual([]);
    const assigned = await assign('chunha');
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    // The credit and its entry are one batch of the house; assigning again is refused and adds none.
    expect((await assign('chunha')).status).toBe(409);
    expect(await entriesOf(product.services, 'assignTransfer', bill.monthlyBillID)).toMatchObject([
      {
        entity: 'monthlyBill',
        houseID: tenancy.houseID,
        details: { bankTransferID: waiting?.bankTransferID, amount: 500_000 },
      },
    ]);
    expect(await billNow(bill.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.partlyPaid,
      paidAmount: 500_000,
    });
  });
});
