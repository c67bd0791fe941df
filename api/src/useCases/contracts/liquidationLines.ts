import { randomUUID } from 'node:crypto';
import {
  BILL_DUE_DAYS,
  BILL_STATUS,
  type ContractTerminateInput,
  type Settlement,
  type SettlementDamage,
} from '@nhatro/common';
import type { ContractDoc, MonthlyBillDoc, OneTimeChargeDoc } from '../../domain/shared/model.js';
import { owedAmount } from '../../domain/contracts.js';
import { vietnamDate } from '../../domain/shared/time.js';
import type { Actor } from '../shared/actor.js';
import { billCode } from '../shared/billCodes.js';

/** The lines a termination keeps for its liquidation document (docs/liquidation.md). */

/** The description of the charge that asks what the tenant owes after the deposit. */
const LIQUIDATION_CHARGE_DESCRIPTION = 'Thanh lý hợp đồng: số tiền còn thiếu sau khi trừ cọc';

/** The damage lines typed (or one line from the single amount older clients send). */
export function damageLines(
  input: Partial<Pick<ContractTerminateInput, 'damages' | 'damageCharges'>>,
): SettlementDamage[] {
  if (input.damages && input.damages.length > 0) return input.damages;
  const single = input.damageCharges ?? 0;
  return single > 0 ? [{ description: 'Tiền bồi thường', amount: single }] : [];
}

/** Each bill and charge the deposit pays, with what it still owed (the document lists them). */
function owedLines(
  docs: ReadonlyArray<MonthlyBillDoc | OneTimeChargeDoc>,
): Pick<Settlement, 'billsOwed' | 'chargesOwed'> {
  const bills = docs
    .filter((doc): doc is MonthlyBillDoc => doc.type === 'monthlyBill')
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((bill) => ({ monthlyBillID: bill.monthlyBillID, month: bill.month, amount: owedAmount(bill) }));
  const charges = docs
    .filter((doc): doc is OneTimeChargeDoc => doc.type === 'oneTimeCharge')
    .sort((a, b) => a.createdOn.localeCompare(b.createdOn))
    .map((charge) => ({
      oneTimeChargeID: charge.oneTimeChargeID,
      description: charge.description,
      amount: owedAmount(charge),
    }));
  return {
    ...(bills.length > 0 ? { billsOwed: bills } : {}),
    ...(charges.length > 0 ? { chargesOwed: charges } : {}),
  };
}

/** `yyyy-mm-dd` plus `days` days. */
function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00.000Z`) + days * 24 * 60 * 60 * 1000;
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The one-time charge asking what the tenant owes after the deposit: it has a bill code (the VietQR note
 * the bank feed matches), is paid in cash, by VNPay or by transfer as any charge, and counts in the
 * house's totals when created.
 */
function liquidationCharge(actor: Actor, contract: ContractDoc, amount: number): OneTimeChargeDoc {
  const now = actor.deps.now();
  const oneTimeChargeID = randomUUID();
  return {
    id: oneTimeChargeID,
    pk: contract.houseID,
    type: 'oneTimeCharge',
    oneTimeChargeID,
    houseID: contract.houseID,
    roomID: contract.roomID,
    contractID: contract.contractID,
    description: LIQUIDATION_CHARGE_DESCRIPTION,
    amount,
    billCode: billCode(oneTimeChargeID),
    liquidation: true,
    createdOn: now.toISOString(),
    createdBy: actor.user.userID,
    dueDate: addDays(vietnamDate(now), BILL_DUE_DAYS),
    paidAmount: 0,
    status: BILL_STATUS.unpaid,
    payments: [],
  };
}

/**
 * The settlement with the liquidation's lines (each damage, bill and charge the deposit paid) and, when the
 * tenant owes more than the deposit covers, the one-time charge that asks it (created with the end).
 */
export function withLiquidation(
  actor: Actor,
  contract: ContractDoc,
  settled: Settlement,
  damages: SettlementDamage[],
  paidFromDeposit: ReadonlyArray<MonthlyBillDoc | OneTimeChargeDoc>,
): { result: Settlement; owedCharge?: OneTimeChargeDoc } {
  const owedCharge = settled.refund < 0 ? liquidationCharge(actor, contract, -settled.refund) : undefined;
  const result: Settlement = {
    ...settled,
    ...(damages.length > 0 ? { damages } : {}),
    ...owedLines(paidFromDeposit),
    ...(owedCharge
      ? {
          owedCharge: {
            oneTimeChargeID: owedCharge.oneTimeChargeID,
            billCode: owedCharge.billCode,
            amount: owedCharge.amount,
          },
        }
      : {}),
  };
  return owedCharge ? { result, owedCharge } : { result };
}
