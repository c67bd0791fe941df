/**
 * The payment gateway's notification (VNPay IPN) under load: 5,000 signed notifications, each for its
 * own pending payment (each verifies a checksum, reads the payment and the bill, and writes the credit,
 * the payment's state, the house's totals and two outbox messages in one batch), 50 connections, beside
 * a bare Node server answering the same bytes for as long; then 50 concurrent copies of one
 * notification, which must credit once; then the floor: the same store work on plain node:sqlite.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import { ROLE } from '@nhatro/common';
import { loadConfig, localSandboxMerchant } from '../../api/src/config/index.js';
import { billCode } from '../../api/src/useCases/shared/billCodes.js';
import { houseTotalsID } from '../../api/src/domain/dashboardReport.js';
import type {
  ContractDoc,
  HouseScopedDoc,
  MonthlyBillDoc,
  PaymentDoc,
} from '../../api/src/domain/shared/model.js';
import { signedQuery } from '../../api/src/local/paymentSandbox.js';
import { embeddedStoreFile } from '../../api/src/store/index.js';
import { createDeps } from '../../api/src/composition/deps.js';
import { listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { createUser } from '../../api/src/useCases/shared/users.js';
import { writeBillingWorld } from './billingData.js';

const CONTRACTS = 500;
const MONTHS = 12;
const BILL_TOTAL = 3_450_000;
export const IPN_REQUESTS = 5_000;
const WARM_UP = 500;

interface SeededPayment {
  paymentID: string;
  amount: number;
  monthlyBillID: string;
}

function newPaymentID(): string {
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 24);
}

/** A house of 500 tenancies with twelve unpaid bills each, every bill with a pending VNPay payment. */
export async function seedIpnBench(dataDir: string): Promise<{ houseID: string; payments: SeededPayment[] }> {
  const services = await createDeps(loadConfig({ ...process.env, DATA_DIR: dataDir }));
  const landlord = await createUser(services, {
    username: 'benchpay',
    password: 'Benchpay@123456',
    roleID: ROLE.houseModerator,
    fullName: 'Chủ trọ đo thanh toán',
    email: 'benchpay@example.vn',
    phoneNumber: '0909000111',
    extra: { roomQuota: 10_000, lessorInfo: { status: 1, fullName: 'Chủ trọ đo thanh toán' } },
  });
  const createdOn = new Date().toISOString();
  const [houseID = ''] = await writeBillingWorld(services.store, {
    ownerID: landlord.userID,
    houses: 1,
    contractsPerHouse: CONTRACTS,
    month: '2026-11',
    createdOn,
  });
  const contracts = await listInHouse<ContractDoc>(services, houseID, 'contract');
  const docs: HouseScopedDoc[] = [];
  const payments: SeededPayment[] = [];
  for (const contract of contracts) {
    for (let m = 1; m <= MONTHS; m += 1) {
      const month = `2025-${String(m).padStart(2, '0')}`;
      const monthlyBillID = `${contract.contractID}_${month}`;
      const bill: MonthlyBillDoc = {
        id: monthlyBillID,
        pk: houseID,
        type: 'monthlyBill',
        monthlyBillID,
        houseID,
        roomID: contract.roomID,
        contractID: contract.contractID,
        houseTicketID: `${houseID}_${month}`,
        month,
        billName: `Hóa đơn tháng ${m}/2025`,
        billCode: billCode(monthlyBillID),
        createdOn,
        dueDate: `${month}-15`,
        total: BILL_TOTAL,
        paidAmount: 0,
        status: 1,
        billDetails: [
          { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: BILL_TOTAL, amount: BILL_TOTAL },
        ],
        payments: [],
      };
      const paymentID = newPaymentID();
      const payment: PaymentDoc = {
        id: paymentID,
        pk: houseID,
        type: 'payment',
        paymentID,
        houseID,
        contractID: contract.contractID,
        target: 'monthlyBill',
        targetID: monthlyBillID,
        description: bill.billName,
        amount: BILL_TOTAL,
        state: 'pending',
        gateway: 'vnpay',
        requestedBy: landlord.userID,
        createdOn,
        expiresOn: createdOn,
      };
      docs.push(bill, payment);
      payments.push({ paymentID, amount: BILL_TOTAL, monthlyBillID });
    }
  }
  const container = services.store.container<HouseScopedDoc>('houses');
  for (let start = 0; start < docs.length; start += 100) {
    await container.batch(
      houseID,
      docs.slice(start, start + 100).map((doc) => ({ op: 'create' as const, doc })),
    );
  }
  await services.store.close();
  return { houseID, payments };
}

/** The query VNPay would send for a successful payment (signed with the local merchant's secret). */
function ipnQuery(payment: SeededPayment, secret: string, index: number): string {
  return signedQuery(
    {
      vnp_Amount: String(payment.amount * 100),
      vnp_BankCode: 'NCB',
      vnp_BankTranNo: `VNP${String(index).padStart(8, '0')}`,
      vnp_CardType: 'ATM',
      vnp_OrderInfo: `Thanh toan ${payment.monthlyBillID.slice(0, 8)}`,
      vnp_PayDate: '20261120103000',
      vnp_ResponseCode: '00',
      vnp_TmnCode: 'NHATRO01',
      vnp_TransactionNo: String(14_000_000 + index),
      vnp_TransactionStatus: '00',
      vnp_TxnRef: payment.paymentID,
    },
    secret,
  );
}

export interface IpnFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  confirmed: number;
  duplicatesConfirmed: number;
}

/** Sends one notification per payment of `payments`, 50 connections at once; counts the RspCodes. */
async function fire(
  base: string,
  queries: string[],
): Promise<IpnFigures & { codes: Record<string, number> }> {
  let next = 0;
  const codes: Record<string, number> = {};
  // autocannon's own rate for a fixed number of requests counts whole seconds (a run of 5,000 that took
  // 0.3 s reads as 5,000 req/s), so the rate is the requests over this clock's time to the last reply.
  const started = performance.now();
  let lastReply = started;
  const result = await autocannon({
    url: base,
    connections: 50,
    amount: queries.length,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const query = queries[next % queries.length] ?? '';
          next += 1;
          return { ...request, path: `/api/Payment/VNPayIPN?${query}` };
        },
        onResponse: (_status, body) => {
          lastReply = performance.now();
          const code = (JSON.parse(body) as { RspCode: string }).RspCode;
          codes[code] = (codes[code] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    requestsPerSecond: (result.requests.total * 1000) / (lastReply - started),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    confirmed: codes['00'] ?? 0,
    duplicatesConfirmed: 0,
    codes,
  };
}

/**
 * The floor under the product's figure: a notification's reads and writes on plain node:sqlite, one
 * after another, with no HTTP, no checksum and no product code (after the product's run, on its file).
 * It reads the payment, the bill and the house's totals, and writes those three and two outbox messages
 * in one commit to the log, as the product's batch does; the product also reads the house, the contract
 * and the landlord's and tenant's contacts, and checkpoints the log. Milliseconds per notification.
 */
function plainSqliteFloor(dataDir: string, houseID: string, payments: SeededPayment[]): number {
  const db = new DatabaseSync(embeddedStoreFile(dataDir));
  // Checkpoints are left to the product's own checkpointer, still running: this measures the commits alone.
  db.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0;');
  const read = db.prepare('SELECT json(body) AS body FROM houses WHERE pk = ? AND id = ?');
  const update = db.prepare('UPDATE houses SET etag = ?, body = jsonb(?) WHERE pk = ? AND id = ?');
  const insert = db.prepare('INSERT INTO houses (pk, id, etag, body) VALUES (?, ?, ?, jsonb(?))');
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const message = db
    .prepare(
      `SELECT json(body) AS body FROM houses WHERE pk = ? AND json_extract(body, '$.type') = 'outboxMessage' LIMIT 1`,
    )
    .get(houseID) as { body: string };
  const body = (id: string): Record<string, unknown> =>
    JSON.parse((read.get(houseID, id) as { body: string }).body) as Record<string, unknown>;
  const started = performance.now();
  for (const payment of payments) {
    const now = new Date().toISOString();
    const docs = [body(payment.paymentID), body(payment.monthlyBillID), body(houseTotalsID(houseID))];
    begin.run();
    for (const doc of docs) {
      update.run(`"${randomUUID()}"`, JSON.stringify({ ...doc, updatedOn: now }), houseID, doc.id as string);
    }
    for (let copy = 0; copy < 2; copy += 1) {
      const id = randomUUID();
      const text = JSON.stringify({ ...(JSON.parse(message.body) as object), id, createdOn: now });
      insert.run(houseID, id, `"${randomUUID()}"`, text);
    }
    commit.run();
  }
  const perNotification = (performance.now() - started) / payments.length;
  db.close();
  return perNotification;
}

/** A bare Node server answering VNPay's success reply, loaded for `seconds` (it needs no distinct payments). */
async function fireBare(url: string, seconds: number) {
  const result = await autocannon({ url, connections: 50, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function ipnBenchmark(
  base: string,
  dataDir: string,
  seeded: { houseID: string; payments: SeededPayment[] },
  bareServer: (bytes: Buffer) => Promise<string>,
  /** The product's CPU time so far (ms), for its CPU per notification. */
  cpuMs?: () => Promise<number>,
  bareSeconds = 5,
): Promise<Record<string, Record<string, number | string>>> {
  const secret = localSandboxMerchant(dataDir).hashSecret;
  const queries = seeded.payments.map((payment, index) => ipnQuery(payment, secret, index));
  const warmUp = queries.slice(0, WARM_UP);
  const measured = queries.slice(WARM_UP, WARM_UP + IPN_REQUESTS);
  const duplicate = queries[WARM_UP + IPN_REQUESTS] ?? '';
  await fire(base, warmUp);
  const cpuBefore = await cpuMs?.();
  const api = await fire(base, measured);
  const cpuPerRequest =
    cpuMs && cpuBefore !== undefined ? ((await cpuMs()) - cpuBefore) / measured.length : undefined;
  const bareUrl = await bareServer(
    Buffer.from(JSON.stringify({ RspCode: '00', Message: 'Confirm Success' })),
  );
  await fireBare(bareUrl, 1);
  const bare = await fireBare(bareUrl, bareSeconds);

  // 50 copies of one notification at once.
  const copies = await Promise.all(
    Array.from({ length: 50 }, async () => {
      const reply = await fetch(`${base}/api/Payment/VNPayIPN?${duplicate}`);
      return ((await reply.json()) as { RspCode: string }).RspCode;
    }),
  );
  // Every bill credited at most once: read the store the product wrote.
  const services = await createDeps(loadConfig({ ...process.env, DATA_DIR: dataDir }));
  const bills = await listInHouse<MonthlyBillDoc>(services, seeded.houseID, 'monthlyBill');
  const creditedTwice = bills.filter((bill) => bill.payments.length > 1).length;
  const paidBills = bills.filter((bill) => bill.payments.length === 1).length;
  await services.store.close();
  const floorMs = plainSqliteFloor(dataDir, seeded.houseID, seeded.payments.slice(WARM_UP, WARM_UP + 2_000));

  console.log(
    `\nVNPay IPN: ${IPN_REQUESTS} notifications, each for its own pending payment (checksum, read, one batch ` +
      `crediting the bill with the payment's state and two outbox messages), 50 connections`,
  );
  console.table({
    'Nhà trọ API (SQLite)': {
      'req/s': Math.round(api.requestsPerSecond),
      'p50 ms': api.p50,
      'p99 ms': api.p99,
      errors: api.errors,
      ...(cpuPerRequest !== undefined ? { 'CPU ms/req': Number(cpuPerRequest.toFixed(3)) } : {}),
    },
    'bare Node http, same reply': {
      'req/s': Math.round(bare.requestsPerSecond),
      'p50 ms': bare.p50,
      'p99 ms': bare.p99,
      errors: bare.errors,
    },
  });
  console.log(
    `RspCodes: ${JSON.stringify(api.codes)}; 50 concurrent copies of one notification: ` +
      `${copies.filter((code) => code === '00').length} × 00, ${copies.filter((code) => code === '02').length} × 02; ` +
      `bills paid ${paidBills}, credited twice ${creditedTwice}`,
  );
  console.log(
    `The same store work on plain node:sqlite (no HTTP, no product code): ${floorMs.toFixed(3)} ms per ` +
      `notification, at most ${Math.round(1000 / floorMs)}/s on one core: ` +
      `${(1000 / floorMs / bare.requestsPerSecond).toFixed(2)} of bare Node before any HTTP or product code`,
  );
  return {
    [`VNPay IPN, ${IPN_REQUESTS} distinct payments (GET /api/Payment/VNPayIPN)`]: {
      'API req/s': Math.round(api.requestsPerSecond),
      'API p99 ms': api.p99,
      'API errors': api.errors,
      ...(cpuPerRequest !== undefined ? { 'API CPU ms/req': Number(cpuPerRequest.toFixed(3)) } : {}),
      'bare req/s': Math.round(bare.requestsPerSecond),
      'bare p99 ms': bare.p99,
      ratio: Number((api.requestsPerSecond / bare.requestsPerSecond).toFixed(2)),
    },
    'VNPay IPN, the same store work on plain node:sqlite (the floor)': {
      'API CPU ms/req': Number(floorMs.toFixed(3)),
      'API req/s': Math.round(1000 / floorMs),
      ratio: Number((1000 / floorMs / bare.requestsPerSecond).toFixed(2)),
    },
    'VNPay IPN, 50 concurrent copies of one notification': {
      'credits (must be 1)': copies.filter((code) => code === '00').length,
      'bills credited twice (must be 0)': creditedTwice,
    },
  };
}
