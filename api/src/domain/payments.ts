import {
  BILL_MESSAGES,
  BILL_STATUS,
  type CashPaymentInput,
  type PaymentEntry,
  type PlatformPaymentEntry,
} from '@nhatro/common';
import { AppError } from './shared/errors.js';

/**
 * Cash payments of monthly bills and one-time charges: pure rules, no I/O. A payment may be a part of
 * what is owed (the rest stays owed: status 2), never more; the last part makes it paid (status 3).
 */

/** What a payment is recorded against: the amount due (a bill's total, a charge's amount) and what was paid. */
export interface Payable {
  due: number;
  paidAmount: number;
  status: number;
  payments: readonly PaymentEntry[];
}

/** The fields a payment changes. */
export interface PaymentResult {
  paidAmount: number;
  status: number;
  payments: PaymentEntry[];
  paidOn?: string;
}

/** What is still owed, in whole đồng (never negative). */
export function owedOf(payable: { due: number; paidAmount: number }): number {
  return Math.max(0, payable.due - payable.paidAmount);
}

/**
 * Records `payment` received in cash by `recordedBy` at `now`. Refused: a bill carried over into a
 * later one (409, collect it there), one already paid in full (409), an amount that is not a whole
 * positive number of đồng or more than is owed (400 naming `payment.amount`).
 */
export function applyCashPayment(
  payable: Payable,
  payment: CashPaymentInput,
  context: { now: Date; recordedBy: string },
): PaymentResult {
  if (payable.status === BILL_STATUS.carriedOver) throw AppError.conflict(BILL_MESSAGES.carriedOver);
  const owed = owedOf(payable);
  if (owed === 0 || payable.status === BILL_STATUS.paid) throw AppError.conflict(BILL_MESSAGES.alreadyPaid);
  if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
    throw AppError.validation([
      { field: 'payment.amount', errorMessage: 'Số tiền thanh toán phải lớn hơn 0.' },
    ]);
  }
  if (payment.amount > owed) {
    throw AppError.validation([{ field: 'payment.amount', errorMessage: BILL_MESSAGES.overpaid(owed) }]);
  }
  const paidOn = context.now.toISOString();
  const paidAmount = payable.paidAmount + payment.amount;
  const entry: PaymentEntry = {
    amount: payment.amount,
    method: 'cash',
    paidOn,
    recordedBy: context.recordedBy,
    ...(payment.note ? { note: payment.note } : {}),
  };
  const full = paidAmount >= payable.due;
  return {
    paidAmount,
    status: full ? BILL_STATUS.paid : BILL_STATUS.partlyPaid,
    payments: [...payable.payments, entry],
    ...(full ? { paidOn } : {}),
  };
}

/** Money received through the gateway or a bank transfer, identified by `reference`. */
export interface ReceivedPayment {
  amount: number;
  method: 'online' | 'transfer';
  reference: string;
  paidOn: string;
  note?: string;
}

/**
 * Credits money already received (the gateway or the bank took it): recorded in full even when it is
 * more than is still owed (a cash payment may have come first; the landlord sees the surplus), and never
 * twice: a payable that already holds `reference` is returned as `undefined` (nothing to write). A bill
 * carried over into a later one keeps its status; the money shows on it.
 */
export function applyReceivedPayment(payable: Payable, payment: ReceivedPayment): PaymentResult | undefined {
  if (payable.payments.some((entry) => entry.reference === payment.reference)) return undefined;
  if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
    throw AppError.badRequest('Số tiền thanh toán phải lớn hơn 0.');
  }
  const paidAmount = payable.paidAmount + payment.amount;
  const entry: PaymentEntry = {
    amount: payment.amount,
    method: payment.method,
    paidOn: payment.paidOn,
    reference: payment.reference,
    ...(payment.note ? { note: payment.note } : {}),
  };
  const payments = [...payable.payments, entry];
  if (payable.status === BILL_STATUS.carriedOver) {
    return { paidAmount, status: payable.status, payments };
  }
  const full = paidAmount >= payable.due;
  return {
    paidAmount,
    status: full ? BILL_STATUS.paid : BILL_STATUS.partlyPaid,
    payments,
    ...(full ? { paidOn: payment.paidOn } : {}),
  };
}

/** The statuses in which a platform registration or request waits for its payment. */
const AWAITING_PAYMENT = new Set(['pending', 'awaitingPayment']);

/** What a platform registration or request has received that counts toward its fee. */
export function creditedAmount(payments: readonly PlatformPaymentEntry[] | undefined): number {
  return (payments ?? []).reduce((sum, entry) => (entry.credited === false ? sum : sum + entry.amount), 0);
}

/** What the payment was made for, as the payable sees it now. */
export interface PlatformPaymentTerms {
  /** The fee the registration or request costs now (its `fee` or `amount`). */
  due: number;
  /** The payment was cancelled by a change of what it paid for (a registration changed after it opened). */
  voided: boolean;
}

/**
 * Credits a confirmed payment to a platform registration or request. A payment credits exactly what it
 * was made for: it makes the payable 'paid' only while the payable waits for payment, the payment was
 * not cancelled by a change, and its amount is the fee the payable costs now. Anything else (a payment
 * opened before the registration went from 1 to 1,000 rooms, a second payment of something already paid
 * or decided) is recorded with `credited: false` (the money came; the operator refunds it) and changes
 * nothing else. Recorded once: `undefined` when this payment is already there.
 */
export function applyPlatformPayment<
  T extends { status: string; payments?: readonly PlatformPaymentEntry[] },
>(
  doc: T,
  payment: Omit<PlatformPaymentEntry, 'credited'>,
  terms: PlatformPaymentTerms,
): { doc: T; credited: boolean } | undefined {
  const payments = doc.payments ?? [];
  if (payments.some((entry) => entry.paymentID === payment.paymentID)) return undefined;
  const credited = AWAITING_PAYMENT.has(doc.status) && !terms.voided && payment.amount === terms.due;
  return {
    doc: {
      ...doc,
      status: credited ? 'paid' : doc.status,
      payments: [...payments, credited ? payment : { ...payment, credited: false as const }],
    },
    credited,
  };
}

/**
 * Approval needs the fee received: what was credited must cover `due` (the registration's fee, the
 * request's amount). A registration changed after its payment opened is never approved on the old
 * payment (409 with both amounts).
 */
export function assertPaidInFull(
  payable: { payments?: readonly PlatformPaymentEntry[] },
  due: number,
  message: (paid: number, due: number) => string,
): void {
  const paid = creditedAmount(payable.payments);
  if (paid < due) throw AppError.conflict(message(paid, due));
}
