import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BANK_FEED_PROVIDER_MESSAGES,
  BANK_TRANSFER_MESSAGES,
  BILL_STATUS,
  type BankTransfer,
  type MonthlyBill,
} from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyBillDoc, OutboxMessageDoc } from '../../api/src/domain/shared/model.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import {
  accessTokens,
  apiClient,
  startTestProduct,
  tenancyOf,
  type TestProduct,
} from '../support/product.js';
import { expectError, DEMO_BANK_ACCOUNT, sepayTransfer } from './helpers.js';

/**
 * SePay's and Casso's webhooks through the real handlers, with calls built here from the providers'
 * documented formats (developer.sepay.vn, developer.casso.vn; docs/bank-feed.md), signed here with
 * node:crypto: not with the product's own code.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let tenantUserID = '';
let sepayKey = '';
let cassoKey = '';
let cassoPath = '';
/** chunha's account in their lessor info (the demo data). */
const ACCOUNT = DEMO_BANK_ACCOUNT;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  tenantUserID = sessions.nguoithue?.userID ?? '';
  // `npm start` writes the demo landlord's keys into DATA_DIR: the test reads them as a person would.
  sepayKey = readFileSync(join(product.dataDir, 'sepay-api-key'), 'utf8').trim();
  cassoKey = readFileSync(join(product.dataDir, 'casso-checksum-key'), 'utf8').trim();
  cassoPath = product.bankFeedKeys?.cassoPath ?? '';
});
afterAll(() => product?.stop());

let month = 0;
function aBill(): Promise<MonthlyBillDoc> {
  month += 1;
  return aMonthlyBill(product.services, tenancy, { month: `2024-${String(month).padStart(2, '0')}` });
}

async function billNow(id: string): Promise<MonthlyBill> {
  return (
    await api.request<MonthlyBill>('GET', `/odata/MonthlyBill/${id}`, { token: token.chunha as string })
  ).body;
}

async function transfersOf(user: string): Promise<BankTransfer[]> {
  const reply = await api.request<{ value: BankTransfer[] }>('GET', '/odata/BankTransfer?$top=200', {
    token: token[user] as string,
  });
  expect(reply.status).toBe(200);
  return reply.body.value;
}

let nextID = 90_000;

function sepayBody(over: Record<string, unknown> = {}) {
  nextID += 1;
  return sepayTransfer(nextID, over);
}

function sepay(body: unknown, key = sepayKey) {
  return api.request<unknown>('POST', '/api/BankFeed/SePay', {
    rawBody: JSON.stringify(body),
    headers: { authorization: `Apikey ${key}`, 'content-type': 'application/json' },
  });
}

/** Casso's webhook v2 body (developer.casso.vn, "Xử lý sự kiện Webhook"). */
function cassoBody(over: Record<string, unknown> = {}) {
  nextID += 1;
  return {
    error: 0,
    data: {
      id: nextID,
      reference: `FT${nextID}`,
      description: 'chuyen tien',
      amount: 100_000,
      runningBalance: 25_000_000,
      transactionDateTime: '2026-11-20 10:06:37',
      accountNumber: ACCOUNT,
      bankName: 'Vietcombank',
      bankAbbreviation: 'VCB',
      virtualAccountNumber: '',
      virtualAccountName: '',
      counterAccountName: 'NGUYEN VAN A',
      counterAccountNumber: '8888888888',
      counterAccountBankId: '970415',
      counterAccountBankName: 'VietinBank',
      ...over,
    },
  };
}

/** Keys sorted at every level, as Casso's documentation sorts them before signing. */
function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortDeep((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

function cassoSign(body: unknown, key = cassoKey, t = Date.now()): string {
  const v1 = createHmac('sha512', key)
    .update(`${t}.${JSON.stringify(sortDeep(body))}`)
    .digest('hex');
  return `t=${t},v1=${v1}`;
}

function casso(body: unknown, signature = cassoSign(body), path = cassoPath) {
  return api.request<unknown>('POST', path, {
    rawBody: JSON.stringify(body),
    headers: { 'x-casso-signature': signature, 'content-type': 'application/json' },
  });
}

describe('SePay (POST /api/BankFeed/SePay)', () => {
  it('refuses a missing or wrong API key with 401 and changes nothing', async () => {
    const bill = await aBill();
    const body = sepayBody({ content: `TT ${bill.billCode}`, transferAmount: bill.total });
    const anonymous = await api.request('POST', '/api/BankFeed/SePay', { body });
    expectError(anonymous, 401, BANK_FEED_PROVIDER_MESSAGES.badApiKey);
    expectError(await sepay(body, `${sepayKey}x`), 401, BANK_FEED_PROVIDER_MESSAGES.badApiKey);
    const bearer = await api.request('POST', '/api/BankFeed/SePay', {
      body,
      headers: { authorization: `Bearer ${sepayKey}` },
    });
    expectError(bearer, 401, BANK_FEED_PROVIDER_MESSAGES.badApiKey);
    expect(await billNow(bill.monthlyBillID)).toMatchObject({ paidAmount: 0, status: BILL_STATUS.unpaid });
  });

  it('credits the bill its note names (any case, spaces, dashes), tells landlord and tenant, and a retried call once', async () => {
    const bill = await aBill();
    const spaced = `${bill.billCode.slice(0, 2)} ${bill.billCode.slice(2, 6)}-${bill.billCode.slice(6)}`;
    const body = sepayBody({
      content: `MBVCB.3278907687.${spaced.toLowerCase()}.chuyen tien phong`,
      transferAmount: bill.total,
    });
    const first = await sepay(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ success: true });
    const again = await sepay(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true });
    const saved = await billNow(bill.monthlyBillID);
    expect(saved).toMatchObject({ status: BILL_STATUS.paid, paidAmount: bill.total });
    expect(saved.payments).toHaveLength(1);
    expect(saved.payments[0]).toMatchObject({ method: 'transfer', amount: bill.total });
    const messages = (
      await listInHouse<OutboxMessageDoc>(product.services, tenancy.houseID, 'outboxMessage')
    ).filter((m) => m.event === 'paymentReceived' && m.subjectID === bill.monthlyBillID);
    expect(messages.map((m) => m.recipient.userID)).toContain(tenantUserID);
    expect(messages).toHaveLength(2);
    const listed = (await transfersOf('chunha')).filter((t) => t.providerTransactionID === String(body.id));
    expect(listed).toEqual([
      expect.objectContaining({ provider: 'sepay', status: 'matched', targetID: bill.monthlyBillID }),
    ]);
  });

  it('a partial payment leaves the rest owed; an over-payment pays in full and keeps the surplus on the bill', async () => {
    const partial = await aBill();
    await sepay(sepayBody({ content: partial.billCode, transferAmount: 300_000 }));
    expect(await billNow(partial.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.partlyPaid,
      paidAmount: 300_000,
    });
    const over = await aBill();
    await sepay(sepayBody({ content: over.billCode, transferAmount: over.total + 150_000 }));
    expect(await billNow(over.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.paid,
      paidAmount: over.total + 150_000,
      // Carried to the contract's next bill when it is drafted (tests/useCases/houseTickets.test.ts).
      surplusOpen: true,
    });
  });

  it('money out, another account, no code or an unknown code wait on /bankTransfers, crediting nothing', async () => {
    const bill = await aBill();
    const out = sepayBody({ content: bill.billCode, transferType: 'out', transferAmount: bill.total });
    const elsewhere = sepayBody({
      content: bill.billCode,
      accountNumber: '9999888877',
      transferAmount: 1000,
    });
    const noCode = sepayBody({ content: 'tien phong thang 11' });
    const unknown = sepayBody({ content: 'NTAAAAAAAA tien phong' });
    for (const body of [out, elsewhere, noCode, unknown]) {
      const reply = await sepay(body);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    expect(await billNow(bill.monthlyBillID)).toMatchObject({ paidAmount: 0, status: BILL_STATUS.unpaid });
    const list = await transfersOf('chunha');
    const reason = (body: { id: number }) =>
      list.find((t) => t.providerTransactionID === String(body.id))?.unmatchedReason;
    expect(reason(out)).toBe(BANK_FEED_PROVIDER_MESSAGES.outgoing);
    expect(reason(elsewhere)).toBe(BANK_FEED_PROVIDER_MESSAGES.notLandlordAccount);
    expect(reason(noCode)).toBe(BANK_TRANSFER_MESSAGES.noCode);
    expect(reason(unknown)).toBe(BANK_TRANSFER_MESSAGES.unknownCode);
    expect(list.find((t) => t.providerTransactionID === String(out.id))?.amount).toBe(-bill.total);
    // The other landlord sees none of them; money out cannot be assigned to a bill.
    expect(JSON.stringify(await transfersOf('chunha2'))).not.toContain(String(out.referenceCode));
    const outgoing = list.find((t) => t.providerTransactionID === String(out.id));
    expectError(
      await api.request('POST', '/api/BankFeed/Assign', {
        token: token.chunha as string,
        body: { bankTransferID: outgoing?.bankTransferID, billCode: bill.billCode },
      }),
      409,
      BANK_FEED_PROVIDER_MESSAGES.outgoingAssign,
    );
  });

  it('a transfer for a bill that no longer exists is kept and shown, and brings nothing back', async () => {
    const bill = await aBill();
    await product.services.store.container('houses').delete(bill.pk, bill.id);
    const body = sepayBody({ content: bill.billCode, transferAmount: bill.total });
    expect((await sepay(body)).status).toBe(200);
    const listed = (await transfersOf('chunha')).find((t) => t.providerTransactionID === String(body.id));
    expect(listed).toMatchObject({
      status: 'unmatched',
      unmatchedReason: BANK_TRANSFER_MESSAGES.unknownCode,
    });
    const read = await api.request('GET', `/odata/MonthlyBill/${bill.monthlyBillID}`, {
      token: token.chunha as string,
    });
    expect(read.status).toBe(404);
  });

  it('a body that is not SePay’s is a 400 naming the field', async () => {
    const reply = await sepay(sepayBody({ transferAmount: 'nhiều' }));
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('transferAmount');
    expect(
      (
        await api.request('POST', '/api/BankFeed/SePay', {
          rawBody: '{not json',
          headers: { authorization: `Apikey ${sepayKey}` },
        })
      ).status,
    ).toBe(400);
  });
});

describe('Casso webhook v2 (POST /api/BankFeed/Casso)', () => {
  it('credits a signed call once, however often it is replayed', async () => {
    const bill = await aBill();
    const body = cassoBody({
      description: `CT DEN:0123 ${bill.billCode.toLowerCase()} tien phong`,
      amount: bill.total,
    });
    const reply = await casso(body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ success: true });
    expect((await casso(body)).body).toEqual({ success: true });
    const saved = await billNow(bill.monthlyBillID);
    expect(saved).toMatchObject({ status: BILL_STATUS.paid, paidAmount: bill.total });
    expect(saved.payments).toHaveLength(1);
    const listed = (await transfersOf('chunha')).find(
      (t) => t.providerTransactionID === String(body.data.id),
    );
    expect(listed).toMatchObject({ provider: 'casso', status: 'matched', senderName: 'NGUYEN VAN A' });
  });

  it('refuses a wrong signature, a changed body, an old timestamp and an unknown connection with 401', async () => {
    const bill = await aBill();
    const body = cassoBody({ description: bill.billCode, amount: bill.total });
    expectError(
      await casso(body, cassoSign(body, 'khoa-sai-khong-phai-cua-casso')),
      401,
      BANK_FEED_PROVIDER_MESSAGES.badCassoSignature,
    );
    const changed = { ...body, data: { ...body.data, amount: bill.total * 10 } };
    expectError(await casso(changed, cassoSign(body)), 401, BANK_FEED_PROVIDER_MESSAGES.badCassoSignature);
    const old = cassoSign(body, cassoKey, Date.now() - 6 * 60 * 1000);
    expectError(await casso(body, old), 401, BANK_FEED_PROVIDER_MESSAGES.staleCassoSignature);
    expectError(await casso(body, 'v1=abc'), 401, BANK_FEED_PROVIDER_MESSAGES.badCassoSignature);
    expectError(
      await casso(body, cassoSign(body), '/api/BankFeed/Casso?c=khongtontai123'),
      401,
      BANK_FEED_PROVIDER_MESSAGES.unknownConnection,
    );
    expect(await billNow(bill.monthlyBillID)).toMatchObject({ paidAmount: 0, status: BILL_STATUS.unpaid });
  });

  it('partial and over-payment; money out and unknown codes wait', async () => {
    const bill = await aBill();
    await casso(cassoBody({ description: bill.billCode, amount: 200_000 }));
    expect(await billNow(bill.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.partlyPaid,
      paidAmount: 200_000,
    });
    const rest = bill.total - 200_000;
    await casso(cassoBody({ description: bill.billCode, amount: rest + 50_000 }));
    expect(await billNow(bill.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.paid,
      paidAmount: bill.total + 50_000,
    });
    const out = cassoBody({ description: bill.billCode, amount: -100_000 });
    const unknown = cassoBody({ description: 'NT2222AAAA' });
    await casso(out);
    await casso(unknown);
    const list = await transfersOf('chunha');
    const of = (body: { data: { id: number } }) =>
      list.find((t) => t.providerTransactionID === String(body.data.id));
    expect(of(out)).toMatchObject({
      status: 'unmatched',
      unmatchedReason: BANK_FEED_PROVIDER_MESSAGES.outgoing,
    });
    expect(of(unknown)).toMatchObject({
      status: 'unmatched',
      unmatchedReason: BANK_TRANSFER_MESSAGES.unknownCode,
    });
  });
});

describe('the landlord’s connections (GET/POST/DELETE /api/BankFeed/Connections…)', () => {
  it('shows a new SePay key once; the old key stops working; staff and tenants may not touch it', async () => {
    for (const user of ['nhanvien', 'nguoithue']) {
      expect(
        (await api.request('POST', '/api/BankFeed/Connections/SePay', { token: token[user] as string }))
          .status,
      ).toBe(403);
    }
    const listed = await api.request<{ data: Array<Record<string, unknown>> }>(
      'GET',
      '/api/BankFeed/Connections',
      {
        token: token.chunha2 as string,
      },
    );
    expect(listed.body.data).toEqual([
      { provider: 'sepay', connected: false },
      { provider: 'casso', connected: false },
    ]);
    const made = await api.request<{ data: { apiKey: string; webhookUrl: string; hint: string } }>(
      'POST',
      '/api/BankFeed/Connections/SePay',
      { token: token.chunha2 as string, body: {} },
    );
    expect(made.status).toBe(200);
    const key = made.body.data.apiKey;
    expect(key.length).toBeGreaterThanOrEqual(24);
    expect(made.body.data.webhookUrl).toBe(`${product.url}/api/BankFeed/SePay`);
    const after = await api.request('GET', '/api/BankFeed/Connections', { token: token.chunha2 as string });
    expect(JSON.stringify(after.body)).not.toContain(key);
    expect(JSON.stringify(after.body)).toContain(key.slice(-4));
    // chunha2's key reports into chunha2's list, not into chunha's.
    const body = sepayBody({ accountNumber: '19036778899011', content: 'tien coc' });
    expect((await sepay(body, key)).status).toBe(200);
    expect((await transfersOf('chunha2')).some((t) => t.providerTransactionID === String(body.id))).toBe(
      true,
    );
    expect((await transfersOf('chunha')).some((t) => t.providerTransactionID === String(body.id))).toBe(
      false,
    );
    await api.request('POST', '/api/BankFeed/Connections/SePay', {
      token: token.chunha2 as string,
      body: {},
    });
    expectError(await sepay(sepayBody(), key), 401, BANK_FEED_PROVIDER_MESSAGES.badApiKey);
  });

  it('keeps a Casso checksum key sealed, never returns it, and keeps the URL when it is replaced', async () => {
    const checksumKey = 'mgExMrjj4i7a1p8Cs6LmFbpCd8lbw4sSX4LZXPag7TKazeIogtR90tvWYTkwQbvs';
    const short = await api.request('POST', '/api/BankFeed/Connections/Casso', {
      token: token.chunha2 as string,
      body: { checksumKey: 'ngan' },
    });
    expect(short.status).toBe(400);
    const saved = await api.request<{ data: { webhookUrl: string } }>(
      'POST',
      '/api/BankFeed/Connections/Casso',
      {
        token: token.chunha2 as string,
        body: { checksumKey },
      },
    );
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(checksumKey);
    const url = new URL(saved.body.data.webhookUrl);
    const stored = JSON.stringify(
      await product.services.store.container('platform').query({
        partitionKey: 'bankFeedConnections',
        filter: { op: 'eq', field: 'provider', value: 'casso' },
      }),
    );
    expect(stored).not.toContain(checksumKey);
    const body = cassoBody({ accountNumber: '19036778899011', description: 'khong ma' });
    const path = `${url.pathname}${url.search}`;
    expect((await casso(body, cassoSign(body, checksumKey), path)).status).toBe(200);
    const replaced = await api.request<{ data: { webhookUrl: string } }>(
      'POST',
      '/api/BankFeed/Connections/Casso',
      {
        token: token.chunha2 as string,
        body: { checksumKey: `${checksumKey}2` },
      },
    );
    expect(replaced.body.data.webhookUrl).toBe(saved.body.data.webhookUrl);
    const next = cassoBody({ accountNumber: '19036778899011' });
    expectError(
      await casso(next, cassoSign(next, checksumKey), path),
      401,
      BANK_FEED_PROVIDER_MESSAGES.badCassoSignature,
    );
    const gone = await api.request('DELETE', '/api/BankFeed/Connections/Casso', {
      token: token.chunha2 as string,
    });
    expect(gone.status).toBe(200);
    expectError(
      await casso(next, cassoSign(next, `${checksumKey}2`), path),
      401,
      BANK_FEED_PROVIDER_MESSAGES.unknownConnection,
    );
  });
});
