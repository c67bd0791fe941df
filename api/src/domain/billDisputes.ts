import {
  BILL_DISPUTE_MESSAGES,
  BILL_STATUS,
  type BillCorrection,
  type BillLine,
  type MonthlyBill,
} from '@nhatro/common';
import { displayNumber, sumLines, withRounding } from './shared/bills.js';
import { AppError } from './shared/errors.js';

/**
 * Rules of a question about a bill line and of its correction (issue 27), without I/O.
 *
 * A line may be questioned whatever the bill's status (paid too), except the rounding line and a debt
 * carried from an earlier bill (its own bill is where it was worked out). A correction sets the line's
 * amount, rounds the total again to the house's step and keeps the payments: the bill's status follows
 * (paid, partly paid, unpaid). It is refused on a bill carried over into a later one, on a bill of a
 * terminated contract (the settlement already took what it owed from the deposit), and when the new total
 * would be below what was already paid (the money would then have no bill: the landlord gives the
 * difference back and answers with a reason).
 */

type Bill = Pick<MonthlyBill, 'billDetails' | 'total' | 'paidAmount' | 'status' | 'payments'> &
  Partial<Pick<MonthlyBill, 'surplusTaken' | 'surplusRefunded'>>;

/** The line a tenant may question, or the refusal. */
export function questionableLine(bill: Pick<MonthlyBill, 'billDetails'>, lineIndex: number): BillLine {
  const line = bill.billDetails[lineIndex];
  if (line === undefined) {
    throw AppError.validation([{ field: 'lineIndex', errorMessage: BILL_DISPUTE_MESSAGES.noSuchLine }]);
  }
  if (line.kind === 'rounding' || line.kind === 'debt') {
    throw AppError.validation([{ field: 'lineIndex', errorMessage: BILL_DISPUTE_MESSAGES.roundingLine }]);
  }
  return line;
}

/** The status a bill has with `paid` of `total` received (as payments set it). */
function statusFor(paid: number, total: number): number {
  if (paid === 0) return BILL_STATUS.unpaid;
  return paid < total ? BILL_STATUS.partlyPaid : BILL_STATUS.paid;
}

/** The bill with line `lineIndex` at `newAmount`, and the entry of its history. */
export function correctedBill(
  bill: Bill & { paidOn?: string; corrections?: BillCorrection[] },
  lineIndex: number,
  newAmount: number,
  roundingStep: number,
  context: { billDisputeID: string; by: string; now: Date; contractSettled: boolean },
): {
  billDetails: BillLine[];
  total: number;
  status: number;
  paidOn?: string;
  corrections: BillCorrection[];
  correction: BillCorrection;
} {
  if (bill.status === BILL_STATUS.carriedOver) throw AppError.conflict(BILL_DISPUTE_MESSAGES.carriedOver);
  // The settlement took what the bill owed from the deposit: a new amount would be asked of no one.
  if (context.contractSettled || bill.payments.some((entry) => entry.method === 'deposit')) {
    throw AppError.conflict(BILL_DISPUTE_MESSAGES.settled);
  }
  const line = questionableLine(bill, lineIndex);
  if (line.amount === newAmount) {
    throw AppError.validation([{ field: 'newAmount', errorMessage: BILL_DISPUTE_MESSAGES.sameAmount }]);
  }
  const note = `Điều chỉnh từ ${displayNumber(line.amount)} ₫ theo khiếu nại`;
  const corrected: BillLine = {
    ...line,
    amount: newAmount,
    ...(line.quantity === 1 ? { unitPrice: newAmount } : {}),
    note: line.note ? `${line.note}. ${note}` : note,
  };
  const lines = withRounding(
    bill.billDetails.map((candidate, index) => (index === lineIndex ? corrected : candidate)),
    roundingStep,
  );
  const total = sumLines(lines);
  if (total < bill.paidAmount) {
    throw AppError.conflict(BILL_DISPUTE_MESSAGES.belowPaid(`${displayNumber(bill.paidAmount)} ₫`));
  }
  // Part of what was paid beyond the bill already went to later bills (or back at the end): it cannot pay
  // a larger total here too.
  const kept = bill.paidAmount - (bill.surplusTaken ?? 0) - (bill.surplusRefunded ?? 0);
  if (kept < bill.paidAmount && total > kept) {
    throw AppError.conflict(BILL_DISPUTE_MESSAGES.surplusUsed(`${displayNumber(kept)} ₫`));
  }
  const status = statusFor(bill.paidAmount, total);
  const correction: BillCorrection = {
    billDisputeID: context.billDisputeID,
    lineIndex,
    description: line.description,
    from: line.amount,
    to: newAmount,
    totalFrom: bill.total,
    totalTo: total,
    correctedBy: context.by,
    correctedOn: context.now.toISOString(),
  };
  const paidOn = status === BILL_STATUS.paid ? (bill.paidOn ?? context.now.toISOString()) : undefined;
  return {
    billDetails: lines,
    total,
    status,
    ...(paidOn !== undefined ? { paidOn } : {}),
    corrections: [...(bill.corrections ?? []), correction],
    correction,
  };
}
