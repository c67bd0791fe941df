import { BILL_STATUS, PAYMENT_MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ContractDoc,
  type HouseDoc,
  type MonthlyBillDoc,
  type OneTimeChargeDoc,
  type OutboxMessageDoc,
  type PaymentDoc,
  type PlatformPayableDoc,
  type RoomDoc,
  type UserDoc,
  REGISTRATIONS_PARTITION,
} from '../../api/src/domain/shared/model.js';
import { setLogSink, type LogRecord } from '../../api/src/telemetry/log.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { getMonthlyBill, payMonthlyBill } from '../../api/src/useCases/monthlyBills.js';
import { MONTHLY_BILL_MODEL } from '../../api/src/domain/shared/odata/model.js';
import {
  gatewayReturnPage,
  paymentResult,
  receiveGatewayNotification,
  requestMonthlyBillPayment,
  requestOneTimeChargePayment,
} from '../../api/src/useCases/payments.js';
import { requestPlatformPayment } from '../../api/src/useCases/shared/paymentRequests.js';
import { aMonthlyBill, aOneTimeCharge } from '../support/billBuilders.js';
import { aContract, aLandlord, aLessee, aRoom, aStaff } from '../support/builders.js';
import { gatewayCallback, type GatewayAnswer } from '../support/gateway.js';
import {
  actorFor,
  expectRefusal,
  odata,
  TEST_VNPAY,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

/** Online payment: payment URLs, the gateway's notification (VNPay's IPN table), the return and the result. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let tenant: UserDoc;
let bill: MonthlyBillDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T03:00:00Z'),
    landlord: {
      fullName: 'Trần Văn Chủ',
      lessorInfo: { status: 1, fullName: 'Trần Văn Chủ', phoneNumber: '0908123456', email: 'chu@example.vn' },
    },
    house: { houseName: 'Nhà trọ Hoa Sen' },
  }));
  room = await aRoom(deps, house, { roomName: 'P101' });
  contract = await aContract(deps, room);
  tenant = await aLessee(deps, { house, room, contract });
  contract = await houseDocs<ContractDoc>(deps).replace({ ...contract, lesseeAccountID: tenant.userID });
  bill = await aMonthlyBill(deps, contract, { month: '2026-11' });
});
afterEach(() => h.close());

/** The structured log lines of the test (money to be returned is a warning: an alert in Azure). */
let logged: LogRecord[] = [];
beforeEach(() => {
  logged = [];
  setLogSink((record) => void logged.push(record));
});
afterEach(() => setLogSink());

async function payUrl(forBill: MonthlyBillDoc = bill, user: UserDoc = tenant): Promise<string> {
  const reply = await requestMonthlyBillPayment(actorFor(deps, user), forBill.monthlyBillID);
  expect(reply).toMatchObject({ status: true, errorMessage: '' });
  return reply.paymentURL ?? '';
}

function notify(paymentURL: string, answer: GatewayAnswer = {}) {
  return receiveGatewayNotification(deps, gatewayCallback(paymentURL, TEST_VNPAY.hashSecret, answer));
}

const readBill = async (id = bill.monthlyBillID) =>
  (await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, id))!;
const payments = () => listInHouse<PaymentDoc>(deps, house.houseID, 'payment');
const outbox = () => listInHouse<OutboxMessageDoc>(deps, house.houseID, 'outboxMessage');

describe('asking for a payment URL', () => {
  it('the tenant gets a signed VNPay URL for what the bill still owes, and a pending payment record', async () => {
    await payMonthlyBill(
      actorFor(deps, landlord),
      bill.monthlyBillID,
      { payment: { amount: 620_000 } },
      undefined,
    );
    const url = new URL(await payUrl());
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_VNPAY.host}/paymentv2/vpcpay.html`);
    const owed = bill.total - 620_000;
    expect(url.searchParams.get('vnp_Amount')).toBe(String(owed * 100));
    expect(url.searchParams.get('vnp_TmnCode')).toBe(TEST_VNPAY.tmnCode);
    expect(url.searchParams.get('vnp_ReturnUrl')).toBe('http://localhost:4280/api/Payment/VNPayReturn');
    expect(url.searchParams.get('vnp_OrderInfo')).toBe(`Thanh toan ${bill.billCode} Hoa don thang 11/2026`);
    expect(url.searchParams.get('vnp_CreateDate')).toBe('20261120100000');
    expect(url.searchParams.get('vnp_ExpireDate')).toBe('20261120101500');
    expect(url.searchParams.get('vnp_IpAddr')).toBe('203.0.113.7');
    const [payment] = await payments();
    expect(payment).toMatchObject({
      paymentID: url.searchParams.get('vnp_TxnRef'),
      target: 'monthlyBill',
      targetID: bill.monthlyBillID,
      amount: owed,
      state: 'pending',
      requestedBy: tenant.userID,
    });
    expect(payment?.paymentID).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it('a paid or carried-over bill gets an errorMessage and no URL; without a gateway it says so', async () => {
    const paid = await aMonthlyBill(deps, contract, {
      month: '2026-09',
      paidAmount: 2_620_000,
      status: BILL_STATUS.paid,
    });
    const carried = await aMonthlyBill(deps, contract, { month: '2026-10', status: BILL_STATUS.carriedOver });
    const actor = actorFor(deps, tenant);
    expect(await requestMonthlyBillPayment(actor, paid.monthlyBillID)).toEqual({
      status: false,
      errorMessage: PAYMENT_MESSAGES.billAlreadyPaid,
      paymentURL: null,
    });
    expect(await requestMonthlyBillPayment(actor, carried.monthlyBillID)).toMatchObject({
      errorMessage: PAYMENT_MESSAGES.billCarriedOver,
      paymentURL: null,
    });
    const { payments: _gateway, ...withoutGateway } = deps;
    expect(
      await requestMonthlyBillPayment(actorFor(withoutGateway, tenant), bill.monthlyBillID),
    ).toMatchObject({
      errorMessage: PAYMENT_MESSAGES.notConfigured,
      paymentURL: null,
    });
    expect(await payments()).toEqual([]);
  });

  it('another tenant’s bill or charge does not exist for a tenant; staff do not ask (they collect cash)', async () => {
    const otherRoom = await aRoom(deps, house, { roomName: 'P102' });
    const otherContract = await aContract(deps, otherRoom);
    const neighbour = await aLessee(deps, { house, room: otherRoom, contract: otherContract });
    const charge = await aOneTimeCharge(deps, contract);
    await expectRefusal(
      requestMonthlyBillPayment(actorFor(deps, neighbour), bill.monthlyBillID),
      'notFound',
      /./,
    );
    await expectRefusal(
      requestOneTimeChargePayment(actorFor(deps, neighbour), charge.oneTimeChargeID),
      'notFound',
      /./,
    );
    const stranger = await aLandlord(deps);
    await expectRefusal(
      requestMonthlyBillPayment(actorFor(deps, stranger), bill.monthlyBillID),
      'notFound',
      /./,
    );
    const staff = await aStaff(deps, { houses: [house] });
    await expectRefusal(
      requestMonthlyBillPayment(actorFor(deps, staff), bill.monthlyBillID),
      'forbidden',
      /./,
    );
    expect(await payments()).toEqual([]);
  });

  it('the landlord may also ask (paying for a tenant at the counter)', async () => {
    expect(await payUrl(bill, landlord)).toContain('vnp_TxnRef=');
  });
});

describe('the gateway’s notification (IPN)', () => {
  it('00: a success credits the bill once, records the payment and writes the landlord’s and the tenant’s messages', async () => {
    const url = await payUrl();
    // Paid 8 minutes after the link was made (10:00 in Vietnam): the bill is paid when VNPay says.
    expect(await notify(url, { payDate: '20261120100800' })).toEqual({
      RspCode: '00',
      Message: 'Confirm Success',
    });
    const saved = await readBill();
    expect(saved).toMatchObject({
      status: BILL_STATUS.paid,
      paidAmount: bill.total,
      paidOn: '2026-11-20T03:08:00.000Z',
    });
    expect(saved.payments).toEqual([
      expect.objectContaining({ amount: bill.total, method: 'online', note: 'VNPay 14226112' }),
    ]);
    const [payment] = await payments();
    expect(payment).toMatchObject({
      state: 'succeeded',
      gatewayTransactionNo: '14226112',
      bankCode: 'NCB',
      responseCode: '00',
    });
    expect(saved.payments[0]?.reference).toBe(payment?.paymentID);
    const messages = await outbox();
    expect(
      messages
        .filter((m) => m.event === 'paymentReceived')
        .map((m) => m.recipient.userID)
        .sort(),
    ).toEqual([landlord.userID, tenant.userID].sort());
    const toLandlord = messages.find((m) => m.recipient.userID === landlord.userID);
    expect(toLandlord).toMatchObject({
      state: 'pending',
      recipient: { phoneNumber: '0908123456', email: 'chu@example.vn' },
    });
    expect(toLandlord?.body).toContain('2.620.000 ₫');
  });

  it('02: the same notification again changes nothing', async () => {
    const url = await payUrl();
    await notify(url);
    const once = await readBill();
    expect(await notify(url)).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    expect(await readBill()).toEqual(once);
    expect((await outbox()).filter((m) => m.event === 'paymentReceived')).toHaveLength(2);
  });

  it('50 copies at once credit exactly once', async () => {
    const url = await payUrl();
    const replies = await Promise.all(Array.from({ length: 50 }, () => notify(url)));
    expect(replies.filter((reply) => reply.RspCode === '00')).toHaveLength(1);
    expect(replies.filter((reply) => reply.RspCode === '02')).toHaveLength(49);
    const saved = await readBill();
    expect(saved.payments).toHaveLength(1);
    expect(saved.paidAmount).toBe(bill.total);
    expect((await outbox()).filter((m) => m.event === 'paymentReceived')).toHaveLength(2);
  });

  it('97: a wrong or missing checksum, or a forged field, credits nothing', async () => {
    const url = await payUrl();
    const forged = gatewayCallback(url, 'not-the-merchant-secret');
    expect(await receiveGatewayNotification(deps, forged)).toEqual({
      RspCode: '97',
      Message: 'Fail checksum',
    });
    const tampered = gatewayCallback(url, TEST_VNPAY.hashSecret);
    tampered.set('vnp_Amount', '100');
    expect((await receiveGatewayNotification(deps, tampered)).RspCode).toBe('97');
    const unsigned = gatewayCallback(url, TEST_VNPAY.hashSecret);
    unsigned.delete('vnp_SecureHash');
    expect((await receiveGatewayNotification(deps, unsigned)).RspCode).toBe('97');
    expect((await receiveGatewayNotification(deps, new URLSearchParams())).RspCode).toBe('97');
    expect(await readBill()).toEqual(bill);
    expect((await payments())[0]?.state).toBe('pending');
  });

  it('01: an order we never made; 04: another amount', async () => {
    const url = await payUrl();
    expect(await notify(url, { txnRef: 'Unknown1234567890abcdefg' })).toEqual({
      RspCode: '01',
      Message: 'Order not found',
    });
    expect(await notify(url, { amount: String(bill.total * 100 - 100) })).toEqual({
      RspCode: '04',
      Message: 'Invalid amount',
    });
    expect(await notify(url, { amount: String(bill.total * 100 + 50) })).toMatchObject({ RspCode: '04' });
    expect(await readBill()).toEqual(bill);
    expect((await payments())[0]?.state).toBe('pending');
  });

  it('a failure and a cancellation are recorded (00), never credited, and a later success for them is 02', async () => {
    const failedUrl = await payUrl();
    expect(await notify(failedUrl, { responseCode: '51' })).toMatchObject({ RspCode: '00' });
    const cancelledUrl = await payUrl();
    expect(await notify(cancelledUrl, { responseCode: '24' })).toMatchObject({ RspCode: '00' });
    const states = (await payments()).map((p) => p.state).sort();
    expect(states).toEqual(['cancelled', 'failed']);
    expect(await readBill()).toEqual(bill);
    expect(await notify(failedUrl)).toMatchObject({ RspCode: '02' });
    expect(await readBill()).toEqual(bill);
    expect(await outbox()).toEqual([]);
  });

  it('money that arrives after a cash payment is still recorded in full (the landlord sees the surplus)', async () => {
    const url = await payUrl();
    await payMonthlyBill(
      actorFor(deps, landlord),
      bill.monthlyBillID,
      { payment: { amount: 1_000_000 } },
      undefined,
    );
    expect(await notify(url)).toMatchObject({ RspCode: '00' });
    const saved = await readBill();
    expect(saved.paidAmount).toBe(bill.total + 1_000_000);
    expect(saved.status).toBe(BILL_STATUS.paid);
    expect(saved.payments.map((p) => p.method)).toEqual(['cash', 'online']);
  });

  it('a one-time charge is credited the same way', async () => {
    const charge = await aOneTimeCharge(deps, contract, { amount: 350_000 });
    const reply = await requestOneTimeChargePayment(actorFor(deps, tenant), charge.oneTimeChargeID);
    expect(new URL(reply.paymentURL ?? '').searchParams.get('vnp_Amount')).toBe('35000000');
    expect(await notify(reply.paymentURL ?? '')).toMatchObject({ RspCode: '00' });
    const saved = await houseDocs<OneTimeChargeDoc>(deps).read(house.houseID, charge.oneTimeChargeID);
    expect(saved).toMatchObject({ status: BILL_STATUS.paid, paidAmount: 350_000 });
  });

  it('a bill carried over while the tenant paid is paid through the bill its remainder went into', async () => {
    const url = await payUrl();
    // December is issued before VNPay's notification: November's remainder is a debt line of December.
    const december = await aMonthlyBill(deps, contract, {
      month: '2026-12',
      billDetails: [
        { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 2_500_000, amount: 2_500_000 },
        {
          kind: 'debt',
          description: 'Nợ hóa đơn tháng 11/2026',
          quantity: 1,
          unitPrice: bill.total,
          amount: bill.total,
          fromBillID: bill.monthlyBillID,
        },
      ],
    });
    await houseDocs<MonthlyBillDoc>(deps).replace({
      ...(await readBill()),
      status: BILL_STATUS.carriedOver,
      carriedToBillID: december.monthlyBillID,
    });
    expect(await notify(url)).toMatchObject({ RspCode: '00' });
    expect(await readBill()).toMatchObject({ status: BILL_STATUS.carriedOver, paidAmount: 0, payments: [] });
    expect(await readBill(december.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.partlyPaid,
      paidAmount: bill.total,
      payments: [expect.objectContaining({ amount: bill.total, method: 'online' })],
    });
  });

  it('99: a failure of the store is an unknown error, and nothing is credited', async () => {
    const url = await payUrl();
    const broken: Deps = {
      ...deps,
      store: {
        ...deps.store,
        container: () => {
          throw new Error('store unavailable');
        },
      },
    };
    const logged: string[] = [];
    const reply = await receiveGatewayNotification(
      broken,
      gatewayCallback(url, TEST_VNPAY.hashSecret),
      (line) => logged.push(line),
    );
    expect(reply).toEqual({ RspCode: '99', Message: 'Unknown error' });
    expect(logged[0]).toContain('store unavailable');
    expect(await readBill()).toEqual(bill);
  });
});

describe('one open payment per bill or charge', () => {
  const refundMessages = async () => (await outbox()).filter((m) => m.event === 'paymentRefundDue');

  it('a new link replaces the open one: money VNPay takes on the old page credits nothing and is to be returned', async () => {
    const first = await payUrl();
    const second = await payUrl();
    const [firstID, secondID] = [first, second].map((url) => new URL(url).searchParams.get('vnp_TxnRef'));
    expect(await payments()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ paymentID: firstID, state: 'replaced', replacedBy: secondID }),
        expect.objectContaining({ paymentID: secondID, state: 'pending' }),
      ]),
    );
    // The tenant pays on the new page, then on the old one still open in another tab.
    expect(await notify(second, { transactionNo: '14000001' })).toMatchObject({ RspCode: '00' });
    expect(await notify(first, { transactionNo: '14000002' })).toEqual({
      RspCode: '00',
      Message: 'Confirm Success',
    });
    const saved = await readBill();
    expect(saved).toMatchObject({ status: BILL_STATUS.paid, paidAmount: bill.total });
    expect(saved.payments.map((entry) => entry.reference)).toEqual([secondID]);
    const old = (await payments()).find((payment) => payment.paymentID === firstID);
    expect(old).toMatchObject({
      state: 'refundDue',
      refundReason: 'replaced',
      gatewayTransactionNo: '14000002',
    });
    // The landlord and the tenant are told; the money shows as to be returned, on the result page too.
    const told = await refundMessages();
    expect(told.map((m) => m.recipient.userID).sort()).toEqual([landlord.userID, tenant.userID].sort());
    expect(told.find((m) => m.recipient.userID === landlord.userID)?.body).toContain('14000002');
    expect(await paymentResult(deps, firstID ?? '')).toMatchObject({
      state: 'refundDue',
      refundReason: 'replaced',
    });
    // The bill's page shows it, to the landlord and the tenant.
    for (const reader of [landlord, tenant]) {
      const shown = await getMonthlyBill(
        actorFor(deps, reader),
        bill.monthlyBillID,
        odata(MONTHLY_BILL_MODEL),
      );
      expect(shown.refundsDue).toEqual([
        {
          paymentID: firstID,
          amount: bill.total,
          confirmedOn: '2026-11-20T03:00:00.000Z',
          gatewayTransactionNo: '14000002',
          refundReason: 'replaced',
        },
      ]);
    }
    // The operator is alerted (a warning line), with no one's data in it. (A busy machine may add a
    // slow-operation line of its own; only the payment lines are counted.)
    const paymentLines = () => logged.filter((record) => record.event.startsWith('payment.'));
    expect(paymentLines()).toEqual([
      expect.objectContaining({
        level: 'warn',
        event: 'payment.refundDue',
        reason: 'replaced',
        target: 'monthlyBill',
        amount: bill.total,
        houseID: house.houseID,
      }),
    ]);
    // A copy of its notification is "already confirmed" and changes nothing.
    expect(await notify(first, { transactionNo: '14000002' })).toMatchObject({ RspCode: '02' });
    expect(paymentLines()).toHaveLength(1);
    expect(await readBill()).toEqual(saved);
    expect(await refundMessages()).toHaveLength(2);
  });

  it('the old link’s money does not credit even before the new one is paid; its failure is recorded as one', async () => {
    const first = await payUrl();
    const second = await payUrl();
    expect(await notify(first)).toMatchObject({ RspCode: '00' });
    expect(await readBill()).toEqual(bill);
    expect(await notify(second)).toMatchObject({ RspCode: '00' });
    expect((await readBill()).paidAmount).toBe(bill.total);

    const third = await aMonthlyBill(deps, contract, { month: '2026-12' });
    const failing = await payUrl(third);
    await payUrl(third);
    expect(await notify(failing, { responseCode: '51' })).toMatchObject({ RspCode: '00' });
    expect(await notify(failing, { responseCode: '51' })).toMatchObject({ RspCode: '02' });
    const failed = (await payments()).find(
      (payment) => payment.paymentID === new URL(failing).searchParams.get('vnp_TxnRef'),
    );
    expect(failed?.state).toBe('failed');
    expect((await readBill(third.monthlyBillID)).paidAmount).toBe(0);
  });

  it('a payment VNPay dates after the link expired is to be returned; within five minutes of it, it credits', async () => {
    // The link made at 10:00 expires at 10:15 (Vietnam time).
    const late = await payUrl();
    expect(await notify(late, { payDate: '20261120102100' })).toMatchObject({ RspCode: '00' });
    expect(await readBill()).toEqual(bill);
    expect((await payments())[0]).toMatchObject({ state: 'refundDue', refundReason: 'expired' });
    const inTime = await payUrl();
    expect(await notify(inTime, { payDate: '20261120101900' })).toMatchObject({ RspCode: '00' });
    expect((await readBill()).paidAmount).toBe(bill.total);
  });

  it('money for a charge that is gone is to be returned, not lost', async () => {
    const charge = await aOneTimeCharge(deps, contract, { amount: 350_000 });
    const url =
      (await requestOneTimeChargePayment(actorFor(deps, tenant), charge.oneTimeChargeID)).paymentURL ?? '';
    // Deleted once the link expired; VNPay's notification of a payment made in time comes later.
    await houseDocs(deps).delete(house.houseID, charge.oneTimeChargeID);
    h.clock.advance(40 * 60_000);
    expect(await notify(url)).toMatchObject({ RspCode: '00' });
    expect((await payments())[0]).toMatchObject({ state: 'refundDue', refundReason: 'nothingToPay' });
    expect(await refundMessages()).toHaveLength(2);
  });

  it('a link of a bill carried over is replaced by a link of the bill it went into', async () => {
    const november = await payUrl();
    const december = await aMonthlyBill(deps, contract, {
      month: '2026-12',
      billDetails: [
        {
          kind: 'debt',
          description: 'Nợ hóa đơn tháng 11/2026',
          quantity: 1,
          unitPrice: bill.total,
          amount: bill.total,
          fromBillID: bill.monthlyBillID,
        },
      ],
      total: bill.total,
    });
    await houseDocs<MonthlyBillDoc>(deps).replace({
      ...(await readBill()),
      status: BILL_STATUS.carriedOver,
      carriedToBillID: december.monthlyBillID,
    });
    const decemberUrl = await payUrl(december);
    expect(await notify(decemberUrl)).toMatchObject({ RspCode: '00' });
    expect(await notify(november)).toMatchObject({ RspCode: '00' });
    expect(await readBill(december.monthlyBillID)).toMatchObject({
      status: BILL_STATUS.paid,
      paidAmount: bill.total,
    });
    expect((await payments()).map((payment) => payment.state).sort()).toEqual(['refundDue', 'succeeded']);
  });

  it('links asked at the same moment leave exactly one open', async () => {
    const actor = actorFor(deps, tenant);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => requestMonthlyBillPayment(actor, bill.monthlyBillID)),
    );
    expect(replies.some((reply) => reply.status)).toBe(true);
    for (const reply of replies.filter((candidate) => !candidate.status)) {
      expect(reply).toEqual({ status: false, errorMessage: PAYMENT_MESSAGES.linkRaced, paymentURL: null });
    }
    const states = (await payments()).map((payment) => payment.state);
    expect(states.filter((state) => state === 'pending')).toHaveLength(1);
    expect(states).toHaveLength(replies.filter((reply) => reply.status).length);
  });
});

describe('the return and the result pages', () => {
  it('the return goes to the success page only for a checked success, and never credits', async () => {
    const url = await payUrl();
    const paymentID = new URL(url).searchParams.get('vnp_TxnRef');
    expect(await gatewayReturnPage(deps, gatewayCallback(url, TEST_VNPAY.hashSecret))).toBe(
      `http://localhost:4280/paymentSuccessful/${paymentID}`,
    );
    expect(await readBill()).toEqual(bill);
    expect(
      await gatewayReturnPage(deps, gatewayCallback(url, TEST_VNPAY.hashSecret, { responseCode: '24' })),
    ).toBe(`http://localhost:4280/paymentFailure?paymentID=${paymentID}&responseCode=24`);
    expect(await gatewayReturnPage(deps, gatewayCallback(url, 'forged'))).toBe(
      'http://localhost:4280/paymentFailure',
    );

    const charge = await aOneTimeCharge(deps, contract);
    const chargeUrl =
      (await requestOneTimeChargePayment(actorFor(deps, tenant), charge.oneTimeChargeID)).paymentURL ?? '';
    expect(await gatewayReturnPage(deps, gatewayCallback(chargeUrl, TEST_VNPAY.hashSecret))).toMatch(
      /\/paymentOTCSuccessfull\/[A-Za-z0-9]{24}$/,
    );
  });

  it('the result shows the amount, what was paid and the confirmed state, nothing about the tenant', async () => {
    const url = await payUrl();
    const paymentID = new URL(url).searchParams.get('vnp_TxnRef') ?? '';
    expect(await paymentResult(deps, paymentID, 'monthlyBill')).toEqual({
      paymentID,
      target: 'monthlyBill',
      description: bill.billName,
      amount: bill.total,
      state: 'pending',
      createdOn: '2026-11-20T03:00:00.000Z',
    });
    await notify(url);
    const result = await paymentResult(deps, paymentID);
    expect(result).toMatchObject({ state: 'succeeded', gatewayTransactionNo: '14226112', bankCode: 'NCB' });
    expect(Object.keys(result).sort()).toEqual([
      'amount',
      'bankCode',
      'confirmedOn',
      'createdOn',
      'description',
      'gatewayTransactionNo',
      'paymentID',
      'state',
      'target',
    ]);
    await expectRefusal(
      paymentResult(deps, paymentID, 'oneTimeCharge'),
      'notFound',
      PAYMENT_MESSAGES.paymentNotFound,
    );
    await expectRefusal(paymentResult(deps, 'nope'), 'notFound', PAYMENT_MESSAGES.paymentNotFound);
  });
});

describe('paying the platform (registration fee, room purchase, extension)', () => {
  it('a registration’s fee: its own partition, credited once, the registrant told, and its result page', async () => {
    const platform = deps.store.container<PlatformPayableDoc>('platform');
    await platform.create({
      id: 'registration-0001',
      pk: REGISTRATIONS_PARTITION,
      type: 'registration',
      status: 'pending',
      fullName: 'Đỗ Quốc Khánh',
      email: 'khanh.do@example.vn',
      phoneNumber: '0938111222',
      // What the registration costs: a payment credits only its own fee (issue 21, defect 2).
      fee: 2_880_000,
    });
    const reply = await requestPlatformPayment(
      deps,
      { ip: '203.0.113.9', userAgent: 'test' },
      'registration-0001',
      {
        target: 'registration',
        targetID: 'registration-0001',
        pk: REGISTRATIONS_PARTITION,
        description: 'Phí đăng ký 20 phòng',
        code: 'DK0001',
        amount: 2_880_000,
      },
    );
    expect(reply).toMatchObject({ status: true, errorMessage: '' });
    const url = reply.paymentURL ?? '';
    const paymentID = new URL(url).searchParams.get('vnp_TxnRef') ?? '';
    expect(await gatewayReturnPage(deps, gatewayCallback(url, TEST_VNPAY.hashSecret))).toBe(
      `http://localhost:4280/paymentLessorSuccessful/${paymentID}`,
    );
    const copies = await Promise.all(Array.from({ length: 10 }, () => notify(url)));
    expect(copies.filter((copy) => copy.RspCode === '00')).toHaveLength(1);
    const registration = await platform.read(REGISTRATIONS_PARTITION, 'registration-0001');
    expect(registration).toMatchObject({
      status: 'paid',
      payments: [{ paymentID, amount: 2_880_000, paidOn: '2026-11-20T03:00:00.000Z' }],
    });
    const told = await platform.query({
      partitionKey: REGISTRATIONS_PARTITION,
      filter: { op: 'eq', field: 'type', value: 'outboxMessage' },
    });
    expect(told.items).toEqual([
      expect.objectContaining({
        event: 'paymentReceived',
        recipient: expect.objectContaining({ email: 'khanh.do@example.vn' }),
      }),
    ]);
    expect(await paymentResult(deps, paymentID, 'registration')).toMatchObject({
      state: 'succeeded',
      amount: 2_880_000,
    });
    // House payments and platform ones never mix: nothing was written in the house.
    expect(await payments()).toEqual([]);
  });

  it('a registration’s new link replaces the open one: the old one’s money marks nothing paid, the payer is told', async () => {
    const platform = deps.store.container<PlatformPayableDoc>('platform');
    await platform.create({
      id: 'registration-0002',
      pk: REGISTRATIONS_PARTITION,
      type: 'registration',
      status: 'pending',
      fullName: 'Đỗ Quốc Khánh',
      email: 'khanh.do@example.vn',
    });
    const ask = async () =>
      (
        await requestPlatformPayment(deps, { ip: '203.0.113.9', userAgent: 'test' }, 'registration-0002', {
          target: 'registration',
          targetID: 'registration-0002',
          pk: REGISTRATIONS_PARTITION,
          description: 'Phí đăng ký 20 phòng',
          code: 'DK0002',
          amount: 2_880_000,
        })
      ).paymentURL ?? '';
    const first = await ask();
    await ask();
    expect(await notify(first)).toMatchObject({ RspCode: '00' });
    expect(await platform.read(REGISTRATIONS_PARTITION, 'registration-0002')).toMatchObject({
      status: 'pending',
    });
    const firstID = new URL(first).searchParams.get('vnp_TxnRef') ?? '';
    expect(await paymentResult(deps, firstID, 'registration')).toMatchObject({
      state: 'refundDue',
      refundReason: 'replaced',
    });
    const told = await platform.query({
      partitionKey: REGISTRATIONS_PARTITION,
      filter: { op: 'eq', field: 'type', value: 'outboxMessage' },
    });
    expect(told.items).toEqual([
      expect.objectContaining({
        event: 'paymentRefundDue',
        recipient: expect.objectContaining({ email: 'khanh.do@example.vn' }),
      }),
    ]);
  });
});
