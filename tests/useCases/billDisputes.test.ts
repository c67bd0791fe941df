import { BILL_DISPUTE_MESSAGES, BILL_STATUS, billDisputeAnswerSchema, MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstKeptMonth, totalsOf } from '../../api/src/domain/dashboardReport.js';
import type {
  ContractDoc,
  HouseDoc,
  MonthlyBillDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import {
  answerBillDispute,
  createBillDispute,
  listBillDisputes,
} from '../../api/src/useCases/billDisputes.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { houseTotals } from '../../api/src/useCases/shared/houseTotals.js';
import { payMonthlyBill } from '../../api/src/useCases/monthlyBills.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  landlordWithHouse,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/**
 * 'Khiếu nại hóa đơn' (issue 27): one open question per line, the correction with its history and the
 * house's totals, the refusals that keep the money right (carried over, below what was paid), rights.
 */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let tenant: UserDoc;
let bill: MonthlyBillDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-20T08:00:00Z') }));
  room = await aRoom(deps, house, { roomName: 'P101' });
  contract = await aContract(deps, room);
  tenant = await aLessee(deps, { house, room, contract });
  // Rent 2.500.000 ₫ + water 120.000 ₫ = 2.620.000 ₫.
  bill = await aMonthlyBill(deps, contract);
});
afterEach(() => h.close());

const WATER = 1;

function question(lineIndex = WATER, reason = 'Tháng này tôi đi vắng, nước không thể dùng 6 khối.') {
  return createBillDispute(actorFor(deps, tenant), { monthlyBillID: bill.monthlyBillID, lineIndex, reason });
}

function correct(billDisputeID: string, newAmount: number, by: UserDoc = landlord) {
  return answerBillDispute(
    actorFor(deps, by),
    billDisputeID,
    billDisputeAnswerSchema.parse({ outcome: 'corrected', newAmount, answer: 'Đã kiểm tra lại đồng hồ.' }),
  );
}

async function storedBill(): Promise<MonthlyBillDoc> {
  return (await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, bill.monthlyBillID)) as MonthlyBillDoc;
}

describe('asking about a line', () => {
  it('records the line as it was, once: a second open question on the same line is refused', async () => {
    const asked = await question();
    expect(asked).toMatchObject({
      monthlyBillID: bill.monthlyBillID,
      lineIndex: WATER,
      lineDescription: 'Tiền nước',
      lineAmount: 120_000,
      status: 'open',
      createdBy: tenant.userID,
    });
    await expectRefusal(question(), 'conflict', BILL_DISPUTE_MESSAGES.alreadyOpen);
    // Another line of the same bill may be asked about.
    await question(0, 'Giá phòng đã giảm từ tháng này.');
    expect(
      (await listBillDisputes(actorFor(deps, landlord), { monthlyBillID: bill.monthlyBillID })).value,
    ).toHaveLength(2);
  });

  it('refuses a line the bill does not have, and the rounding line', async () => {
    await expectRefusal(question(7), 'badRequest', BILL_DISPUTE_MESSAGES.noSuchLine);
    const rounded = await aMonthlyBill(deps, contract, {
      month: '2026-10',
      billDetails: [
        { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 2_500_400, amount: 2_500_400 },
        { kind: 'rounding', description: 'Làm tròn', quantity: 1, unitPrice: -400, amount: -400 },
      ],
    });
    await expectRefusal(
      createBillDispute(actorFor(deps, tenant), {
        monthlyBillID: rounded.monthlyBillID,
        lineIndex: 1,
        reason: 'Sai',
      }),
      'badRequest',
      BILL_DISPUTE_MESSAGES.roundingLine,
    );
  });

  it('is for the tenant of the bill only', async () => {
    await expectRefusal(
      createBillDispute(actorFor(deps, landlord), {
        monthlyBillID: bill.monthlyBillID,
        lineIndex: WATER,
        reason: 'x',
      }),
      'forbidden',
      BILL_DISPUTE_MESSAGES.tenantOnly,
    );
    const neighbourRoom = await aRoom(deps, house, { roomName: 'P102' });
    const neighbourContract = await aContract(deps, neighbourRoom);
    const neighbour = await aLessee(deps, { house, room: neighbourRoom, contract: neighbourContract });
    await expectRefusal(
      createBillDispute(actorFor(deps, neighbour), {
        monthlyBillID: bill.monthlyBillID,
        lineIndex: WATER,
        reason: 'x',
      }),
      'notFound',
      MESSAGES.notFound,
    );
  });
});

describe('correcting the bill', () => {
  it('sets the line, rounds the total again, keeps the history and moves the house totals with it', async () => {
    // The totals are complete before, so the correction must keep them in step.
    await houseTotals(deps, house.houseID);
    const asked = await question();
    const answered = await correct(asked.billDisputeID as string, 60_250);
    expect(answered).toMatchObject({
      status: 'corrected',
      answer: 'Đã kiểm tra lại đồng hồ.',
      answeredBy: landlord.userID,
      correction: { from: 120_000, to: 60_250, totalFrom: 2_620_000, totalTo: 2_560_000 },
    });
    const saved = await storedBill();
    expect(saved.billDetails.map((line) => [line.kind, line.amount])).toEqual([
      ['rent', 2_500_000],
      ['water', 60_250],
      ['rounding', -250],
    ]);
    expect(saved.billDetails[WATER]?.note).toBe('Chỉ số 100 → 106. Điều chỉnh từ 120.000 ₫ theo khiếu nại');
    expect(saved.total).toBe(2_560_000);
    expect(saved.status).toBe(BILL_STATUS.unpaid);
    expect(saved.corrections).toEqual([
      {
        billDisputeID: asked.billDisputeID,
        lineIndex: WATER,
        description: 'Tiền nước',
        from: 120_000,
        to: 60_250,
        totalFrom: 2_620_000,
        totalTo: 2_560_000,
        correctedBy: landlord.userID,
        correctedOn: '2026-11-20T08:00:00.000Z',
      },
    ]);
    const bills = await listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill');
    expect(await houseTotals(deps, house.houseID)).toEqual(totalsOf(bills, firstKeptMonth(deps.now())));
    expect(await auditEntries(deps)).toContainEqual(
      expect.objectContaining({ action: 'correct', entity: 'billDispute', entityID: asked.billDisputeID }),
    );
    // Answered: a new question on the line may be asked, the old one cannot be answered again.
    await expectRefusal(
      correct(asked.billDisputeID as string, 50_000),
      'conflict',
      BILL_DISPUTE_MESSAGES.notOpen,
    );
    await question();
  });

  it('on a paid bill: raising it leaves the rest owed; lowering it below what was paid is refused', async () => {
    await payMonthlyBill(
      actorFor(deps, landlord),
      bill.monthlyBillID,
      { payment: { amount: 2_620_000 } },
      undefined,
    );
    const asked = await question();
    await expectRefusal(
      correct(asked.billDisputeID as string, 100_000),
      'conflict',
      BILL_DISPUTE_MESSAGES.belowPaid('2.620.000 ₫'),
    );
    expect((await storedBill()).total).toBe(2_620_000);
    await correct(asked.billDisputeID as string, 150_000);
    const saved = await storedBill();
    expect(saved).toMatchObject({ total: 2_650_000, paidAmount: 2_620_000, status: BILL_STATUS.partlyPaid });
    expect(saved.paidOn).toBeUndefined();
  });

  it('on an over-paid bill: raising it to what was paid closes the surplus; once a later bill took part of it, refused', async () => {
    // 2.620.000 ₫ asked, 2.820.000 ₫ paid, and a later bill took 60.000 ₫ of the 200.000 ₫ surplus.
    const overPaid = {
      ...(await storedBill()),
      paidAmount: 2_820_000,
      status: BILL_STATUS.paid,
      surplusOpen: true,
    };
    await houseDocs<MonthlyBillDoc>(deps).replace({ ...overPaid, surplusTaken: 60_000 });
    const asked = await question();
    await expectRefusal(
      correct(asked.billDisputeID as string, 320_000),
      'conflict',
      BILL_DISPUTE_MESSAGES.surplusUsed('2.760.000 ₫'),
    );
    expect(await storedBill()).toMatchObject({ total: 2_620_000, surplusTaken: 60_000, surplusOpen: true });
    // Nothing taken yet: the water line raised by 200.000 ₫ uses the whole surplus.
    const { _etag: _ignored, ...fresh } = await storedBill();
    const { surplusTaken: _taken, ...untaken } = fresh;
    await houseDocs<MonthlyBillDoc>(deps).replace(untaken);
    await correct(asked.billDisputeID as string, 320_000);
    const saved = await storedBill();
    expect(saved).toMatchObject({ total: 2_820_000, paidAmount: 2_820_000, status: BILL_STATUS.paid });
    expect(saved.surplusOpen).toBeUndefined();
  });

  it('is refused on a bill carried over into a later one, which may still be rejected with a reason', async () => {
    bill = await aMonthlyBill(deps, contract, { month: '2026-09', status: BILL_STATUS.carriedOver });
    const asked = await question();
    await expectRefusal(
      correct(asked.billDisputeID as string, 60_000),
      'conflict',
      BILL_DISPUTE_MESSAGES.carriedOver,
    );
    const rejected = await answerBillDispute(
      actorFor(deps, landlord),
      asked.billDisputeID as string,
      billDisputeAnswerSchema.parse({ outcome: 'rejected', answer: 'Đã chuyển sang hóa đơn tháng 10.' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', answer: 'Đã chuyển sang hóa đơn tháng 10.' });
    expect((await storedBill()).total).toBe(2_620_000);
  });

  it('is refused once the contract was terminated (the settlement took the bill from the deposit)', async () => {
    const asked = await question();
    await houseDocs<ContractDoc>(deps).replace({ ...contract, status: 3, terminatedOn: '2026-11-18' });
    await expectRefusal(
      correct(asked.billDisputeID as string, 60_000),
      'conflict',
      BILL_DISPUTE_MESSAGES.settled,
    );
    expect((await storedBill()).total).toBe(2_620_000);
  });

  it('staff of the house may answer; another landlord, their staff and the tenant may not', async () => {
    const asked = await question();
    const id = asked.billDisputeID as string;
    const stranger = await aLandlord(deps);
    const strangersStaff = await aStaff(deps, { houses: [await aHouse(deps, stranger)] });
    for (const outsider of [stranger, strangersStaff]) {
      await expectRefusal(correct(id, 60_000, outsider), 'notFound', MESSAGES.notFound);
    }
    await expectRefusal(correct(id, 60_000, tenant), 'forbidden', MESSAGES.forbidden);
    const staff = await aStaff(deps, { houses: [house] });
    expect(await correct(id, 60_000, staff)).toMatchObject({ status: 'corrected', answeredBy: staff.userID });
  });
});
