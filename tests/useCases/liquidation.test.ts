import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BILL_MESSAGES,
  BILL_STATUS,
  CONTRACT_MESSAGES,
  contractCreateSchema,
  contractTerminateSchema,
  type BankFeedTransaction,
  type Liquidation,
} from '@nhatro/common';
import type {
  ContractDoc,
  FeeDoc,
  HouseDoc,
  OneTimeChargeDoc,
  RoomDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import { feedSignature, receiveBankFeed } from '../../api/src/useCases/bankTransfers/matching.js';
import { createContract } from '../../api/src/useCases/contracts/creating.js';
import { getLiquidation, liquidationPdf } from '../../api/src/useCases/contracts/liquidation.js';
import { recordRefund } from '../../api/src/useCases/contracts/refunding.js';
import { terminateContract } from '../../api/src/useCases/contracts/terminating.js';
import {
  createOneTimeCharge,
  deleteOneTimeCharge,
  payOneTimeCharge,
} from '../../api/src/useCases/oneTimeCharges.js';
import { payMonthlyBill } from '../../api/src/useCases/monthlyBills.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { aHouse, aLandlord, aLessee, aRoom } from '../support/builders.js';
import { pdfText } from '../support/pdfText.js';
import { stopsAfterHouseBatch } from '../support/stoppingStore.js';
import {
  actorFor,
  auditEntries,
  expectRefusal,
  landlordWithHouse,
  refusal,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/**
 * The liquidation of an ended contract: rent to the day, the last meter use, each unpaid bill and charge,
 * each damage, rounding, minus the deposit and money paid beyond the bills; who owes whom. The clock is
 * 20/11/2026; rent 3.000.000 ₫ (20 of November's 30 days: 2.000.000 ₫); the house does not round unless
 * a test says so.
 */

const ACCOUNT = '0071000123456';
let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let room: RoomDoc;
let contract: ContractDoc;
let kWhPrice: number;
/** The room's electricity meter when the contract starts (nothing billed on it since). */
let from: number;

async function contractWith(deposit: number): Promise<ContractDoc> {
  const created = await createContract(
    actorFor(deps, landlord),
    contractCreateSchema.parse({
      roomID: room.roomID,
      startDate: '2026-10-01',
      endDate: '2027-09-30',
      rentFee: 3_000_000,
      deposit,
      deposited: true,
      representative: { occupantName: 'Phạm Thu Hà', gender: 'nữ', phoneNumber: '0903111222' },
    }),
  );
  return (await houseDocs<ContractDoc>(deps).read(
    house.houseID,
    created.contractID as string,
  )) as ContractDoc;
}

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
    house: { billRounding: 0 },
  }));
  room = await aRoom(deps, house, { roomName: 'P101', price: 3_000_000 });
  const fees = await listInHouse<FeeDoc>(deps, house.houseID, 'service');
  kWhPrice = fees.find((fee) => fee.unit === 'kWh')?.price ?? Number.NaN;
  from = room.currentElectricityIndex ?? Number.NaN;
});
afterEach(() => h.close());

function end(input: Record<string, unknown> = {}, by = landlord) {
  return terminateContract(
    actorFor(deps, by),
    contractTerminateSchema.parse({
      contractID: contract.contractID,
      terminationDate: '2026-11-20',
      reason: 'Chuyển công tác',
      ...input,
    }),
  );
}

const sum = (liquidation: Liquidation) => liquidation.lines.reduce((total, line) => total + line.amount, 0);

describe('the liquidation’s lines and result', () => {
  it('the tenant owes: rent to the day, the last meters, each unpaid bill and charge, each damage, minus the deposit', async () => {
    contract = await contractWith(1_000_000);
    const october = await aMonthlyBill(deps, contract, { month: '2026-10', total: 3_400_000 });
    await payMonthlyBill(
      actorFor(deps, landlord),
      october.monthlyBillID,
      { payment: { amount: 400_000 } },
      undefined,
    );
    await createOneTimeCharge(actorFor(deps, landlord), {
      contractID: contract.contractID,
      description: 'Thay khóa',
      amount: 250_000,
    });
    await end({
      electricityIndex: from + 12,
      damages: [
        { description: 'Vỡ kính cửa sổ', amount: 300_000 },
        { description: 'Mất chìa khóa', amount: 50_000 },
      ],
    });

    const liquidation = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    expect(liquidation.lines.map(({ kind, label, amount }) => ({ kind, label, amount }))).toEqual([
      { kind: 'rent', label: 'Tiền thuê đến ngày 20/11/2026', amount: 2_000_000 },
      { kind: 'electricity', label: 'Tiền điện lần cuối', amount: 12 * kWhPrice },
      // Water was not typed: its last index stands, nothing more to pay (the line shows it was checked).
      { kind: 'water', label: 'Tiền nước lần cuối', amount: 0 },
      { kind: 'bill', label: 'Hóa đơn tháng 10/2026 chưa trả', amount: 3_000_000 },
      { kind: 'charge', label: 'Khoản thu chưa trả: Thay khóa', amount: 250_000 },
      { kind: 'damage', label: 'Bồi thường: Vỡ kính cửa sổ', amount: 300_000 },
      { kind: 'damage', label: 'Bồi thường: Mất chìa khóa', amount: 50_000 },
      { kind: 'deposit', label: 'Trừ tiền cọc', amount: -1_000_000 },
    ]);
    expect(liquidation.lines[0]?.detail).toBe('20/30 ngày của tháng 11/2026');
    expect(liquidation.lines[1]?.detail).toBe(`Chỉ số ${from} → ${from + 12} (12 kWh)`);
    const owed = 2_000_000 + 12 * kWhPrice + 3_000_000 + 250_000 + 350_000 - 1_000_000;
    expect(sum(liquidation)).toBe(owed);
    expect(liquidation).toMatchObject({ outcome: 'tenantOwes', amount: owed, tenantName: 'Phạm Thu Hà' });
    // What the tenant owes is a charge of its own, with a code the bank feed matches and its VietQR.
    expect(liquidation.owedCharge).toMatchObject({ amount: owed, paidAmount: 0, owed });
    expect(liquidation.owedCharge?.billCode).toMatch(/^NT[A-Z2-7]{8}$/);
    expect(liquidation.owedCharge?.transferQR).toContain(liquidation.owedCharge?.billCode);
    expect(liquidation.owedCharge?.transferQR).toContain(ACCOUNT);
    const charges = await listInHouse<OneTimeChargeDoc>(deps, house.houseID, 'oneTimeCharge');
    const asking = charges.filter((charge) => charge.status !== BILL_STATUS.paid);
    expect(asking).toEqual([
      expect.objectContaining({
        contractID: contract.contractID,
        amount: owed,
        billCode: liquidation.owedCharge?.billCode,
      }),
    ]);
  });

  it('the landlord refunds: the deposit is more than the rent, and money paid beyond the bills comes back too', async () => {
    contract = await contractWith(6_000_000);
    // October's bill was paid 200.000 ₫ more than it asked, and no later bill took it.
    await aMonthlyBill(deps, contract, {
      month: '2026-10',
      total: 3_000_000,
      paidAmount: 3_200_000,
      status: BILL_STATUS.paid,
      surplusOpen: true,
    });
    await end({ damages: [{ description: 'Sơn lại tường', amount: 700_000 }] });

    const liquidation = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    expect(liquidation.lines.map(({ kind, amount }) => [kind, amount])).toEqual([
      ['rent', 2_000_000],
      ['damage', 700_000],
      ['deposit', -6_000_000],
      ['credit', -200_000],
    ]);
    expect(liquidation).toMatchObject({ outcome: 'landlordRefunds', amount: 3_500_000 });
    expect(sum(liquidation)).toBe(-3_500_000);
    expect(liquidation.owedCharge).toBeUndefined();
    expect(liquidation.refunded).toBeUndefined();

    await recordRefund(actorFor(deps, landlord), {
      contractID: contract.contractID,
      refundedOn: '2026-11-20',
      method: 'transfer',
    });
    const after = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    expect(after.refunded).toMatchObject({ refundedOn: '2026-11-20', method: 'transfer' });
  });

  it('nothing changes hands when the deposit pays exactly what is owed', async () => {
    contract = await contractWith(2_300_000);
    await end({ damages: [{ description: 'Thay bóng đèn', amount: 300_000 }] });
    const liquidation = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    expect(sum(liquidation)).toBe(0);
    expect(liquidation).toMatchObject({ outcome: 'settled', amount: 0 });
    expect(liquidation.owedCharge).toBeUndefined();
    const charges = await listInHouse<OneTimeChargeDoc>(deps, house.houseID, 'oneTimeCharge');
    expect(charges).toEqual([]);
  });

  it('the settlement and its audit entry are saved together: a process stopping right after keeps both', async () => {
    contract = await contractWith(2_300_000);
    await terminateContract(
      actorFor(stopsAfterHouseBatch(deps), landlord),
      contractTerminateSchema.parse({
        contractID: contract.contractID,
        terminationDate: '2026-11-20',
        reason: 'Chuyển công tác',
      }),
    ).catch((error: unknown) => expect(String(error)).toMatch('the process stopped'));
    expect(await houseDocs<ContractDoc>(deps).read(house.houseID, contract.contractID)).toMatchObject({
      terminatedOn: '2026-11-20',
      settlement: expect.anything(),
    });
    const ends = (await auditEntries(deps)).filter((entry) => entry.action === 'terminate');
    expect(ends).toEqual([
      expect.objectContaining({
        userID: landlord.userID,
        houseID: house.houseID,
        entityID: contract.contractID,
      }),
    ]);
  });

  it('the house’s rounding step is a line, and what is owed is a multiple of it', async () => {
    await houseDocs<HouseDoc>(deps).replace({ ...house, billRounding: 1_000 });
    contract = await contractWith(1_000_000);
    await end({ electricityIndex: from + 1, damages: [{ description: 'Rèm cửa', amount: 123_456 }] });
    const liquidation = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    const raw = 2_000_000 + kWhPrice + 123_456 - 1_000_000;
    const rounding = liquidation.lines.find((line) => line.kind === 'rounding');
    expect(rounding?.amount).toBe(Math.floor(raw / 1_000 + 0.5) * 1_000 - raw);
    expect(liquidation.amount % 1_000).toBe(0);
    expect(sum(liquidation)).toBe(liquidation.amount);
  });

  it('a contract still running has no liquidation', async () => {
    contract = await contractWith(1_000_000);
    await expectRefusal(
      getLiquidation(actorFor(deps, landlord), contract.contractID),
      'conflict',
      CONTRACT_MESSAGES.liquidationNotEnded,
    );
  });
});

describe('damages as lines', () => {
  it('refuses a line without description, an amount of 0, too many lines, or lines with a single amount', () => {
    const base = { contractID: randomUUID(), terminationDate: '2026-11-20', reason: 'Chuyển' };
    const problems = (input: Record<string, unknown>) => {
      const parsed = contractTerminateSchema.safeParse({ ...base, ...input });
      return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(problems({ damages: [{ description: ' ', amount: 1 }] })).toEqual([
      ['damages.0.description', 'Hãy ghi nội dung bồi thường.'],
    ]);
    expect(problems({ damages: [{ description: 'Kính', amount: 0 }] })).toEqual([
      ['damages.0.amount', 'Số tiền bồi thường phải lớn hơn 0.'],
    ]);
    expect(problems({ damages: [{ description: 'Kính', amount: 1.5 }] })).toEqual([
      ['damages.0.amount', 'Số tiền bồi thường phải là số nguyên (đồng).'],
    ]);
    expect(problems({ damages: [{ description: 'x'.repeat(201), amount: 1 }] })).toEqual([
      ['damages.0.description', 'Nội dung bồi thường tối đa 200 ký tự.'],
    ]);
    expect(
      problems({ damages: Array.from({ length: 31 }, () => ({ description: 'a', amount: 1 })) }),
    ).toEqual([['damages', 'Tối đa 30 khoản bồi thường.']]);
    expect(problems({ damages: [{ description: 'Kính', amount: 1 }], damageCharges: 5 })).toEqual([
      ['damageCharges', 'Ghi bồi thường theo từng khoản hoặc một số tiền, không cả hai.'],
    ]);
    expect(problems({ damages: 'nhiều' })).toEqual([['damages', 'Danh sách bồi thường không hợp lệ.']]);
  });
});

describe('paying what the tenant owes', () => {
  beforeEach(async () => {
    contract = await contractWith(1_000_000);
    await end({ damages: [{ description: 'Vỡ bồn rửa', amount: 500_000 }] });
  });

  it('in cash: once paid, nothing is owed and more is refused', async () => {
    const { owedCharge } = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    const id = owedCharge?.oneTimeChargeID ?? '';
    await payOneTimeCharge(actorFor(deps, landlord), id, { payment: { amount: 1_500_000 } }, undefined);
    const paid = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    expect(paid.owedCharge).toMatchObject({ paidAmount: 1_500_000, owed: 0 });
    expect(paid.owedCharge?.transferQR).toBeUndefined();
    const again = await refusal(
      payOneTimeCharge(actorFor(deps, landlord), id, { payment: { amount: 1_500_000 } }, undefined),
    );
    expect(again.kind).toBe('conflict');
    const stored = await houseDocs<OneTimeChargeDoc>(deps).read(house.houseID, id);
    expect(stored).toMatchObject({ status: BILL_STATUS.paid, paidAmount: 1_500_000 });
  });

  it('the charge that asks it cannot be deleted', async () => {
    const { owedCharge } = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    await expectRefusal(
      deleteOneTimeCharge(actorFor(deps, landlord), owedCharge?.oneTimeChargeID ?? ''),
      'conflict',
      BILL_MESSAGES.chargeOfLiquidation,
    );
  });

  it('by bank transfer with the code in the note: matched once, however often the bank reports it', async () => {
    const { owedCharge } = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    const transaction: BankFeedTransaction = {
      transactionID: 'FT2632400001',
      accountNumber: ACCOUNT,
      amount: 1_500_000,
      description: `${owedCharge?.billCode ?? ''} thanh ly hop dong`,
      transactedOn: '2026-11-20T09:15:00+07:00',
    };
    const body = JSON.stringify({ transactions: [transaction] });
    const t = String(Math.floor(deps.now().getTime() / 1000));
    const signature = `t=${t},v1=${feedSignature(t, body, deps.config.bankFeedSecret ?? '')}`;
    expect(await receiveBankFeed(deps, body, signature)).toMatchObject({ matched: 1 });
    expect(await receiveBankFeed(deps, body, signature)).toMatchObject({ matched: 0, duplicates: 1 });
    const paid = await getLiquidation(actorFor(deps, landlord), contract.contractID);
    expect(paid.owedCharge).toMatchObject({ paidAmount: 1_500_000, owed: 0 });
  });
});

describe('who may read it', () => {
  beforeEach(async () => {
    contract = await contractWith(1_000_000);
    await end();
  });

  it('the contract’s tenant reads it and its PDF; another landlord and another tenant get 404', async () => {
    const tenant = await aLessee(deps, { house, room, contract });
    const seen = await getLiquidation(actorFor(deps, tenant), contract.contractID);
    expect(seen.outcome).toBe('tenantOwes');
    const { pdf, fileName } = await liquidationPdf(actorFor(deps, tenant), contract.contractID);
    expect(fileName).toMatch(/^thanh-ly-hop-dong-.+\.pdf$/);
    const text = await pdfText(pdf);
    expect(text).toContain('BIÊN BẢN THANH LÝ HỢP ĐỒNG');
    expect(text).toContain('Tiền thuê đến ngày 20/11/2026');
    expect(text).toContain('Trừ tiền cọc');
    expect(text).toContain('Người thuê còn phải trả');
    expect(text).toContain(seen.owedCharge?.billCode ?? 'no code');

    const stranger = await aLandlord(deps);
    await aHouse(deps, stranger);
    expect((await refusal(getLiquidation(actorFor(deps, stranger), contract.contractID))).kind).toMatch(
      /^(notFound|forbidden)$/,
    );
    expect((await refusal(liquidationPdf(actorFor(deps, stranger), contract.contractID))).kind).toMatch(
      /^(notFound|forbidden)$/,
    );
    const neighbourRoom = await aRoom(deps, house, { roomName: 'P102' });
    const neighbour = await aLessee(deps, {
      house,
      room: neighbourRoom,
      contract: { ...contract, contractID: 'another-contract', roomID: neighbourRoom.roomID },
    });
    expect((await refusal(getLiquidation(actorFor(deps, neighbour), contract.contractID))).kind).toBe(
      'notFound',
    );
  });
});
