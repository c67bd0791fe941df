import {
  BILL_DUE_DAYS,
  CONTRACT_STATUS,
  DEFAULT_BILLING_DAY,
  type BillLine,
  type BillLineInput,
} from '@nhatro/common';
import { daysInMonth } from './shared/time.js';

/**
 * Rules of the monthly draft (house ticket) without I/O: the deterministic ids that make drafting and
 * issuing idempotent, the billing day of a house, which contracts a month bills, and how writes are
 * cut into store batches.
 */

/** One draft per house and month: a second run finds it. */
export function houseTicketID(houseID: string, month: string): string {
  return `${houseID}_${month}`;
}

/** The house a ticket id names (`<houseID>_<yyyy-mm>`), or undefined when it is not a ticket id. */
export function houseOfTicketID(ticketID: string): { houseID: string; month: string } | undefined {
  const match = /^(.+)_(\d{4}-(0[1-9]|1[0-2]))$/.exec(ticketID);
  return match?.[1] && match[2] ? { houseID: match[1], month: match[2] } : undefined;
}

export function roomTicketID(contractID: string, month: string): string {
  return `${contractID}_${month}_t`;
}

/** One bill per contract and month: issuing twice cannot make a second one. */
export function monthlyBillID(contractID: string, month: string): string {
  return `${contractID}_${month}`;
}

/** A house's own day, else the platform default, else {@link DEFAULT_BILLING_DAY}. */
export function effectiveBillingDay(
  house: { billingDay?: number | undefined },
  platformDay: number | undefined,
): number {
  return house.billingDay ?? platformDay ?? DEFAULT_BILLING_DAY;
}

/** `yyyy-mm-dd` of a day of the month (days past the month's end fall on its last day). */
export function dayOfMonth(month: string, day: number): string {
  const last = daysInMonth(month);
  return `${month}-${String(Math.min(Math.max(day, 1), last)).padStart(2, '0')}`;
}

/** `yyyy-mm-dd` plus whole days. */
export function addDays(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00.000Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}

/**
 * The bills of a month are due {@link BILL_DUE_DAYS} days after its billing date, or after `today` when
 * the draft is made later (a month drafted late, or issued after its due date, is never due in the past).
 */
export function ticketDueDate(month: string, billingDay: number, today: string): string {
  const billingDate = dayOfMonth(month, billingDay);
  return addDays(billingDate > today ? billingDate : today, BILL_DUE_DAYS);
}

/** The first and last day of a month. */
export function monthBounds(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: dayOfMonth(month, daysInMonth(month)) };
}

/** The shape of a contract the billing rules read. */
export interface BilledContract {
  status: number;
  startDate: string;
  endDate: string;
  terminatedOn?: string | undefined;
}

/**
 * A contract past its end date (`today` in Vietnam) that nobody ended continues month to month: the
 * nightly job marks it 2 ('Quá hạn, chưa gia hạn'), but it is one already when its end date has passed.
 */
export function runsMonthToMonth(contract: BilledContract, today: string): boolean {
  if (contract.terminatedOn !== undefined || contract.status === CONTRACT_STATUS.terminated) return false;
  return contract.status === CONTRACT_STATUS.expired || contract.endDate < today;
}

/**
 * The last day a contract is billed for: its early end, else its end date; none (open) while it runs
 * month to month.
 */
export function billingEnd(contract: BilledContract, today: string): string | undefined {
  if (contract.terminatedOn !== undefined) return contract.terminatedOn;
  return runsMonthToMonth(contract, today) ? undefined : contract.endDate;
}

/** Far enough in the future to stand for "no end" where a date is needed (proration). */
export const OPEN_END = '9999-12-31';

/**
 * A contract is billed for a month when it ran on at least one of its days: it started by the month's
 * last day and ended (early termination, else its end date) on or after the first; one running month to
 * month has no end. Its status does not matter otherwise: a contract ended or terminated within the month
 * is billed for the days it ran.
 */
export function billedInMonth(contract: BilledContract, month: string, today: string): boolean {
  const { first, last } = monthBounds(month);
  const end = billingEnd(contract, today) ?? OPEN_END;
  return contract.startDate <= last && end >= first;
}

/** A line the landlord typed becomes a bill line: the amount is theirs, the unit price follows it. */
export function lineFromInput(input: BillLineInput): BillLine {
  const quantity = input.quantity;
  const unitPrice = input.unitPrice ?? (quantity > 0 ? Math.round(input.amount / quantity) : input.amount);
  const line: BillLine = {
    kind: input.kind,
    description: input.description,
    quantity,
    unitPrice,
    amount: input.amount,
  };
  if (input.unit !== undefined) line.unit = input.unit;
  if (input.note !== undefined) line.note = input.note;
  if (input.tiers !== undefined) line.tiers = input.tiers;
  if (input.serviceID !== undefined) line.serviceID = input.serviceID;
  if (input.vehicleID !== undefined) line.vehicleID = input.vehicleID;
  if (input.fromBillID !== undefined) line.fromBillID = input.fromBillID;
  return line;
}
