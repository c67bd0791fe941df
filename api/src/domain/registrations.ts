import {
  REGISTRATION_MESSAGES,
  termFee,
  type PlatformPaymentEntry,
  type PlatformPricing,
  REGISTRATION_PHONE_CONFLICT_TEXTS,
  type RegistrationDecisionInput,
  type RegistrationPhoneConflict,
  type RegistrationStatus,
} from '@nhatro/common';
import { assertPaidInFull } from './payments.js';
import { AppError } from './shared/errors.js';

/**
 * Rules of a landlord's registration, free of I/O: what it costs, who may change, pay, decide or delete
 * it in which state, and the end of the paid term an approval starts.
 *
 *   pending ──(fee paid, IPN)──▶ paid ──(super admin approves)──▶ approved
 *      │                           │
 *      └──────(super admin rejects, with a reason)──────────────▶ rejected
 */

/** The fee and the months it pays for, with the prices of the moment the rooms are chosen. */
export function registrationFee(
  rooms: number,
  pricing: PlatformPricing,
): { fee: number; termMonths: number } {
  return { fee: termFee(rooms, pricing), termMonths: pricing.monthsPerTerm };
}

/** A short reference for the gateway's page and the bank statement: `DK` and 8 letters or digits of the id. */
export function registrationCode(registrationID: string): string {
  return `DK${registrationID
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase()}`;
}

/** The registrant changes their registration only before paying (what they paid for is then fixed). */
export function assertRegistrantMayEdit(status: RegistrationStatus): void {
  if (status !== 'pending') throw AppError.conflict(REGISTRATION_MESSAGES.notEditable);
}

/**
 * Why the fee cannot be paid now (a reason for the payment reply), or `undefined`. Once both contacts
 * are verified, a phone number that is already a username or another registration's paid number cannot
 * be approved: the registrant is told so instead of paying for nothing.
 */
export function paymentBlocker(
  registration: { status: RegistrationStatus; emailVerified: boolean; phoneVerified: boolean },
  conflict: RegistrationPhoneConflict | undefined,
): string | undefined {
  if (registration.status === 'paid') return REGISTRATION_MESSAGES.alreadyPaid;
  if (registration.status !== 'pending') return REGISTRATION_MESSAGES.alreadyDecided;
  if (!registration.emailVerified || !registration.phoneVerified) {
    return REGISTRATION_MESSAGES.verifyBeforePaying;
  }
  if (conflict === 'account' || conflict === 'paidRegistration') {
    return REGISTRATION_PHONE_CONFLICT_TEXTS[conflict];
  }
  return undefined;
}

/**
 * What a registration's phone number conflicts with, from whether it is a username and the registrations
 * with the same number (this one among them or not).
 */
export function phoneConflict(
  registration: { registrationID: string },
  found: {
    hasAccount: boolean;
    registrations: ReadonlyArray<{ registrationID: string; status: RegistrationStatus }>;
  },
): RegistrationPhoneConflict | undefined {
  if (found.hasAccount) return 'account';
  const others = found.registrations.filter((other) => other.registrationID !== registration.registrationID);
  if (others.some((other) => other.status === 'paid' || other.status === 'approved'))
    return 'paidRegistration';
  if (others.some((other) => other.status === 'pending')) return 'pendingRegistration';
  return undefined;
}

/**
 * Approval refuses a number that is already a username (the account would collide on it), with what the
 * super admin should do. Another paid registration with the number does not stop this one: the first
 * approved opens the account, and the other is then refused.
 */
export function assertPhoneFree(conflict: RegistrationPhoneConflict | undefined): void {
  if (conflict === 'account') throw AppError.conflict(REGISTRATION_MESSAGES.phoneHasAccount);
}

/**
 * Checks the super admin's decision: approve only a paid registration; reject a pending or paid one,
 * with a reason. The decision it already has is `unchanged` (nothing to write); another final one is 409.
 */
export function checkDecision(
  status: RegistrationStatus,
  decision: Pick<RegistrationDecisionInput, 'status' | 'rejectionReason'>,
): 'unchanged' | 'decide' {
  if (status === decision.status) return 'unchanged';
  if (status === 'approved' || status === 'rejected')
    throw AppError.conflict(REGISTRATION_MESSAGES.alreadyDecided);
  if (decision.status === 'approved' && status !== 'paid') {
    throw AppError.conflict(REGISTRATION_MESSAGES.onlyPaidApproved);
  }
  if (decision.status === 'rejected' && !decision.rejectionReason) {
    throw AppError.validation([
      { field: 'rejectionReason', errorMessage: REGISTRATION_MESSAGES.rejectionReasonRequired },
    ]);
  }
  return 'decide';
}

/**
 * What an open payment of the registration was made for: the rooms (its amount) and the contacts that
 * were verified before paying. A change of any of them cancels the open payments (they credit nothing if
 * the gateway still takes the money); other changes (names, address, papers) leave them open.
 */
export const PAYMENT_TERMS: readonly string[] = ['roomQuota', 'email', 'phoneNumber'];

export function changesPaymentTerms(changed: readonly string[]): boolean {
  return changed.some((field) => PAYMENT_TERMS.includes(field));
}

/** Approval needs the fee received: what was credited covers the registration's fee (409 otherwise). */
export function assertFeeCovered(registration: {
  fee: number;
  payments?: readonly PlatformPaymentEntry[];
}): void {
  assertPaidInFull(registration, registration.fee, REGISTRATION_MESSAGES.underpaid);
}

/**
 * Deleting: the super admin removes a pending or rejected registration (spam, a duplicate); the
 * registrant withdraws their own while it is pending. A paid or approved one stays: it records money
 * received and the account it opened.
 */
export function assertMayDelete(status: RegistrationStatus, by: 'superAdmin' | 'registrant'): void {
  if (by === 'registrant' && status !== 'pending') {
    throw AppError.conflict(REGISTRATION_MESSAGES.withdrawBlocked);
  }
  if (status === 'paid' || status === 'approved')
    throw AppError.conflict(REGISTRATION_MESSAGES.deleteBlocked);
}

/**
 * The last day of a term of `months` months starting `startDate` (yyyy-mm-dd): the same day `months`
 * later, or that month's last day when it is shorter (31 January + 1 month → 28/29 February).
 */
export function termEndDate(startDate: string, months: number): string {
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + months;
  const endYear = Math.floor(monthIndex / 12);
  const endMonth = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(endYear, endMonth, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(endYear, 4)}-${pad(endMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** Registrations one address may send: 20 an hour (nobody signs up that often; spam waits). */
export const REGISTRATION_CREATE_LIMIT = {
  maxFailures: 20,
  windowMs: 60 * 60 * 1000,
  lockMs: 60 * 60 * 1000,
} as const;
