import { BANK_TRANSFER_MESSAGES, BILL_STATUS, type BankFeedTransaction } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  feedSignature,
  assignBankTransfer,
  dismissBankTransfer,
  listBankTransfers,
  receiveBankFeed,
} from '../../api/src/useCases/bankTransfers/matching.js';
import type {
  HouseDoc,
  HouseScopedDoc,
  MonthlyBillDoc,
  OutboxMessageDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { BANK_TRANSFER_MODEL } from '../../api/src/domain/shared/odata/model.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { isStoreError } from '../../api/src/store/store.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { payMonthlyBill } from '../../api/src/useCases/monthlyBills.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aContract, aHouse, aLandlord, aRoom } from '../support/builders.js';
import { stopsAfterHouseBatch } from '../support/stoppingStore.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  odata,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/** Bank-transfer matching: the signed feed, matching by the bill's code, the landlord's waiting list. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let other: UserDoc;
let house: HouseDoc;
let bill: MonthlyBillDoc;
let othersBill: MonthlyBillDoc;
const ACCOUNT = '0071000123456';
let sequence = 0;

beforeEach(async () => {
  h = createHarness({ now: new Date('2026-11-20T03:00:00Z') });
  deps = h.deps;
  landlord = await aLandlord(deps, {
    lessorInfo: { status: 1, fullName: 'Trần Văn Chủ', bankName: 'Vietcombank', bankAccountNumber: ACCOUNT },
  });
  other = await aLandlord(deps, {
    lessorInfo: {
      status: 1,
      fullName: 'Lê Thị Khác',
      bankName: 'Techcombank',
      bankAccountNumber: '19033334444',
    },
  });
  house = await aHouse(deps, landlord);
  bill = await aMonthlyBill(deps, await aContract(deps, await aRoom(deps, house)), { month: '2026-11' });
  const othersHouse = await aHouse(deps, other);
  othersBill = await aMonthlyBill(deps, await aContract(deps, await aRoom(deps, othersHouse)), {
    month: '2026-11',
  });
});
afterEach(() => h.close());

function transfer(overrides: Partial<BankFeedTransaction> = {}): BankFeedTransaction {
  sequence += 1;
  return {
    transactionID: `FT26324${String(sequence).padStart(5, '0')}`,
    accountNumber: ACCOUNT,
    amount: bill.total,
    description: `${bill.billCode} chuyen tien phong`,
    transactedOn: '2026-11-20T09:15:00+07:00',
    ...overrides,
  };
}

/** A feed call signed as the bank's side signs it (now, with the configured secret). */
function feed(
  transactions: BankFeedTransaction[],
  secret = deps.config.bankFeedSecret ?? '',
  at = deps.now(),
) {
  const body = JSON.stringify({ transactions });
  const t = String(Math.floor(at.getTime() / 1000));
  return receiveBankFeed(deps, body, `t=${t},v1=${feedSignature(t, body, secret)}`);
}

const readBill = async (id = bill.monthlyBillID) =>
  (await houseDocs<MonthlyBillDoc>(deps).read(house.houseID, id))!;

async function waiting(user = landlord) {
  const page = await listBankTransfers(
    actorFor(deps, user),
    { status: 'unmatched' },
    odata(BANK_TRANSFER_MODEL),
  );
  return page.value as Array<{ bankTransferID: string; unmatchedReason: string; amount: number }>;
}

describe('the feed’s signature', () => {
  it('refuses unsigned, forged, tampered and stale calls before reading them', async () => {
    const body = JSON.stringify({ transactions: [transfer()] });
    const t = String(Math.floor(deps.now().getTime() / 1000));
    const message = BANK_TRANSFER_MESSAGES.badSignature;
    await expectRefusal(receiveBankFeed(deps, body, null), 'unauthenticated', message);
    await expectRefusal(
      receiveBankFeed(deps, body, `t=${t},v1=${feedSignature(t, body, 'wrong')}`),
      'unauthenticated',
      message,
    );
    await expectRefusal(
      receiveBankFeed(
        deps,
        body.replace(String(bill.total), '1'),
        `t=${t},v1=${feedSignature(t, body, deps.config.bankFeedSecret!)}`,
      ),
      'unauthenticated',
      message,
    );
    const old = new Date(deps.now().getTime() - 6 * 60_000);
    await expectRefusal(feed([transfer()], undefined, old), 'unauthenticated', message);
    expect((await readBill()).paidAmount).toBe(0);
  });

  it('a signed call with a bad payload is a 400 naming the field', async () => {
    const error = await expectRefusal(feed([transfer({ amount: -5 })]), 'badRequest', /./);
    expect(error.details.fieldErrors?.[0]?.field).toBe('transactions.0.amount');
  });
});

describe('matching by the bill’s code', () => {
  it('the exact amount with the code in the note pays the bill once, however often it is reported', async () => {
    const paid = transfer({
      description: `CT DEN:0123 ${bill.billCode.slice(0, 5)} ${bill.billCode.slice(5)} NGUYEN VAN A`,
    });
    expect(await feed([paid])).toEqual({ received: 1, matched: 1, unmatched: 0, duplicates: 0 });
    expect(await feed([paid])).toEqual({ received: 1, matched: 0, unmatched: 0, duplicates: 1 });
    const saved = await readBill();
    expect(saved).toMatchObject({
      status: BILL_STATUS.paid,
      paidAmount: bill.total,
      paidOn: '2026-11-20T02:15:00.000Z',
    });
    expect(saved.payments).toEqual([
      expect.objectContaining({
        method: 'transfer',
        amount: bill.total,
        note: `Chuyển khoản ${paid.transactionID}`,
      }),
    ]);
    const messages = await listInHouse<OutboxMessageDoc>(deps, house.houseID, 'outboxMessage');
    expect(
      messages.some((m) => m.event === 'paymentReceived' && m.recipient.userID === landlord.userID),
    ).toBe(true);
  });

  it('a smaller amount is recorded as partial', async () => {
    await feed([transfer({ amount: 1_000_000 })]);
    expect(await readBill()).toMatchObject({ status: BILL_STATUS.partlyPaid, paidAmount: 1_000_000 });
  });

  it('no code, an unknown code, too much, a paid bill or several codes: it waits with the reason', async () => {
    await payMonthlyBill(
      actorFor(deps, landlord),
      (
        await aMonthlyBill(
          deps,
          { contractID: bill.contractID, houseID: house.houseID, roomID: bill.roomID },
          { month: '2026-09', monthlyBillID: 'paid-bill-0926' },
        )
      ).monthlyBillID,
      { payment: { amount: bill.total } },
      undefined,
    );
    const paidCode = (await readBill('paid-bill-0926')).billCode;
    const summary = await feed([
      transfer({ description: 'tien nha thang 11' }),
      transfer({ description: 'NTAAAAAAAA' }),
      transfer({ amount: bill.total + 1 }),
      transfer({ description: paidCode }),
      transfer({ description: `${bill.billCode} ${paidCode}` }),
    ]);
    expect(summary).toEqual({ received: 5, matched: 0, unmatched: 5, duplicates: 0 });
    expect((await waiting()).map((t) => t.unmatchedReason).sort()).toEqual(
      [
        BANK_TRANSFER_MESSAGES.noCode,
        BANK_TRANSFER_MESSAGES.unknownCode,
        BANK_TRANSFER_MESSAGES.moreThanOwed,
        BANK_TRANSFER_MESSAGES.alreadyPaid,
        BANK_TRANSFER_MESSAGES.severalCodes,
      ].sort(),
    );
    expect((await readBill()).paidAmount).toBe(0);
  });

  it('another landlord’s code is, to the receiving landlord, a code that does not exist', async () => {
    // Whether a code is a bill of someone else's house must not show in anything the landlord sees.
    const summary = await feed([
      transfer({ description: othersBill.billCode }),
      transfer({ description: 'NTAAAAAAAA' }),
    ]);
    expect(summary).toEqual({ received: 2, matched: 0, unmatched: 2, duplicates: 0 });
    expect((await waiting()).map((waitingOne) => waitingOne.unmatchedReason)).toEqual([
      BANK_TRANSFER_MESSAGES.unknownCode,
      BANK_TRANSFER_MESSAGES.unknownCode,
    ]);
    // Beside the landlord's own code, a foreign one counts no more than an unknown one: the own bill is paid.
    expect(await feed([transfer({ description: `${bill.billCode} ${othersBill.billCode}` })])).toEqual({
      received: 1,
      matched: 1,
      unmatched: 0,
      duplicates: 0,
    });
    expect((await readBill()).paidAmount).toBe(bill.total);
    expect(
      (await houseDocs<MonthlyBillDoc>(deps).read(othersBill.houseID, othersBill.monthlyBillID))?.paidAmount,
    ).toBe(0);
    // The other landlord sees none of it.
    expect(await waiting(other)).toEqual([]);
  });

  it('a transfer to an account no landlord has is kept, seen by no landlord', async () => {
    expect(await feed([transfer({ accountNumber: '999888777' })])).toMatchObject({ unmatched: 1 });
    expect(await waiting()).toEqual([]);
  });
});

describe('the landlord’s waiting list', () => {
  it('assigns a waiting transfer to a bill by its code; set aside, it can still be assigned later', async () => {
    await feed([transfer({ description: 'chuyen khoan tien phong', amount: 1_500_000 })]);
    const [waitingOne] = await waiting();
    const id = waitingOne!.bankTransferID;
    const actor = actorFor(deps, landlord);
    await dismissBankTransfer(actor, id);
    expect(await waiting()).toEqual([]);
    const assigned = await assignBankTransfer(actor, { bankTransferID: id, billCode: bill.billCode });
    expect(assigned).toMatchObject({
      status: 'assigned',
      targetID: bill.monthlyBillID,
      resolvedBy: landlord.userID,
    });
    expect(await readBill()).toMatchObject({ status: BILL_STATUS.partlyPaid, paidAmount: 1_500_000 });
    // The audit entry was written in the credit's own batch, in the bill's house, waiting to be moved.
    const waitingEntries = await houseDocs<HouseScopedDoc>(deps).query({
      partitionKey: house.houseID,
      filter: { op: 'eq', field: 'type', value: 'auditOutbox' },
    });
    expect(waitingEntries.items).toHaveLength(1);
    await expectRefusal(
      assignBankTransfer(actor, { bankTransferID: id, billCode: bill.billCode }),
      'conflict',
      BANK_TRANSFER_MESSAGES.notWaiting,
    );
    // Once in the trail, whatever was refused after it.
    const assignments = (await auditEntries(deps)).filter((entry) => entry.action === 'assignTransfer');
    expect(assignments).toEqual([
      expect.objectContaining({
        userID: landlord.userID,
        houseID: house.houseID,
        entityID: bill.monthlyBillID,
        details: { bankTransferID: id, amount: 1_500_000 },
      }),
    ]);
  });

  it('a failure right after the credit leaves the credit with its audit entry, never one without the other', async () => {
    await feed([transfer({ description: 'khong co ma', amount: 700_000 })]);
    const [waitingOne] = await waiting();
    // The process stops right after the credit's batch: every write after it fails.
    const crashing = stopsAfterHouseBatch(deps);
    await expect(
      assignBankTransfer(actorFor(crashing, landlord), {
        bankTransferID: waitingOne!.bankTransferID,
        billCode: bill.billCode,
      }),
    ).rejects.toThrow('the process stopped');
    expect(await readBill()).toMatchObject({ paidAmount: 700_000 });
    const assignments = async () =>
      (await auditEntries(deps)).filter((entry) => entry.action === 'assignTransfer');
    expect(await assignments()).toHaveLength(1);
    // The transfer still waits (it was not marked): assigning it again marks it, credits nothing twice and
    // records no second entry. So does the same assignment sent twice at once: one marks it, the other
    // finds the transfer claimed and is refused as stale.
    const input = { bankTransferID: waitingOne!.bankTransferID, billCode: bill.billCode };
    const actor = actorFor(deps, landlord);
    const both = await Promise.allSettled([
      assignBankTransfer(actor, input),
      assignBankTransfer(actor, input),
    ]);
    expect(both.filter((one) => one.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const one of both) {
      if (one.status === 'rejected') expect(isStoreError(one.reason, 'precondition_failed')).toBe(true);
    }
    expect(await waiting()).toEqual([]);
    expect(await readBill()).toMatchObject({ paidAmount: 700_000 });
    expect(await assignments()).toHaveLength(1);
  });

  it('another landlord can neither see nor assign it, and no one assigns to another landlord’s bill', async () => {
    await feed([transfer({ description: 'khong co ma' })]);
    const [waitingOne] = await waiting();
    const id = waitingOne!.bankTransferID;
    await expectRefusal(
      assignBankTransfer(actorFor(deps, other), { bankTransferID: id, billCode: othersBill.billCode }),
      'notFound',
      /./,
    );
    // The same refusal as for a code no bill carries.
    await expectRefusal(
      assignBankTransfer(actorFor(deps, landlord), { bankTransferID: id, billCode: othersBill.billCode }),
      'notFound',
      BANK_TRANSFER_MESSAGES.unknownCode,
    );
    await expectRefusal(
      assignBankTransfer(actorFor(deps, landlord), { bankTransferID: id, billCode: 'NTAAAAAAAA' }),
      'notFound',
      BANK_TRANSFER_MESSAGES.unknownCode,
    );
    await expectRefusal(dismissBankTransfer(actorFor(deps, other), id), 'notFound', /./);
    expect(
      (await houseDocs<MonthlyBillDoc>(deps).read(othersBill.houseID, othersBill.monthlyBillID))?.paidAmount,
    ).toBe(0);
  });
});
