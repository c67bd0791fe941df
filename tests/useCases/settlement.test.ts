import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILL_STATUS, contractCreateSchema } from '@nhatro/common';
import type {
  ContractChangeDoc,
  ContractDoc,
  HouseDoc,
  MonthlyBillDoc,
  OneTimeChargeDoc,
  RoomDoc,
  RoomTicketDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { createContract } from '../../api/src/useCases/contracts/creating.js';
import { terminateContract } from '../../api/src/useCases/contracts/terminating.js';
import { recordRefund } from '../../api/src/useCases/contracts/refunding.js';
import { draftHouseTicket } from '../../api/src/useCases/houseTickets/drafting.js';
import { updateHouseTicket } from '../../api/src/useCases/houseTickets/saving.js';
import { payMonthlyBill } from '../../api/src/useCases/monthlyBills.js';
import { createOneTimeCharge } from '../../api/src/useCases/oneTimeCharges.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aReading } from '../support/billingBuilders.js';
import { aRoom } from '../support/builders.js';
import {
  actorFor,
  expectRefusal,
  landlordWithHouse,
  refusal,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/**
 * Ending a contract on 20/11/2026 (clock: that day). Rent 3.000.000 ₫, deposit 6.000.000 ₫, the house
 * does not round. 20 of November's 30 days lived: 2.000.000 ₫ of rent. What the settlement takes from the
 * deposit is never asked again.
 */

const MONTH = '2026-11';
let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ house: { billRounding: 0 } }));
  room = await aRoom(deps, house, { roomName: 'P101', price: 3_000_000 });
  const created = await createContract(
    actorFor(deps, landlord),
    contractCreateSchema.parse({
      roomID: room.roomID,
      startDate: '2026-10-01',
      endDate: '2027-09-30',
      rentFee: 3_000_000,
      deposit: 6_000_000,
      deposited: true,
      representative: { occupantName: 'Phạm Thu Hà', gender: 'nữ', phoneNumber: '0903111222' },
    }),
  );
  contract = (await houseDocs<ContractDoc>(deps).read(
    house.houseID,
    created.contractID as string,
  )) as ContractDoc;
  await aReading(deps, room, 'electricity', { month: MONTH, previousIndex: 0, newIndex: 40 });
  await aReading(deps, room, 'water', { month: MONTH, previousIndex: 0, newIndex: 3 });
});
afterEach(() => h.close());

async function end() {
  return terminateContract(actorFor(deps, landlord), {
    contractID: contract.contractID,
    terminationDate: '2026-11-20',
    reason: 'Chuyển công tác',
    damageCharges: 100_000,
  });
}

describe('the settlement takes from the deposit what is owed, and it is then paid', () => {
  it("November's bill (full rent, unpaid but 1.000.000 ₫) and an unpaid charge are paid by the deposit; unlived days are given back", async () => {
    const actor = actorFor(deps, landlord);
    const drafted = await draftHouseTicket(deps, house, MONTH);
    await updateHouseTicket(actor, drafted.ticket?.houseTicketID as string, { issue: true }, undefined);
    const [bill] = await listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill');
    if (!bill) throw new Error('no bill');
    // 3.000.000 rent + 40 × 3.500 + 3 × 18.000 = 3.194.000.
    expect(bill.total).toBe(3_194_000);
    await payMonthlyBill(actor, bill.monthlyBillID, { payment: { amount: 1_000_000 } }, undefined);
    const charge = await createOneTimeCharge(actor, {
      contractID: contract.contractID,
      description: 'Thay khóa',
      amount: 500_000,
    });

    const ended = await end();
    expect(ended.settlement).toEqual({
      deposit: 6_000_000,
      // 2.000.000 for 20 days lived, less the 3.000.000 November's bill asked: 1.000.000 given back.
      proratedRent: -1_000_000,
      billedRent: 3_000_000,
      damageCharges: 100_000,
      unpaidCharges: 500_000,
      unpaidBills: 2_194_000,
      refund: 6_000_000 + 1_000_000 - 100_000 - 500_000 - 2_194_000,
      // The liquidation lists each damage, bill and charge the deposit paid.
      damages: [{ description: 'Tiền bồi thường', amount: 100_000 }],
      billsOwed: [{ monthlyBillID: bill.id, month: MONTH, amount: 2_194_000 }],
      chargesOwed: [{ oneTimeChargeID: charge.oneTimeChargeID, description: 'Thay khóa', amount: 500_000 }],
    });
    const paidBill = (await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, bill.id)) as MonthlyBillDoc;
    expect(paidBill).toMatchObject({ status: BILL_STATUS.paid, paidAmount: 3_194_000 });
    expect(paidBill.payments.at(-1)).toMatchObject({ method: 'deposit', amount: 2_194_000 });
    const paidCharge = (await houseDocs<OneTimeChargeDoc>(deps).read(
      house.houseID,
      charge.oneTimeChargeID as string,
    )) as OneTimeChargeDoc;
    expect(paidCharge).toMatchObject({ status: BILL_STATUS.paid, paidAmount: 500_000 });
    expect(paidCharge.payments).toEqual([expect.objectContaining({ method: 'deposit', amount: 500_000 })]);
  });

  it("with November not billed yet, the settlement charges the 20 days and November's draft asks no rent", async () => {
    await draftHouseTicket(deps, house, MONTH);
    const ended = await end();
    expect(ended.settlement).toMatchObject({
      proratedRent: 2_000_000,
      rentMonth: MONTH,
      unpaidBills: 0,
      unpaidCharges: 0,
      refund: 6_000_000 - 2_000_000 - 100_000,
    });
    const [ticket] = await listInHouse<RoomTicketDoc>(deps, house.houseID, 'roomTicket');
    expect(ticket?.lines.map((line) => line.kind)).toEqual(['electricity', 'water']);
    expect(ticket?.total).toBe(140_000 + 54_000);
    // Recomputing keeps it so; the use of the month is still billed.
    await updateHouseTicket(
      actorFor(deps, landlord),
      ticket?.houseTicketID as string,
      { recompute: true, issue: true },
      undefined,
    );
    const [bill] = await listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill');
    expect(bill?.billDetails.some((line) => line.kind === 'rent')).toBe(false);
    expect(bill?.total).toBe(194_000);
  });

  it('an over-payment larger than the next bill: the bill takes what it asks, the rest stays owed to the tenant and is given back at the end', async () => {
    const actor = actorFor(deps, landlord);
    const october = await aMonthlyBill(deps, contract, { month: '2026-10', status: BILL_STATUS.paid });
    // 5.000.000 ₫ more than October asked (a transfer of the wrong amount).
    await houseDocs<MonthlyBillDoc>(deps).replace({
      ...october,
      paidAmount: october.total + 5_000_000,
      surplusOpen: true,
    });
    const drafted = await draftHouseTicket(deps, house, MONTH);
    await updateHouseTicket(actor, drafted.ticket?.houseTicketID as string, { issue: true }, undefined);
    const november = await houseDocs<MonthlyBillDoc>(deps).read(
      house.houseID,
      `${contract.contractID}_${MONTH}`,
    );
    const credit = november?.billDetails.find((line) => line.kind === 'credit');
    // November asks 3.194.000 ₫: all of it is taken off the surplus, 1.806.000 ₫ stays open.
    expect(credit).toMatchObject({ amount: -3_194_000, fromBillID: october.monthlyBillID });
    expect(november?.total).toBe(0);
    const afterIssue = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, october.monthlyBillID);
    expect(afterIssue).toMatchObject({
      surplusOpen: true,
      surplusTaken: 3_194_000,
      surplusCarriedToBillID: november?.monthlyBillID,
    });

    const ended = await end();
    expect(ended.settlement).toMatchObject({
      proratedRent: -1_000_000,
      unpaidBills: 0,
      openSurplus: 1_806_000,
      refund: 6_000_000 + 1_000_000 - 100_000 + 1_806_000,
    });
    const afterEnd = await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, october.monthlyBillID);
    expect(afterEnd).toMatchObject({ surplusTaken: 3_194_000, surplusRefunded: 1_806_000 });
    expect(afterEnd?.surplusOpen).toBeUndefined();
  });
});

describe('the refund given back is recorded once', () => {
  const refund = (refundedOn: string, method: 'cash' | 'transfer' = 'transfer') =>
    recordRefund(actorFor(deps, landlord), {
      contractID: contract.contractID,
      refundedOn,
      method,
      note: 'Chuyển khoản Vietcombank',
    });

  it('records when and how the landlord gave the refund back, and the history says it', async () => {
    await expectRefusal(
      refund('2026-11-20'),
      'conflict',
      'Hợp đồng chưa kết thúc: chưa có quyết toán để hoàn tiền.',
    );
    const ended = await end();
    expect((ended.settlement as { refund: number }).refund).toBe(3_900_000);
    const recorded = await refund('2026-11-20');
    expect(recorded.settlement).toMatchObject({
      refund: 3_900_000,
      refunded: {
        refundedOn: '2026-11-20',
        method: 'transfer',
        note: 'Chuyển khoản Vietcombank',
        recordedBy: landlord.userID,
      },
    });
    const stored = (await houseDocs<ContractDoc>(deps).read(
      house.houseID,
      contract.contractID,
    )) as ContractDoc;
    expect(stored.settlement?.refunded?.refundedOn).toBe('2026-11-20');
    const changes = await listInHouse<ContractChangeDoc>(deps, house.houseID, 'contractChange', {
      op: 'eq',
      field: 'field',
      value: 'refundedOn',
    });
    expect(changes).toEqual([
      expect.objectContaining({ oldValue: null, newValue: '2026-11-20', reason: 'Chuyển khoản Vietcombank' }),
    ]);
    await expectRefusal(
      refund('2026-11-20', 'cash'),
      'conflict',
      'Khoản hoàn lại đã được ghi nhận trước đó.',
    );
  });

  it('a date before the end or after today is refused naming the field, and nothing is recorded', async () => {
    await end();
    for (const [date, message] of [
      ['2026-11-19', 'Ngày hoàn tiền không được trước ngày kết thúc hợp đồng.'],
      ['2026-11-21', 'Ngày hoàn tiền không được sau hôm nay.'],
    ] as const) {
      const error = await refusal(refund(date));
      expect(error.details.fieldErrors).toEqual([{ field: 'refundedOn', errorMessage: message }]);
    }
    const stored = (await houseDocs<ContractDoc>(deps).read(
      house.houseID,
      contract.contractID,
    )) as ContractDoc;
    expect(stored.settlement?.refunded).toBeUndefined();
  });

  it('when the tenant still owes after the deposit there is nothing to give back', async () => {
    await terminateContract(actorFor(deps, landlord), {
      contractID: contract.contractID,
      terminationDate: '2026-11-20',
      reason: 'Chuyển công tác',
      damageCharges: 5_000_000,
    });
    await expectRefusal(
      refund('2026-11-20'),
      'conflict',
      'Quyết toán không có khoản nào phải hoàn lại cho người thuê.',
    );
  });
});
