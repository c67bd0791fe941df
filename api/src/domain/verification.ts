import { VERIFICATION_RULES, type VerificationChannel } from '@nhatro/common';

/**
 * Verification codes of a registration's e-mail and phone, free of I/O: six digits, valid ten minutes,
 * five tries, single use, a new one at most once a minute (and five an hour). Only a keyed hash of the
 * code is stored, bound to the registration, the channel and the address it went to; it is compared in
 * constant time.
 */

export interface VerificationCode {
  registrationID: string;
  channel: VerificationChannel;
  /** The e-mail address or phone number the code was sent to. */
  sentTo: string;
  codeHash: string;
  sentOn: string;
  expiresOn: string;
  /** Wrong codes tried so far. */
  attempts: number;
  /** When codes were sent in the last hour (the hourly limit), oldest first. */
  sendTimes: string[];
  usedOn?: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

export type SendDecision =
  | { allowed: true; sendTimes: string[] }
  | { allowed: false; reason: 'resendTooSoon' | 'tooManyCodes'; retryAfterMs: number };

/** Whether a new code may be sent now, given the channel's previous code. */
export function decideSend(
  previous: Pick<VerificationCode, 'sendTimes'> | undefined,
  now: Date,
): SendDecision {
  const nowMs = now.getTime();
  const recent = (previous?.sendTimes ?? []).filter((at) => Date.parse(at) > nowMs - HOUR_MS);
  const last = recent.at(-1);
  if (last !== undefined) {
    const wait = Date.parse(last) + VERIFICATION_RULES.resendSeconds * 1000 - nowMs;
    if (wait > 0) return { allowed: false, reason: 'resendTooSoon', retryAfterMs: wait };
  }
  const oldest = recent[0];
  if (recent.length >= VERIFICATION_RULES.codesPerHour && oldest !== undefined) {
    return { allowed: false, reason: 'tooManyCodes', retryAfterMs: Date.parse(oldest) + HOUR_MS - nowMs };
  }
  return { allowed: true, sendTimes: [...recent, now.toISOString()] };
}

/** A fresh code record (what is stored: never the code itself). */
export function newVerificationCode(
  target: Pick<VerificationCode, 'registrationID' | 'channel' | 'sentTo'>,
  codeHash: string,
  sendTimes: string[],
  now: Date,
): VerificationCode {
  return {
    ...target,
    codeHash,
    sentOn: now.toISOString(),
    expiresOn: new Date(now.getTime() + VERIFICATION_RULES.validMinutes * MINUTE_MS).toISOString(),
    attempts: 0,
    sendTimes,
  };
}

/** `kh•••@example.vn`: enough for the registrant to recognise, not to read off a screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

/** `•••••••222`. */
export function maskPhone(phoneNumber: string): string {
  return `${'•'.repeat(Math.max(0, phoneNumber.length - 3))}${phoneNumber.slice(-3)}`;
}
