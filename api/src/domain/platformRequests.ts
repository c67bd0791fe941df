import {
  PLATFORM_REQUEST_MESSAGES,
  type PlatformRequest,
  type PlatformRequestKind,
  type PlatformRequestStatus,
} from '@nhatro/common';
import { displayDate, displayMoney } from './contractDocuments.js';
import { AppError } from './shared/errors.js';
import type { OutboxMessageInput, OutboxRecipient } from './outbox.js';

/**
 * Rules of a landlord's room purchases and extensions, free of I/O:
 *
 *   awaitingPayment ──(gateway confirms, IPN)──▶ paid ──(super admin approves)──▶ approved
 *
 * A paid term ends on its last day (`accountExpiresOn`, a date in Vietnam); the account is expired from
 * the day after. Rooms bought during a term are paid for the whole or started months left of it.
 */

/** Where the landlord's plan, purchases and extensions are (the link of every message about them). */
export const ACCOUNT_PLAN_PAGE = '/accountPlan';

/** The partition of every request (`platform` container): few per landlord and year. */
export const REQUESTS_PARTITION = 'platformRequests';

/** The same calendar day `months` months after `date` (yyyy-mm-dd), or that month's last day when shorter. */
export function monthsAfter(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const endYear = Math.floor(index / 12);
  const endMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(endYear, endMonth, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(endYear, 4)}-${pad(endMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** Whole days from `from` to `to` (yyyy-mm-dd), negative when `to` is earlier. */
export function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The term ended: today is after its last day. An account without a last day never expires. */
export function isExpired(lastDay: string | undefined, today: string): boolean {
  return lastDay !== undefined && lastDay < today;
}

/**
 * The whole or started months from today to the term's last day: what a room bought today is paid for.
 * An account without a last day (no limit) pays for one term; an expired one has none left.
 */
export function monthsLeftInTerm(today: string, lastDay: string | undefined, monthsPerTerm: number): number {
  if (lastDay === undefined) return monthsPerTerm;
  if (lastDay < today) return 0;
  let months = 1;
  while (monthsAfter(today, months) < lastDay) months += 1;
  return months;
}

/** A short reference for the gateway's page and the bank statement: `MP`/`GH` and 8 letters or digits. */
export function requestCode(kind: PlatformRequestKind, requestID: string): string {
  const prefix = kind === 'roomPurchase' ? 'MP' : 'GH';
  return `${prefix}${requestID
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase()}`;
}

export function requestDescription(request: Pick<PlatformRequest, 'kind' | 'rooms' | 'years'>): string {
  return request.kind === 'roomPurchase'
    ? `Mua thêm ${request.rooms ?? 0} phòng`
    : `Gia hạn tài khoản ${request.years ?? 0} năm`;
}

/**
 * What the super admin's approval does to a request in `status`: apply it (paid), nothing (already
 * approved: approving twice is not an error), or refuse (not paid yet: 409).
 */
export function approvalDecision(status: PlatformRequestStatus): 'apply' | 'unchanged' {
  if (status === 'approved') return 'unchanged';
  if (status !== 'paid') throw AppError.conflict(PLATFORM_REQUEST_MESSAGES.notPaid);
  return 'apply';
}

/**
 * The account after an approved request: the quota raised by the rooms bought, or the term moved by the
 * years bought — from its last day while it runs, from today once it has ended (or had no limit).
 */
export function approvalEffect(
  account: { roomQuota?: number; accountExpiresOn?: string },
  request: Pick<PlatformRequest, 'kind' | 'rooms' | 'years'>,
  today: string,
): { roomQuota: number } | { accountExpiresOn: string } {
  if (request.kind === 'roomPurchase') return { roomQuota: (account.roomQuota ?? 0) + (request.rooms ?? 0) };
  const running = account.accountExpiresOn !== undefined && account.accountExpiresOn >= today;
  const from = running ? (account.accountExpiresOn as string) : today;
  return { accountExpiresOn: monthsAfter(from, 12 * (request.years ?? 0)) };
}

type Text = Pick<OutboxMessageInput, 'subject' | 'body' | 'link'>;

function greeting(recipient: OutboxRecipient): string {
  return recipient.name ? `Chào ${recipient.name}, ` : 'Chào bạn, ';
}

/** The landlord hears that their purchase or extension took effect. */
export function requestApprovedText(
  request: Pick<PlatformRequest, 'kind' | 'rooms' | 'years' | 'amount'>,
  after: { roomQuota?: number; accountExpiresOn?: string },
  recipient: OutboxRecipient,
  webOrigin: string,
): Text {
  const effect =
    request.kind === 'roomPurchase'
      ? `tài khoản của bạn giờ được dùng ${after.roomQuota ?? 0} phòng`
      : `tài khoản của bạn dùng được đến hết ngày ${after.accountExpiresOn ? displayDate(after.accountExpiresOn) : ''}`;
  return {
    subject: `Nhà trọ: đã duyệt yêu cầu ${requestDescription(request).toLowerCase()}`,
    body:
      `${greeting(recipient)}yêu cầu ${requestDescription(request).toLowerCase()} ` +
      `(${displayMoney(request.amount)} ₫) đã được duyệt: ${effect}.`,
    link: `${webOrigin}${ACCOUNT_PLAN_PAGE}`,
  };
}
