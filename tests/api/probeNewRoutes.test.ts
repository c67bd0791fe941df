/**
 * Today's new routes attacked through the real handlers: the bank-feed webhooks fed by a hostile world
 * (another landlord's key naming this landlord's bill, malformed amounts, huge and deeply nested bodies,
 * the same transaction ten times at once), another landlord and a tenant on expenses and the profit
 * report, a careless landlord's inputs on expenses, and an old access token after logout. Every reply
 * is well formed (tests/api/helpers.ts), a refusal changes nothing, and the requests are counted.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Contract } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BillDisputeDoc,
  ContractDoc,
  ExpenseDoc,
  LeaveNoticeDoc,
  MonthlyBillDoc,
} from '../../api/src/domain/shared/model.js';
import { aMonthlyBill } from '../support/billBuilders.js';

import {
  accessTokens,
  DEMO_PASSWORDS,
  apiClient,
  startTestProduct,
  tenancyOf,
  type ApiReply,
  type RequestOptions,
  type TestProduct,
} from '../support/product.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { expectWellFormed, MSG, DEMO_BANK_ACCOUNT, sepayTransfer } from './helpers.js';

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let tenancy = { contractID: '', houseID: '', roomID: '' };
let sepayKey = '';
/** chunha's account in their lessor info (the demo data). */
const ACCOUNT = DEMO_BANK_ACCOUNT;
const counts = { requests: 0, client: 0, server: 0 };

async function send<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions & { user?: string } = {},
): Promise<ApiReply<T>> {
  const { user, ...rest } = options;
  const reply = await api.request<T>(method, path, {
    ...rest,
    ...(user ? { token: token[user] as string } : {}),
  });
  counts.requests += 1;
  if (reply.status >= 400 && reply.status < 500) counts.client += 1;
  if (reply.status >= 500) counts.server += 1;
  expectWellFormed(reply, `${method} ${path}`);
  return reply;
}

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  tenancy = tenancyOf(sessions.nguoithue);
  sepayKey = readFileSync(join(product.dataDir, 'sepay-api-key'), 'utf8').trim();
}, 60_000);
afterAll(() => {
  console.info(`probeNewRoutes: ${JSON.stringify(counts)}`);
  return product?.stop();
});

let month = 0;
function aBill(): Promise<MonthlyBillDoc> {
  month += 1;
  return aMonthlyBill(product.services, tenancy, { month: `2023-${String(month).padStart(2, '0')}` });
}
async function billNow(id: string): Promise<MonthlyBillDoc> {
  return (await product.services.store
    .container<MonthlyBillDoc>('houses')
    .read(tenancy.houseID, id)) as MonthlyBillDoc;
}

let nextID = 770_000;
function sepayBody(over: Record<string, unknown> = {}) {
  nextID += 1;
  return sepayTransfer(nextID, over);
}
function sepay(body: BodyInit, key = sepayKey) {
  return send('POST', '/api/BankFeed/SePay', {
    rawBody: body,
    headers: { authorization: `Apikey ${key}`, 'content-type': 'application/json' },
  });
}

describe('the SePay webhook, fed by a hostile world', () => {
  it('another landlord’s key with this landlord’s bill code and account credits nothing', async () => {
    const made = await send<{ data: { apiKey: string } }>('POST', '/api/BankFeed/Connections/SePay', {
      user: 'chunha2',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const bill = await aBill();
    const reply = await sepay(
      JSON.stringify(sepayBody({ content: `chuyen tien ${bill.billCode}`, transferAmount: bill.total })),
      made.body.data.apiKey,
    );
    expect(reply.status).toBeLessThan(500);
    const after = await billNow(bill.monthlyBillID);
    expect(after.paidAmount).toBe(0);
    expect(after.payments ?? []).toHaveLength(0);
  });

  it('malformed amounts, an outgoing transfer and a missing id credit nothing and never fail', async () => {
    const bill = await aBill();
    const code = `chuyen tien ${bill.billCode}`;
    const bodies: unknown[] = [
      sepayBody({ content: code, transferAmount: -bill.total }),
      sepayBody({ content: code, transferAmount: 0 }),
      sepayBody({ content: code, transferAmount: 1000.5 }),
      sepayBody({ content: code, transferAmount: String(bill.total) }),
      sepayBody({ content: code, transferAmount: 1e20 }),
      sepayBody({ content: code, transferAmount: bill.total, transferType: 'out' }),
      { ...sepayBody({ content: code, transferAmount: bill.total }), id: undefined },
      sepayBody({ content: code, transferAmount: bill.total, id: -1 }),
      sepayBody({ content: code, transferAmount: bill.total, id: 'x'.repeat(10_000) }),
      sepayBody({ content: 'x'.repeat(10_000), transferAmount: bill.total }),
      [sepayBody({ content: code, transferAmount: bill.total })],
      null,
      42,
    ];
    for (const body of bodies) {
      const reply = await sepay(JSON.stringify(body));
      expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
    }
    const after = await billNow(bill.monthlyBillID);
    expect(after.paidAmount).toBe(0);
  });

  it('non-JSON, deeply nested JSON and a 10 MB body get a 4xx or a polite 200, never a 5xx', async () => {
    expect((await sepay('not json at all {')).status).toBe(400);
    const nested = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    expect((await sepay(nested)).status).toBeLessThan(500);
    const huge = JSON.stringify(sepayBody({ content: 'x'.repeat(10 * 1024 * 1024) }));
    expect((await sepay(huge)).status).toBeLessThan(500);
    expect((await send('GET', '/api/health')).status).toBeLessThan(500);
  });

  it('the same transaction ten times at once credits the bill once', async () => {
    const bill = await aBill();
    const body = JSON.stringify(
      sepayBody({ content: `chuyen tien ${bill.billCode}`, transferAmount: 50_000 }),
    );
    const replies = await Promise.all(Array.from({ length: 10 }, () => sepay(body)));
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const after = await billNow(bill.monthlyBillID);
    expect(after.paidAmount).toBe(50_000);
    expect(after.payments ?? []).toHaveLength(1);
  });
});

const expensesOf = async (houseID: string) =>
  JSON.stringify(await listInHouse<ExpenseDoc>(product.services, houseID, 'expense'));

describe('expenses and the profit report, from outside', () => {
  it('another landlord and a tenant read none of them and write none', async () => {
    const created = await send<{ expenseID: string; '@odata.etag'?: string }>('POST', '/odata/Expense', {
      user: 'chunha',
      body: { houseID: tenancy.houseID, date: '2026-01-15', category: 'Sửa ống nước', amount: 777_001 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.expenseID;
    const before = await expensesOf(tenancy.houseID);
    for (const user of ['chunha2', 'nguoithue']) {
      const reads = [
        await send('GET', `/odata/Expense/${id}`, { user }),
        await send('GET', `/odata/Expense?houseID=${tenancy.houseID}`, { user }),
        await send('PATCH', `/odata/Expense/${id}`, { user, body: { amount: 1 } }),
        await send('DELETE', `/odata/Expense/${id}`, { user }),
        await send('POST', '/odata/Expense', {
          user,
          body: { houseID: tenancy.houseID, date: '2026-01-15', category: 'Khác', amount: 1 },
        }),
        await send('GET', `/odata/ProfitReport?houseID=${tenancy.houseID}&year=2026`, { user }),
        await send('GET', `/api/ProfitReport/Export?houseID=${tenancy.houseID}&year=2026`, { user }),
      ];
      for (const reply of reads) expect([403, 404], JSON.stringify(reply.body)).toContain(reply.status);
    }
    // Without a house, another landlord's report holds none of this landlord's money.
    const theirs = await send('GET', '/odata/ProfitReport?year=2026', { user: 'chunha2' });
    expect(theirs.status).toBeLessThan(500);
    expect(JSON.stringify(theirs.body)).not.toContain('777001');
    expect(JSON.stringify(theirs.body)).not.toContain(tenancy.houseID);
    expect(await expensesOf(tenancy.houseID)).toBe(before);
    // Anonymous: 401.
    for (const path of ['/odata/Expense', '/odata/ProfitReport', '/api/ProfitReport/Export']) {
      expect((await send('GET', path)).status).toBe(401);
    }
  });
});

describe('a careless landlord on expenses', () => {
  it('bad dates, amounts and huge strings are 400 with a Vietnamese message and change nothing', async () => {
    const before = await expensesOf(tenancy.houseID);
    const base = { houseID: tenancy.houseID, date: '2026-01-15', category: 'Khác', amount: 100_000 };
    const bad: Array<Record<string, unknown>> = [
      { ...base, date: '2026-02-30' },
      { ...base, date: '9999-12-31' },
      { ...base, date: '0001-01-01' },
      { ...base, date: 'hôm qua' },
      { ...base, amount: 0 },
      { ...base, amount: -5 },
      { ...base, amount: 1e15 },
      { ...base, amount: '1.000.000' },
      { ...base, amount: 1000.5 },
      { ...base, category: 'x'.repeat(10_000) },
      { ...base, note: 'x'.repeat(10_000) },
      { ...base, houseID: 'x'.repeat(10_000) },
    ];
    for (const body of bad) {
      const reply = await send('POST', '/odata/Expense', { user: 'chunha', body });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
    }
    expect(await expensesOf(tenancy.houseID)).toBe(before);
  });

  it('decomposed Vietnamese is stored in its composed form; a double submit is two expenses or one, never a 5xx', async () => {
    const decomposed = 'Sửa điện'.normalize('NFD');
    const replies = await Promise.all(
      [1, 2].map(() =>
        send<{ category: string; note?: string }>('POST', '/odata/Expense', {
          user: 'chunha',
          body: {
            houseID: tenancy.houseID,
            date: '2026-03-01',
            category: 'Khác',
            amount: 120_000,
            note: decomposed,
          },
        }),
      ),
    );
    for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    for (const reply of replies) expect(reply.body.note).toBe('Sửa điện'.normalize('NFC'));
  });
});

describe('revocation', () => {
  it('after logout the old access token is refused on reads and writes', async () => {
    const session = await api.login('chunha', DEMO_PASSWORDS.chunha as string);
    const old = session.token.accessToken;
    expect((await send('GET', `/odata/Expense?houseID=${tenancy.houseID}`, { token: old })).status).toBe(200);
    const out = await send('POST', '/api/User/Logout', {
      token: old,
      body: { refreshToken: session.token.refreshToken },
    });
    expect(out.status).toBe(200);
    const before = await expensesOf(tenancy.houseID);
    const read = await send<{ errorMessage: string }>('GET', '/odata/Expense', { token: old });
    expect(read.status).toBe(401);
    expect(read.body.errorMessage).toBe(MSG.unauthenticated);
    const write = await send('POST', '/odata/Expense', {
      token: old,
      body: { houseID: tenancy.houseID, date: '2026-01-15', category: 'Khác', amount: 1000 },
    });
    expect(write.status).toBe(401);
    expect((await send('GET', '/api/User/MyData', { token: old })).status).toBe(401);
    expect(await expensesOf(tenancy.houseID)).toBe(before);
  });
});

describe('a tenant and a careless world on notices, questions and records', () => {
  it('two identical leave notices at once: one is given, the other refused; another landlord cannot acknowledge it', async () => {
    const contract = (await product.services.store
      .container<ContractDoc>('houses')
      .read(tenancy.houseID, tenancy.contractID)) as ContractDoc;
    const body = { leaveDate: contract.endDate, note: 'x'.repeat(10_000) };
    const tooLong = await send('POST', '/api/LeaveNotice', { user: 'nguoithue', body });
    expect(tooLong.status).toBe(400);
    for (const leaveDate of ['2026-02-30', '9999-12-31', '1900-01-01']) {
      const reply = await send('POST', '/api/LeaveNotice', { user: 'nguoithue', body: { leaveDate } });
      expect(reply.status, leaveDate).toBe(400);
    }
    const notices = () => listInHouse<LeaveNoticeDoc>(product.services, tenancy.houseID, 'leaveNotice');
    expect(await notices()).toHaveLength(0);
    const both = await Promise.all(
      [1, 2].map(() =>
        send<{ data: { leaveNoticeID: string } }>('POST', '/api/LeaveNotice', {
          user: 'nguoithue',
          body: { leaveDate: contract.endDate },
        }),
      ),
    );
    expect(both.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const open = await notices();
    expect(open).toHaveLength(1);
    const id = open[0]?.leaveNoticeID as string;
    const before = JSON.stringify(await notices());
    for (const user of ['chunha2', 'nguoithue']) {
      const reply = await send('POST', `/api/LeaveNotice/${id}/Acknowledge`, { user, body: {} });
      expect([403, 404]).toContain(reply.status);
    }
    expect(
      (await send('GET', `/api/LeaveNotice?houseID=${tenancy.houseID}`, { user: 'chunha2' })).status,
    ).toBe(404);
    expect(JSON.stringify(await notices())).toBe(before);
  });

  it('two identical bill questions at once leave one open question; the tenant cannot answer it', async () => {
    const bill = await aBill();
    const disputes = () => listInHouse<BillDisputeDoc>(product.services, tenancy.houseID, 'billDispute');
    const ask = () =>
      send<{ data: { billDisputeID: string } }>('POST', '/api/BillDispute', {
        user: 'nguoithue',
        body: { monthlyBillID: bill.monthlyBillID, lineIndex: 0, reason: 'Tôi đi vắng cả tháng.' },
      });
    const both = await Promise.all([ask(), ask()]);
    for (const reply of both) expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
    const open = (await disputes()).filter((dispute) => dispute.status === 'open');
    expect(open).toHaveLength(1);
    const before = JSON.stringify(await disputes());
    for (const user of ['nguoithue', 'chunha2']) {
      const reply = await send('POST', `/api/BillDispute/${open[0]?.billDisputeID}/Answer`, {
        user,
        body: { outcome: 'rejected', answer: 'Không đúng' },
      });
      expect([403, 404]).toContain(reply.status);
    }
    expect(JSON.stringify(await disputes())).toBe(before);
  });

  it('a tenant’s personal data is only ever their own; a landlord without a contract gets a PDF too', async () => {
    const mine = await send<{ data: Record<string, unknown> }>(
      'GET',
      '/api/User/MyData?userID=someone-else',
      {
        user: 'nguoithue',
      },
    );
    expect(mine.status).toBe(200);
    const plain = await send<{ data: Record<string, unknown> }>('GET', '/api/User/MyData', {
      user: 'nguoithue',
    });
    const withoutTime = (reply: typeof mine) => ({ ...reply.body.data, exportedAt: undefined });
    expect(withoutTime(mine)).toEqual(withoutTime(plain));
    expect(JSON.stringify(mine.body)).toContain(tenancy.contractID);
    const pdf = await fetch(`${product.url}/api/User/MyData?format=pdf`, {
      headers: { authorization: `Bearer ${token.chunha2}` },
    });
    counts.requests += 1;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    for (const path of [
      `/api/PersonalData/Erasures?houseID=${tenancy.houseID}`,
      `/api/Residence/Deadlines?houseID=${tenancy.houseID}`,
    ]) {
      expect([403, 404]).toContain((await send('GET', path, { user: 'chunha2' })).status);
      expect([403, 404]).toContain((await send('GET', path, { user: 'nguoithue' })).status);
      expect((await send('GET', path)).status).toBe(401);
    }
  });

  it('a CT01 for a lessee with no birthday and no ID still renders', async () => {
    const room = (
      await send<{ value: Array<{ roomID: string; status: string }> }>(
        'GET',
        `/odata/Room?houseID=${tenancy.houseID}`,
        { user: 'chunha' },
      )
    ).body.value.find((candidate) => candidate.status === 'empty');
    expect(room).toBeDefined();
    const made = await send<{ contractID: string }>('POST', '/odata/Contract', {
      user: 'chunha',
      body: {
        roomID: room?.roomID,
        startDate: '2030-01-01',
        endDate: '2030-12-31',
        representative: { occupantName: 'Người thiếu giấy', gender: 1, phoneNumber: '0962000077' },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const lessee = (
      await send<{ value: Array<{ lesseeInfoID: string; contractID: string }> }>(
        'GET',
        `/odata/Lessee?houseID=${tenancy.houseID}`,
        { user: 'chunha' },
      )
    ).body.value.find((candidate) => candidate.contractID === made.body.contractID);
    expect(lessee).toBeDefined();
    const pdf = await fetch(`${product.url}/api/Residence/CT01?lesseeInfoID=${lessee?.lesseeInfoID}`, {
      headers: { authorization: `Bearer ${token.chunha}` },
    });
    counts.requests += 1;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      (await send('GET', `/api/Residence/CT01?lesseeInfoID=${lessee?.lesseeInfoID}`, { user: 'chunha2' }))
        .status,
    ).toBe(404);
  });
});

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

describe('the Casso webhook, signed by another landlord', () => {
  it('a valid signature on another landlord’s connection credits none of this landlord’s bills; a replay 6 minutes later is refused', async () => {
    const checksumKey = 'probeCassoKeyOfTheOtherLandlord0123456789abcdefghijklmnopqrstuv';
    const saved = await send<{ data: { webhookUrl: string } }>('POST', '/api/BankFeed/Connections/Casso', {
      user: 'chunha2',
      body: { checksumKey },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const url = new URL(saved.body.data.webhookUrl);
    const bill = await aBill();
    nextID += 1;
    const body = {
      error: 0,
      data: {
        id: nextID,
        reference: `FT${nextID}`,
        description: `chuyen tien ${bill.billCode}`,
        amount: bill.total,
        runningBalance: 25_000_000,
        transactionDateTime: '2026-11-20 10:06:37',
        accountNumber: ACCOUNT,
        bankName: 'Vietcombank',
        bankAbbreviation: 'VCB',
      },
    };
    const sign = (t: number) =>
      `t=${t},v1=${createHmac('sha512', checksumKey)
        .update(`${t}.${JSON.stringify(sortDeep(body))}`)
        .digest('hex')}`;
    const post = (signature: string) =>
      send('POST', `${url.pathname}${url.search}`, {
        rawBody: JSON.stringify(body),
        headers: { 'x-casso-signature': signature, 'content-type': 'application/json' },
      });
    const replay = await post(sign(Date.now() - 6 * 60 * 1000));
    expect(replay.status).toBe(401);
    expect((await post(sign(Date.now()))).status).toBeLessThan(500);
    const after = await billNow(bill.monthlyBillID);
    expect(after.paidAmount).toBe(0);
    expect(after.payments ?? []).toHaveLength(0);
  });
});

describe('a staff member disabled, and a stale expense', () => {
  it('the disabled staff member’s old token is refused at once on reads and writes', async () => {
    const staff = await api.login('nhanvien', DEMO_PASSWORDS.nhanvien as string);
    const old = staff.token.accessToken;
    const path = `/odata/Expense?houseID=${tenancy.houseID}`;
    expect((await send('GET', path, { token: old })).status).toBe(200);
    const disabled = await send('DELETE', `/api/Staff/DisableStaffAccount?userID=${staff.userID}`, {
      user: 'chunha',
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const before = await expensesOf(tenancy.houseID);
    expect((await send('GET', path, { token: old })).status).toBe(401);
    const write = await send('POST', '/odata/Expense', {
      token: old,
      body: { houseID: tenancy.houseID, date: '2026-01-15', category: 'Khác', amount: 1000 },
    });
    expect(write.status).toBe(401);
    expect(await expensesOf(tenancy.houseID)).toBe(before);
  });

  it('a change with a stale ETag is a 412 and changes nothing', async () => {
    const created = await send<{ expenseID: string; '@odata.etag': string }>('POST', '/odata/Expense', {
      user: 'chunha',
      body: { houseID: tenancy.houseID, date: '2026-01-20', category: 'Khác', amount: 10_000 },
    });
    expect(created.status).toBe(201);
    const id = created.body.expenseID;
    const etag = created.body['@odata.etag'];
    const first = await send('PATCH', `/odata/Expense/${id}`, {
      user: 'chunha',
      body: { amount: 20_000 },
      headers: { 'if-match': etag },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await expensesOf(tenancy.houseID);
    const stale = await send('PATCH', `/odata/Expense/${id}`, {
      user: 'chunha',
      body: { amount: 30_000 },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect(await expensesOf(tenancy.houseID)).toBe(before);
  });
});

describe('a refund recorded twice at once', () => {
  it('one is recorded, the other refused; another landlord and a tenant record none', async () => {
    const room = await send<{ roomID: string }>('POST', '/odata/Room', {
      user: 'chunha',
      body: {
        houseID: tenancy.houseID,
        roomName: 'Phòng hoàn cọc dò',
        acreage: 18,
        floor: 1,
        price: 2_500_000,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
      },
    });
    expect(room.status, JSON.stringify(room.body)).toBe(201);
    const made = await send<{ contractID: string }>('POST', '/odata/Contract', {
      user: 'chunha',
      body: {
        roomID: room.body.roomID,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        deposit: 5_000_000,
        representative: { occupantName: 'Người hoàn cọc', gender: 1, phoneNumber: '0962000088' },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const contractID = made.body.contractID;
    const ended = await send<Contract>('POST', '/odata/Contract/TerminateContract', {
      user: 'chunha',
      body: { contractID, terminationDate: '2026-01-05', reason: 'Chuyển nhà' },
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.settlement?.refund).toBeGreaterThan(0);
    const contractNow = async () =>
      JSON.stringify(
        await product.services.store.container<ContractDoc>('houses').read(tenancy.houseID, contractID),
      );
    const body = { contractID, method: 'cash', refundedOn: '2026-01-06' };
    const before = await contractNow();
    for (const user of ['chunha2', 'nguoithue']) {
      expect([403, 404]).toContain(
        (await send('POST', '/odata/Contract/RecordRefund', { user, body })).status,
      );
    }
    expect(
      (
        await send('POST', '/odata/Contract/RecordRefund', {
          user: 'chunha',
          body: { ...body, refundedOn: '2026-02-30' },
        })
      ).status,
    ).toBe(400);
    expect(await contractNow()).toBe(before);
    const both = await Promise.all(
      [1, 2].map(() => send('POST', '/odata/Contract/RecordRefund', { user: 'chunha', body })),
    );
    expect(both.map((reply) => reply.status).sort(), JSON.stringify(both.map((reply) => reply.body))).toEqual(
      [200, 409],
    );
  });
});

describe('a careless landlord on declarations and the profit report', () => {
  it('two identical declarations at once record one date; bad dates and huge notes are 400', async () => {
    const lessees = await send<{ value: Array<{ lesseeInfoID: string; contractID: string }> }>(
      'GET',
      `/odata/Lessee?houseID=${tenancy.houseID}`,
      { user: 'chunha' },
    );
    const lesseeInfoID = lessees.body.value.find((lessee) => lessee.contractID === tenancy.contractID)
      ?.lesseeInfoID as string;
    expect(lesseeInfoID).toBeDefined();
    const lesseeNow = async () =>
      JSON.stringify(await product.services.store.container('houses').read(tenancy.houseID, lesseeInfoID));
    const before = await lesseeNow();
    for (const declaredOn of ['2026-02-30', '9999-12-31', '0001-01-01', '27/11/2026', '']) {
      const reply = await send('POST', '/api/Residence/Declaration', {
        user: 'chunha',
        body: { lesseeInfoID, method: 'vneid', declaredOn },
      });
      expect(reply.status, declaredOn).toBe(400);
    }
    const long = await send('POST', '/api/Residence/Declaration', {
      user: 'chunha',
      body: { lesseeInfoID: 'x'.repeat(10_000), method: 'vneid', declaredOn: '2026-11-27' },
    });
    expect([400, 404]).toContain(long.status);
    expect(await lesseeNow()).toBe(before);
    const both = await Promise.all(
      [1, 2].map(() =>
        send('POST', '/api/Residence/Declaration', {
          user: 'chunha',
          body: { lesseeInfoID, method: 'vneid', declaredOn: '2026-11-27' },
        }),
      ),
    );
    for (const reply of both) expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
    expect(JSON.parse(await lesseeNow())).toMatchObject({ residenceDeclaredOn: '2026-11-27' });
  });

  it('the profit report refuses malformed periods in Vietnamese', async () => {
    for (const query of [
      'year=abc',
      'year=99999',
      'year=-1',
      'year=1e3',
      `year=${'9'.repeat(400)}`,
      'month=2026-13',
    ]) {
      const reply = await send('GET', `/odata/ProfitReport?houseID=${tenancy.houseID}&${query}`, {
        user: 'chunha',
      });
      expect(reply.status, query).toBeLessThan(500);
      const exported = await send('GET', `/api/ProfitReport/Export?houseID=${tenancy.houseID}&${query}`, {
        user: 'chunha',
      });
      expect(exported.status, query).toBeLessThan(500);
    }
    expect((await send('GET', '/odata/ProfitReport?year=abc', { user: 'chunha' })).status).toBe(400);
  });
});

describe('anonymous callers on the new routes', () => {
  it('get 401 everywhere but the webhooks, which refuse a call without a key or signature', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/odata/Expense'],
      ['POST', '/odata/Expense'],
      ['GET', '/odata/ProfitReport'],
      ['GET', '/api/ProfitReport/Export'],
      ['GET', '/api/Residence/Deadlines'],
      ['POST', '/api/Residence/Declaration'],
      ['GET', '/api/Residence/CT01'],
      ['GET', '/api/User/MyData'],
      ['POST', '/api/User/MyData/Erasure'],
      ['POST', '/api/User/MyData/Consent'],
      ['GET', '/api/PersonalData/Erasures'],
      ['GET', '/api/LeaveNotice'],
      ['POST', '/api/LeaveNotice'],
      ['GET', '/api/BillDispute'],
      ['POST', '/api/BillDispute'],
      ['POST', '/odata/Contract/RecordRefund'],
      ['POST', '/api/BankFeed/Connections/SePay'],
      ['POST', '/api/BankFeed/Connections/Casso'],
      ['GET', '/api/MetaData/RentTaxThreshold'],
      ['POST', '/api/MetaData/SetRentTaxThreshold'],
    ];
    for (const [method, path] of routes) {
      const reply = await send<{ errorMessage: string }>(method, path, method === 'GET' ? {} : { body: {} });
      expect(reply.status, `${method} ${path}`).toBe(401);
      expect(reply.body.errorMessage).toBe(MSG.unauthenticated);
    }
    const sepayAnonymous = await send('POST', '/api/BankFeed/SePay', { body: sepayBody() });
    expect(sepayAnonymous.status).toBe(401);
    const cassoAnonymous = await send('POST', '/api/BankFeed/Casso?c=khongtontai', { body: {} });
    expect(cassoAnonymous.status).toBe(401);
  });
});

describe('a tenant on another room of the house', () => {
  it('asks no question about another room’s bill and gives no notice for another contract', async () => {
    const room = await send<{ roomID: string }>('POST', '/odata/Room', {
      user: 'chunha',
      body: {
        houseID: tenancy.houseID,
        roomName: 'Phòng hàng xóm dò',
        acreage: 18,
        floor: 2,
        price: 2_500_000,
        currentElectricityIndex: 0,
        currentWaterIndex: 0,
      },
    });
    expect(room.status, JSON.stringify(room.body)).toBe(201);
    const made = await send<{ contractID: string }>('POST', '/odata/Contract', {
      user: 'chunha',
      body: {
        roomID: room.body.roomID,
        startDate: '2026-01-01',
        endDate: '2027-12-31',
        representative: { occupantName: 'Hàng xóm', gender: 1, phoneNumber: '0962000099' },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const neighbour = {
      houseID: tenancy.houseID,
      roomID: room.body.roomID,
      contractID: made.body.contractID,
    };
    const bill = await aMonthlyBill(product.services, neighbour, { month: '2026-05' });
    const houseNow = async () =>
      JSON.stringify(
        [
          await listInHouse<BillDisputeDoc>(product.services, tenancy.houseID, 'billDispute'),
          await listInHouse<LeaveNoticeDoc>(product.services, tenancy.houseID, 'leaveNotice'),
        ].map((docs) => docs.filter((doc) => doc.contractID === neighbour.contractID)),
      );
    const before = await houseNow();
    const asked = await send('POST', '/api/BillDispute', {
      user: 'nguoithue',
      body: { monthlyBillID: bill.monthlyBillID, lineIndex: 0, reason: 'Không phải của tôi' },
    });
    expect([403, 404]).toContain(asked.status);
    const notice = await send('POST', '/api/LeaveNotice', {
      user: 'nguoithue',
      body: { leaveDate: '2027-12-31', contractID: neighbour.contractID },
    });
    expect(notice.status).toBeGreaterThanOrEqual(400);
    expect(await houseNow()).toBe(before);
  });
});
