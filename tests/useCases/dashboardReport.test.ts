import { BILL_STATUS, type BankFeedTransaction } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedSignature, receiveBankFeed } from '../../api/src/useCases/bankTransfers/matching.js';
import { firstKeptMonth, houseTotalsID, totalsOf } from '../../api/src/domain/dashboardReport.js';
import type {
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  HouseTotalsDoc,
  MonthlyBillDoc,
  OneTimeChargeDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import type { Container, Store } from '../../api/src/store/store.js';
import { dashboardReport } from '../../api/src/useCases/dashboardReport.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { totalsOperation } from '../../api/src/useCases/shared/houseTotals.js';
import { updateHouseTicket } from '../../api/src/useCases/houseTickets/saving.js';
import { draftHouseTicket } from '../../api/src/useCases/houseTickets/drafting.js';
import { payMonthlyBill } from '../../api/src/useCases/monthlyBills.js';
import {
  createOneTimeCharge,
  deleteOneTimeCharge,
  payOneTimeCharge,
} from '../../api/src/useCases/oneTimeCharges.js';
import { receiveGatewayNotification, requestMonthlyBillPayment } from '../../api/src/useCases/payments.js';
import { aMonthlyBill, aOneTimeCharge } from '../support/billBuilders.js';
import { aTenancy } from '../support/billingBuilders.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff } from '../support/builders.js';
import { gatewayCallback } from '../support/gateway.js';
import { anIssue } from '../support/issueBuilders.js';
import {
  actorFor,
  expectRefusal,
  TEST_VNPAY,
  type UseCaseHarness,
  landlordWithHouse,
} from '../support/useCaseHarness.js';

/**
 * The dashboard report (clock: 20/11/2026 in Vietnam) and the running totals behind it: after every kind
 * of write (issuing, cash, VNPay, bank transfer, charges, concurrent payments) the stored totals equal a
 * rebuild from the bills; a report never writes (a house without complete totals is summed in memory) and
 * the first write of such a house completes them.
 */

const ACCOUNT = '0071000123456';
const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';
const FORBIDDEN = 'Bạn không có quyền thực hiện thao tác này.';
let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({
    now: new Date('2026-11-20T03:00:00Z'),
    landlord: {
      lessorInfo: {
        status: 1,
        fullName: 'Trần Văn Chủ',
        bankName: 'Vietcombank',
        bankAccountNumber: ACCOUNT,
      },
    },
    house: { houseName: 'Nhà trọ Hoa Sen' },
  }));
  room = await aRoom(deps, house, { roomName: 'P101', price: 2_500_000, status: 'occupied' });
  contract = await aContract(deps, room);
});
afterEach(() => h.close());

const report = (user: UserDoc = landlord) => dashboardReport(actorFor(deps, user), house.houseID);

async function storedTotals(): Promise<HouseTotalsDoc | undefined> {
  const doc = await houseDocs(deps).read(house.houseID, houseTotalsID(house.houseID));
  return doc?.type === 'houseTotals' ? doc : undefined;
}

/** The invariant: the totals kept by the writes are exactly what a rebuild from the bills gives. */
async function expectTotalsAsRebuilt(): Promise<void> {
  const stored = await storedTotals();
  expect(stored?.complete).toBe(true);
  const [bills, charges] = await Promise.all([
    listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill'),
    listInHouse<OneTimeChargeDoc>(deps, house.houseID, 'oneTimeCharge'),
  ]);
  expect(stored?.months).toEqual(totalsOf([...bills, ...charges], firstKeptMonth(deps.now())));
}

const revenueOf = async (month: string) => (await report()).revenue.find((entry) => entry.month === month);

describe('the report', () => {
  it('counts rooms by status, occupancy, contracts ending within 30 days and open issue reports', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    await aRoom(deps, house, { roomName: 'P102', status: 'reserved' });
    await aRoom(deps, house, { roomName: 'P103' });
    const p104 = await aRoom(deps, house, { roomName: 'P104', status: 'occupied' });
    const p105 = await aRoom(deps, house, { roomName: 'P105', status: 'occupied' });
    const p106 = await aRoom(deps, house, { roomName: 'P106', status: 'occupied' });
    const soon = await aTenancy(deps, p104, { startDate: '2026-01-01', endDate: '2026-12-01' });
    const today = await aTenancy(deps, p105, { startDate: '2026-01-01', endDate: '2026-11-20' });
    // Ends in 31 days: not yet; ended or expired contracts never.
    await aTenancy(deps, p106, { startDate: '2026-01-01', endDate: '2026-12-21' });
    await aTenancy(deps, p106, { startDate: '2025-01-01', endDate: '2026-11-25', status: 2 });
    await anIssue(deps, contract, room, { status: 1 });
    await anIssue(deps, contract, room, { status: 2 });
    await anIssue(deps, contract, room, { status: 3 });

    const shown = await report(staff);
    expect(shown).toMatchObject({
      houseID: house.houseID,
      month: '2026-11',
      today: '2026-11-20',
      rooms: { total: 6, empty: 1, reserved: 1, occupied: 4, occupancy: 4 / 6 },
      openIssues: { total: 2, received: 1, inProgress: 1 },
    });
    // aContract ends on 31/12/2026: beyond 30 days.
    expect(shown.contractsEnding).toEqual({
      count: 2,
      items: [
        {
          contractID: today.contractID,
          roomID: p105.roomID,
          roomName: 'P105',
          representativeName: 'Người ở 1',
          endDate: '2026-11-20',
          daysLeft: 0,
        },
        {
          contractID: soon.contractID,
          roomID: p104.roomID,
          roomName: 'P104',
          representativeName: 'Người ở 1',
          endDate: '2026-12-01',
          daysLeft: 11,
        },
      ],
    });
    expect(shown.revenue).toHaveLength(12);
    expect(shown.revenue[0]?.month).toBe('2025-12');
    expect(shown.revenue[11]).toEqual({ month: '2026-11', billed: 0, collected: 0 });
    expect(shown.thisMonth).toEqual({ bills: 0, billsPaid: 0, billed: 0, paid: 0, unpaid: 0 });
  });

  it('is for the landlord and staff of the house: others get 404, a tenant 403', async () => {
    const tenant = await aLessee(deps, { house, room, contract });
    await expectRefusal(report(tenant), 'forbidden', FORBIDDEN);
    await expectRefusal(report(await aLandlord(deps)), 'notFound', NOT_FOUND);
    const elsewhere = await aStaff(deps, { houses: [await aHouse(deps, landlord)] });
    await expectRefusal(report(elsewhere), 'notFound', NOT_FOUND);
    expect((await report(await aStaff(deps, { houses: [house] }))).houseID).toBe(house.houseID);
  });
});

describe('a house without totals', () => {
  it('a report sums its bills and charges and writes nothing; the first write completes the totals', async () => {
    await aMonthlyBill(deps, contract, {
      month: '2026-10',
      paidAmount: 1_000_000,
      status: BILL_STATUS.partlyPaid,
      payments: [{ amount: 1_000_000, method: 'cash', paidOn: '2026-10-31T18:00:00.000Z' }],
    });
    const november = await aMonthlyBill(deps, contract, { month: '2026-11' });
    await aOneTimeCharge(deps, contract, { amount: 300_000, createdOn: '2026-11-02T02:00:00.000Z' });
    expect(await storedTotals()).toBeUndefined();

    const first = await report();
    expect(first.thisMonth).toEqual({
      bills: 1,
      billsPaid: 0,
      billed: 2_620_000,
      paid: 0,
      unpaid: 2_620_000,
    });
    // 31/10 18:00 UTC is 1/11 in Vietnam: collected in November.
    expect(first.revenue.slice(-2)).toEqual([
      { month: '2026-10', billed: 2_620_000, collected: 0 },
      { month: '2026-11', billed: 2_620_000 + 300_000, collected: 1_000_000 },
    ]);
    expect(await storedTotals()).toBeUndefined();

    await payMonthlyBill(
      actorFor(deps, landlord),
      november.monthlyBillID,
      { payment: { amount: 620_000 } },
      undefined,
    );
    await expectTotalsAsRebuilt();
    expect((await storedTotals())?.rebuiltOn).toBe('2026-11-20T03:00:00.000Z');
    expect((await report()).thisMonth).toMatchObject({ paid: 620_000, unpaid: 2_000_000 });

    // Written behind the product's back: a report that summed the bills again would count it.
    await aMonthlyBill(deps, await aContract(deps, await aRoom(deps, house)), { month: '2026-11' });
    expect((await report()).thisMonth.bills).toBe(1);
  });

  it('an incomplete document (older data) is completed by the next write', async () => {
    const bill = await aMonthlyBill(deps, contract, { month: '2026-11' });
    await houseDocs(deps).create({
      id: houseTotalsID(house.houseID),
      pk: house.houseID,
      type: 'houseTotals',
      houseID: house.houseID,
      complete: false,
      months: {},
    });
    expect((await report()).thisMonth).toMatchObject({ paid: 0, unpaid: 2_620_000 });
    expect(await storedTotals()).toMatchObject({ complete: false });
    await payMonthlyBill(
      actorFor(deps, landlord),
      bill.monthlyBillID,
      { payment: { amount: 20_000 } },
      undefined,
    );
    await expectTotalsAsRebuilt();
    expect((await report()).thisMonth).toMatchObject({ paid: 20_000, unpaid: 2_600_000 });
  });

  it('deleted totals: reports sum the bills, the next write completes them again', async () => {
    const bill = await aMonthlyBill(deps, contract, { month: '2026-11' });
    await payMonthlyBill(
      actorFor(deps, landlord),
      bill.monthlyBillID,
      { payment: { amount: 20_000 } },
      undefined,
    );
    await houseDocs(deps).delete(house.houseID, houseTotalsID(house.houseID));
    expect((await report()).thisMonth).toMatchObject({ paid: 20_000, unpaid: 2_600_000 });
    expect(await storedTotals()).toBeUndefined();
    await payMonthlyBill(
      actorFor(deps, landlord),
      bill.monthlyBillID,
      { payment: { amount: 30_000 } },
      undefined,
    );
    await expectTotalsAsRebuilt();
    expect((await report()).thisMonth).toMatchObject({ paid: 50_000, unpaid: 2_570_000 });
  });

  it('a payment landing while a write sums the bills makes that write try again, so both count', async () => {
    const first = await aMonthlyBill(deps, contract, { month: '2026-11' });
    const other = await aMonthlyBill(deps, await aContract(deps, await aRoom(deps, house)), {
      month: '2026-11',
    });
    let paidMeanwhile = false;
    const racing: Deps = {
      ...deps,
      store: afterBillQuery(deps.store, async () => {
        if (paidMeanwhile) return;
        paidMeanwhile = true;
        await payMonthlyBill(
          actorFor(deps, landlord),
          other.monthlyBillID,
          { payment: { amount: 100_000 } },
          undefined,
        );
      }),
    };
    await payMonthlyBill(
      actorFor(racing, landlord),
      first.monthlyBillID,
      { payment: { amount: 20_000 } },
      undefined,
    );
    expect(paidMeanwhile).toBe(true);
    await expectTotalsAsRebuilt();
    expect((await report()).thisMonth.paid).toBe(120_000);
  });

  it('concurrent reports of a cold house share one rebuild', async () => {
    await aMonthlyBill(deps, contract, { month: '2026-11' });
    let billQueries = 0;
    const counting: Deps = {
      ...deps,
      store: afterBillQuery(deps.store, () => {
        billQueries += 1;
        return Promise.resolve();
      }),
    };
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => dashboardReport(actorFor(counting, landlord), house.houseID)),
    );
    expect(new Set(replies.map((reply) => reply.thisMonth.billed))).toEqual(new Set([2_620_000]));
    expect(billQueries).toBe(1);
  });
});

describe('the totals through the writes', () => {
  beforeEach(async () => {
    // Complete (empty) totals from the start, as a first write leaves them, so every write below updates them.
    await houseDocs(deps).batch(house.houseID, [await totalsOperation(deps, house.houseID, [])]);
    expect((await storedTotals())?.complete).toBe(true);
  });

  it('issuing a month adds its bills; a carried-over debt counts once, in the month it was billed', async () => {
    const p102 = await aRoom(deps, house, { roomName: 'P102', status: 'occupied' });
    const renting = await aTenancy(deps, p102, { rentFee: 3_000_000 });
    const october = await aMonthlyBill(deps, renting, {
      month: '2026-10',
      billDetails: [
        { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 3_000_000, amount: 3_000_000 },
      ],
    });
    // Written behind the totals' back; the report rebuilds once it is deleted.
    await houseDocs(deps).delete(house.houseID, houseTotalsID(house.houseID));
    await payMonthlyBill(
      actorFor(deps, landlord),
      october.monthlyBillID,
      { payment: { amount: 1_000_000 } },
      undefined,
    );
    expect((await report()).thisMonth.bills).toBe(0);

    const { ticket } = await draftHouseTicket(deps, house, '2026-11');
    await updateHouseTicket(
      actorFor(deps, landlord),
      ticket?.houseTicketID ?? '',
      { issue: true },
      undefined,
    );
    await expectTotalsAsRebuilt();
    const shown = await report();
    // The November bills: P101's rent (2.500.000) and P102's (3.000.000) plus October's 2.000.000 still owed.
    expect(shown.thisMonth).toEqual({
      bills: 2,
      billsPaid: 0,
      billed: 2_500_000 + 3_000_000 + 2_000_000,
      paid: 0,
      unpaid: 7_500_000,
    });
    expect(shown.revenue.slice(-2)).toEqual([
      { month: '2026-10', billed: 3_000_000, collected: 0 },
      { month: '2026-11', billed: 5_500_000, collected: 1_000_000 },
    ]);
    const storedOctober = (await storedTotals())?.months['2026-10'];
    expect(storedOctober).toMatchObject({ billed: 3_000_000, paid: 1_000_000, carriedOut: 2_000_000 });
  });

  it('cash, VNPay and bank transfers move paid, unpaid and collected', async () => {
    const bill = await aMonthlyBill(deps, contract, { month: '2026-11' });
    await houseDocs(deps).delete(house.houseID, houseTotalsID(house.houseID));
    await report();
    await payMonthlyBill(
      actorFor(deps, landlord),
      bill.monthlyBillID,
      { payment: { amount: 620_000 } },
      undefined,
    );
    await expectTotalsAsRebuilt();

    const tenant = await aLessee(deps, { house, room, contract });
    const url =
      (await requestMonthlyBillPayment(actorFor(deps, tenant), bill.monthlyBillID)).paymentURL ?? '';
    const halfOnline = gatewayCallback(url, TEST_VNPAY.hashSecret);
    expect((await receiveGatewayNotification(deps, halfOnline)).RspCode).toBe('00');
    await expectTotalsAsRebuilt();
    expect((await report()).thisMonth).toEqual({
      bills: 1,
      billsPaid: 1,
      billed: 2_620_000,
      paid: 2_620_000,
      unpaid: 0,
    });

    const december = await aMonthlyBill(deps, contract, { month: '2026-12' });
    await houseDocs(deps).delete(house.houseID, houseTotalsID(house.houseID));
    await report();
    const transfer: BankFeedTransaction = {
      transactionID: 'FT2632400001',
      accountNumber: ACCOUNT,
      amount: 1_000_000,
      description: `${december.billCode} chuyen tien phong`,
      transactedOn: '2026-11-20T09:15:00+07:00',
    };
    const body = JSON.stringify({ transactions: [transfer] });
    const t = String(Math.floor(deps.now().getTime() / 1000));
    await receiveBankFeed(
      deps,
      body,
      `t=${t},v1=${feedSignature(t, body, deps.config.bankFeedSecret ?? '')}`,
    );
    expect((await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, december.id))?.paidAmount).toBe(
      1_000_000,
    );
    await expectTotalsAsRebuilt();
    expect((await revenueOf('2026-11'))?.collected).toBe(2_620_000 + 1_000_000);
  });

  it('one-time charges: created, paid in part, deleted while unpaid', async () => {
    const actor = actorFor(deps, landlord);
    const lock = await createOneTimeCharge(actor, {
      contractID: contract.contractID,
      description: 'Thay khóa cửa',
      amount: 400_000,
    });
    const cleaning = await createOneTimeCharge(actor, {
      contractID: contract.contractID,
      description: 'Vệ sinh phòng',
      amount: 150_000,
    });
    await payOneTimeCharge(
      actor,
      lock.oneTimeChargeID as string,
      { payment: { amount: 100_000 } },
      undefined,
    );
    await deleteOneTimeCharge(actor, cleaning.oneTimeChargeID as string);
    await expectTotalsAsRebuilt();
    expect(await revenueOf('2026-11')).toEqual({ month: '2026-11', billed: 400_000, collected: 100_000 });
  });

  it('a payment by another process between reading the totals and writing them is not lost', async () => {
    const [mine, theirs] = await Promise.all(
      ['Q1', 'Q2'].map(async (roomName) =>
        aMonthlyBill(deps, await aContract(deps, await aRoom(deps, house, { roomName })), {
          month: '2026-11',
        }),
      ),
    );
    await houseDocs(deps).delete(house.houseID, houseTotalsID(house.houseID));
    await report();
    let interfered = false;
    const otherProcess: Deps = {
      ...deps,
      store: beforeTotalsBatch(deps.store, async () => {
        if (interfered) return;
        interfered = true;
        await payMonthlyBill(
          actorFor(deps, landlord),
          theirs!.monthlyBillID,
          { payment: { amount: 50_000 } },
          undefined,
        );
      }),
    };
    await payMonthlyBill(
      actorFor(otherProcess, landlord),
      mine!.monthlyBillID,
      { payment: { amount: 70_000 } },
      mine!._etag,
    );
    expect(interfered).toBe(true);
    await expectTotalsAsRebuilt();
    expect((await report()).thisMonth.paid).toBe(120_000);
  });

  it('concurrent payments of different bills (cash with and without If-Match, VNPay) all count', async () => {
    const contracts = await Promise.all(
      Array.from({ length: 12 }, async (_, index) =>
        aContract(deps, await aRoom(deps, house, { roomName: `T${index}`, status: 'occupied' })),
      ),
    );
    const bills = await Promise.all(contracts.map((each) => aMonthlyBill(deps, each, { month: '2026-11' })));
    await houseDocs(deps).delete(house.houseID, houseTotalsID(house.houseID));
    await report();
    const actor = actorFor(deps, landlord);
    const cash = (index: number) => 100_000 * (index + 1);
    await Promise.all(
      bills.map((bill, index) =>
        payMonthlyBill(
          actor,
          bill.monthlyBillID,
          { payment: { amount: cash(index) } },
          index % 2 === 0 ? bill._etag : undefined,
        ),
      ),
    );
    await expectTotalsAsRebuilt();
    // The first six pay the rest online, all notifications at once.
    const urls = await Promise.all(
      bills
        .slice(0, 6)
        .map(async (bill) => (await requestMonthlyBillPayment(actor, bill.monthlyBillID)).paymentURL),
    );
    const codes = await Promise.all(
      urls.map((url) => receiveGatewayNotification(deps, gatewayCallback(url ?? '', TEST_VNPAY.hashSecret))),
    );
    expect(codes.map((code) => code.RspCode)).toEqual(Array(6).fill('00'));
    await expectTotalsAsRebuilt();
    const paidInCash = bills.slice(6).reduce((sum, _bill, index) => sum + cash(index + 6), 0);
    expect((await report()).thisMonth).toEqual({
      bills: 12,
      billsPaid: 6,
      billed: 12 * 2_620_000,
      paid: 6 * 2_620_000 + paidInCash,
      unpaid: 6 * 2_620_000 - paidInCash,
    });
  });
});

/** A store that runs `meanwhile` before each batch that writes a house's totals. */
function beforeTotalsBatch(inner: Store, meanwhile: () => Promise<void>): Store {
  return wrapHouses(inner, (container) => ({
    batch: async (pk, ops) => {
      if (ops.some((op) => op.op !== 'delete' && op.doc.type === 'houseTotals')) await meanwhile();
      return container.batch(pk, ops);
    },
  }));
}

/** A store that runs `meanwhile` after each query for a house's monthly bills, before answering it. */
function afterBillQuery(inner: Store, meanwhile: () => Promise<void>): Store {
  return wrapHouses(inner, (container) => ({
    query: async (spec) => {
      const page = await container.query(spec);
      if (JSON.stringify(spec.filter).includes('"monthlyBill"')) await meanwhile();
      return page;
    },
  }));
}

/** `inner` with some methods of its `houses` container replaced. */
function wrapHouses(
  inner: Store,
  replaced: (container: Container<HouseScopedDoc>) => Partial<Container<HouseScopedDoc>>,
): Store {
  return {
    kind: inner.kind,
    version: () => inner.version(),
    close: () => inner.close(),
    container<T extends HouseScopedDoc>(name: Parameters<Store['container']>[0]) {
      const container = inner.container<T>(name);
      if (name !== 'houses') return container;
      const wrapped: Container<T> = {
        name: container.name,
        read: (pk, id) => container.read(pk, id),
        query: (spec) => container.query(spec),
        count: (spec) => container.count(spec),
        create: (doc) => container.create(doc),
        replace: (doc, options) => container.replace(doc, options),
        upsert: (doc) => container.upsert(doc),
        delete: (pk, id, options) => container.delete(pk, id, options),
        patch: (pk, id, ops, options) => container.patch(pk, id, ops, options),
        batch: (pk, ops) => container.batch(pk, ops),
        ...(replaced(container as unknown as Container<HouseScopedDoc>) as Partial<Container<T>>),
      };
      return wrapped;
    },
  } as Store;
}
