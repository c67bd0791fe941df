import {
  BILL_STATUS,
  DEFAULT_DEBT_REMINDER_AFTER_DAYS,
  DEFAULT_DEBT_REMINDER_EVERY_DAYS,
  type BillLine,
  type DebtEvent,
  type OpenDebt,
  type PaymentEntry,
} from '@nhatro/common';
import { openSurplus } from './shared/bills.js';
import { daysBetween } from './reminders.js';

/**
 * A contract's debts (issue 26 §3, docs/debts.md), worked out from its bills and one-time charges alone:
 * no I/O, no clock (`today` is handed in). A bill adds what it charges itself — its total without the
 * older debts it carries ('debt' lines: counted on the bill they came from) and without the credit it
 * takes ('credit' lines: the surplus of an earlier bill, counted when it was paid). Each payment takes
 * its amount off; a surplus given back at the settlement adds it again. So the final balance is what the
 * bills and charges still ask for minus the open credit, in whatever order the payments came.
 */

export interface DebtBillFacts {
  monthlyBillID: string;
  month: string;
  billName: string;
  createdOn: string;
  dueDate: string;
  total: number;
  paidAmount: number;
  status: number;
  billDetails: readonly Pick<BillLine, 'kind' | 'amount'>[];
  payments: readonly Pick<PaymentEntry, 'amount' | 'method' | 'paidOn'>[];
  surplusTaken?: number | undefined;
  surplusRefunded?: number | undefined;
}

export interface DebtChargeFacts {
  oneTimeChargeID: string;
  description: string;
  createdOn: string;
  dueDate: string;
  amount: number;
  paidAmount: number;
  payments: readonly Pick<PaymentEntry, 'amount' | 'method' | 'paidOn'>[];
}

export interface DebtSummary {
  owed: number;
  openCredit: number;
  balance: number;
  openDebts: OpenDebt[];
  /** Oldest first. */
  timeline: DebtEvent[];
}

const PAYMENT_LABELS: Record<PaymentEntry['method'], string> = {
  cash: 'Tiền mặt',
  online: 'Thanh toán trực tuyến',
  transfer: 'Chuyển khoản',
  deposit: 'Trừ vào tiền cọc',
};

/** What a bill charges itself: its total without carried-in debts and taken credit. */
export function ownChargeOf(bill: Pick<DebtBillFacts, 'total' | 'billDetails'>): number {
  return bill.billDetails.reduce(
    (sum, line) => (line.kind === 'debt' || line.kind === 'credit' ? sum - line.amount : sum),
    bill.total,
  );
}

/** What a bill still asks for: nothing once carried into a later bill (the later one holds it). */
function owedOf(bill: Pick<DebtBillFacts, 'total' | 'paidAmount' | 'status'>): number {
  if (bill.status === BILL_STATUS.carriedOver) return 0;
  return Math.max(0, bill.total - bill.paidAmount);
}

interface Unsorted extends Omit<DebtEvent, 'balance'> {
  /** Ties on the date keep a fixed order: charges before payments, then by source. */
  order: number;
}

function paymentEvents(payments: DebtBillFacts['payments'], sourceID: string, what: string): Unsorted[] {
  return payments.map((payment) => ({
    date: payment.paidOn,
    kind: 'payment',
    label: `${PAYMENT_LABELS[payment.method]} – ${what}`,
    amount: -payment.amount,
    sourceID,
    order: 1,
  }));
}

/**
 * The balance timeline and open debts of one contract. `settledOn` dates the surplus given back at the
 * settlement (absent: the bill's last payment).
 */
export function contractDebts(
  bills: readonly DebtBillFacts[],
  charges: readonly DebtChargeFacts[],
  today: string,
  settledOn?: string,
): DebtSummary {
  const events: Unsorted[] = [];
  const openDebts: OpenDebt[] = [];
  let owed = 0;
  let openCredit = 0;
  for (const bill of bills) {
    events.push({
      date: bill.createdOn,
      kind: 'bill',
      label: bill.billName,
      amount: ownChargeOf(bill),
      sourceID: bill.monthlyBillID,
      order: 0,
    });
    events.push(...paymentEvents(bill.payments, bill.monthlyBillID, bill.billName));
    const refunded = bill.surplusRefunded ?? 0;
    if (refunded > 0) {
      const lastPaid =
        bill.payments
          .map((payment) => payment.paidOn)
          .sort()
          .at(-1) ?? bill.createdOn;
      events.push({
        date: settledOn ?? lastPaid,
        kind: 'refund',
        label: `Trả lại tiền thừa – ${bill.billName}`,
        amount: refunded,
        sourceID: bill.monthlyBillID,
        order: 2,
      });
    }
    const left = owedOf(bill);
    owed += left;
    openCredit += bill.status === BILL_STATUS.carriedOver ? 0 : openSurplus(bill);
    if (left > 0) {
      openDebts.push({
        kind: 'bill',
        sourceID: bill.monthlyBillID,
        label: bill.billName,
        month: bill.month,
        dueDate: bill.dueDate,
        owed: left,
        daysOverdue: Math.max(0, daysBetween(bill.dueDate, today)),
      });
    }
  }
  for (const charge of charges) {
    events.push({
      date: charge.createdOn,
      kind: 'charge',
      label: charge.description,
      amount: charge.amount,
      sourceID: charge.oneTimeChargeID,
      order: 0,
    });
    events.push(...paymentEvents(charge.payments, charge.oneTimeChargeID, charge.description));
    const left = Math.max(0, charge.amount - charge.paidAmount);
    owed += left;
    openCredit += Math.max(0, charge.paidAmount - charge.amount);
    if (left > 0) {
      openDebts.push({
        kind: 'charge',
        sourceID: charge.oneTimeChargeID,
        label: charge.description,
        dueDate: charge.dueDate,
        owed: left,
        daysOverdue: Math.max(0, daysBetween(charge.dueDate, today)),
      });
    }
  }
  events.sort(
    (a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.sourceID.localeCompare(b.sourceID),
  );
  let balance = 0;
  const timeline = events.map(({ order: _order, ...event }) => {
    balance += event.amount;
    return { ...event, balance };
  });
  openDebts.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.sourceID.localeCompare(b.sourceID));
  return { owed, openCredit, balance: owed - openCredit, openDebts, timeline };
}

export function debtReminderAfterDaysOf(house: { debtReminderAfterDays?: number | undefined }): number {
  return house.debtReminderAfterDays ?? DEFAULT_DEBT_REMINDER_AFTER_DAYS;
}

export function debtReminderEveryDaysOf(house: { debtReminderEveryDays?: number | undefined }): number {
  return house.debtReminderEveryDays ?? DEFAULT_DEBT_REMINDER_EVERY_DAYS;
}

/** The oldest open debt is more than `afterDays` days late. */
export function isDebtFlagged(openDebts: readonly OpenDebt[], afterDays: number): boolean {
  const oldest = openDebts[0];
  return oldest !== undefined && oldest.daysOverdue > afterDays;
}

/**
 * Whether a contract is reminded today: its oldest debt is flagged and no debt reminder went in the last
 * `everyDays` days (`lastRemindedOn`, `yyyy-mm-dd` in Vietnam). The outbox id is `debtReminderKey`, so a
 * second run the same day writes nothing.
 */
export function debtReminderDue(
  openDebts: readonly OpenDebt[],
  settings: { afterDays: number; everyDays: number },
  lastRemindedOn: string | undefined,
  today: string,
): boolean {
  if (!isDebtFlagged(openDebts, settings.afterDays)) return false;
  return lastRemindedOn === undefined || daysBetween(lastRemindedOn, today) >= settings.everyDays;
}

export function debtReminderKey(contractID: string, today: string): string {
  return `debtReminder:${contractID}:${today}`;
}
