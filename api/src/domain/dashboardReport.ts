import { BILL_STATUS, REPORT_MONTHS, type DashboardReport } from '@nhatro/common';
import type { MonthlyBillDoc, OneTimeChargeDoc } from './shared/model.js';
import { previousMonth, vietnamMonth } from './shared/time.js';

/**
 * The running totals behind the dashboard report: per house and month, what its bills and charges add
 * up to. Each bill or charge contributes a fixed amount to some months; a write changes the totals by
 * what it adds minus what it takes away (`withChanges`), and a rebuild adds up every contribution
 * (`totalsOf`). Both are the same arithmetic, so a rebuild and a history of writes agree.
 */

export interface MonthTotals {
  /** Monthly bills of the month, and how many of them are paid in full. */
  bills: number;
  billsPaid: number;
  /** Their totals, debts carried in included; `carriedIn` is that debt part. */
  billed: number;
  carriedIn: number;
  /** Paid on the month's bills; what they still owed when carried into a later bill. */
  paid: number;
  carriedOut: number;
  /** One-time charges created in the month. */
  charges: number;
  /** Money received in the month (by payment date in Vietnam), on any bill or charge. */
  collected: number;
}

export type MonthlyTotals = Record<string, MonthTotals>;

/** A bill or charge as the totals see it. */
export type TotalsSubject = MonthlyBillDoc | OneTimeChargeDoc;

/** A write's effect on one bill or charge: created (no `before`), changed, or deleted (no `after`). */
export interface TotalsChange {
  before?: TotalsSubject | undefined;
  after?: TotalsSubject | undefined;
}

/** Months kept in a house's totals, the current one included: the report shows twelve. */
export const RETAINED_MONTHS = 24;

const EMPTY: MonthTotals = {
  bills: 0,
  billsPaid: 0,
  billed: 0,
  carriedIn: 0,
  paid: 0,
  carriedOut: 0,
  charges: 0,
  collected: 0,
};

/** The totals document of a house, in its partition: one per house, so a report is one point read. */
export function houseTotalsID(houseID: string): string {
  return `${houseID}_totals`;
}

/** The month `count` months before `month`. */
export function monthsBefore(month: string, count: number): string {
  let result = month;
  for (let i = 0; i < count; i += 1) result = previousMonth(result);
  return result;
}

/** The oldest month kept when `now` is the present. */
export function firstKeptMonth(now: Date): string {
  return monthsBefore(vietnamMonth(now), RETAINED_MONTHS - 1);
}

function contributions(doc: TotalsSubject): Array<[string, Partial<MonthTotals>]> {
  const collected = doc.payments.map((payment): [string, Partial<MonthTotals>] => [
    vietnamMonth(new Date(payment.paidOn)),
    { collected: payment.amount },
  ]);
  if (doc.type === 'oneTimeCharge') {
    return [[vietnamMonth(new Date(doc.createdOn)), { charges: doc.amount }], ...collected];
  }
  const carriedIn = doc.billDetails
    .filter((line) => line.kind === 'debt')
    .reduce((sum, line) => sum + line.amount, 0);
  return [
    [
      doc.month,
      {
        bills: 1,
        billsPaid: doc.status === BILL_STATUS.paid ? 1 : 0,
        billed: doc.total,
        carriedIn,
        paid: doc.paidAmount,
        carriedOut: doc.status === BILL_STATUS.carriedOver ? doc.total - doc.paidAmount : 0,
      },
    ],
    ...collected,
  ];
}

function addInto(months: MonthlyTotals, doc: TotalsSubject, sign: 1 | -1, firstKept: string): void {
  for (const [month, amounts] of contributions(doc)) {
    if (month < firstKept) continue;
    const totals = (months[month] ??= { ...EMPTY });
    for (const key of Object.keys(amounts) as Array<keyof MonthTotals>) {
      totals[key] += sign * (amounts[key] ?? 0);
    }
  }
}

function withoutOldMonths(months: MonthlyTotals, firstKept: string): MonthlyTotals {
  return Object.fromEntries(Object.entries(months).filter(([month]) => month >= firstKept));
}

/** The totals after `changes`; months before `firstKept` are dropped. */
export function withChanges(
  months: MonthlyTotals,
  changes: TotalsChange[],
  firstKept: string,
): MonthlyTotals {
  const next = structuredClone(withoutOldMonths(months, firstKept));
  for (const change of changes) {
    if (change.after) addInto(next, change.after, 1, firstKept);
    if (change.before) addInto(next, change.before, -1, firstKept);
  }
  return next;
}

/** The totals of every bill and charge of a house, from scratch. */
export function totalsOf(docs: Iterable<TotalsSubject>, firstKept: string): MonthlyTotals {
  const months: MonthlyTotals = {};
  for (const doc of docs) addInto(months, doc, 1, firstKept);
  return months;
}

/** This month's bills: counts, amounts, and what is still owed on them. */
export function monthFigures(totals: MonthTotals | undefined): DashboardReport['thisMonth'] {
  const month = totals ?? EMPTY;
  return {
    bills: month.bills,
    billsPaid: month.billsPaid,
    billed: month.billed,
    paid: month.paid,
    unpaid: month.billed - month.paid - month.carriedOut,
  };
}

/** The last {@link REPORT_MONTHS} months up to `month`, oldest first: new charges and money received. */
export function revenueSeries(months: MonthlyTotals, month: string): DashboardReport['revenue'] {
  return Array.from({ length: REPORT_MONTHS }, (_, index) => {
    const key = monthsBefore(month, REPORT_MONTHS - 1 - index);
    const totals = months[key] ?? EMPTY;
    return {
      month: key,
      billed: totals.billed - totals.carriedIn + totals.charges,
      collected: totals.collected,
    };
  });
}

/** Whole days from `today` to `date` (both `yyyy-mm-dd`). */
export function daysUntil(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
