import { RECOVERY_LINK_MINUTES } from '@nhatro/common';
import type { StoredDoc } from './shared/query.js';
import type { ThrottleLimit } from './shared/throttle.js';

/**
 * Password recovery rules, free of I/O. A link carries `<tokenID>.<secret>`: the id names the stored
 * record (its own partition of `platform`, with the message that carries the link), the secret is 256
 * random bits of which only the SHA-256 is stored and compared in constant time.
 */

export const RECOVERY_TTL_MS = RECOVERY_LINK_MINUTES * 60_000;

const HOUR_MS = 60 * 60 * 1000;

const MINUTE_MS = 60 * 1000;

/**
 * Limits that let the owner recover while nobody floods them (issue 21: five requests naming someone's
 * contact used to lock that contact out for an hour, from any address). Nothing is ever refused for a
 * contact as such: a 429 only ever falls on the address that asked.
 *
 * - `pair`, one contact typed from one address: from the 3rd request in an hour each next one waits
 *   1, 2, 4, 8, then 15 minutes; the 10th locks that pair for an hour (429 with the wait).
 * - `address`, everything one address asks (many people may share one behind a carrier's NAT): from
 *   the 10th request in an hour each next one waits 30 s, 1, 2, 4, then 5 minutes (about 20 an hour);
 *   the 30th would lock the address for an hour.
 * - `contact`, the messages one contact receives: silent spacing. After a message, the next request
 *   naming that contact (from anywhere) sends nothing for 1 minute, then 2, 4, 8 and at most 15 minutes:
 *   at most 7 messages in a first hour and 4 an hour after. The owner is never refused, and whenever a
 *   request of theirs sends nothing, a link sent at most 15 minutes earlier (valid 30) is already in
 *   their inbox. Counted alike for an unknown contact, so answers and timing tell nothing.
 */
export const RECOVERY_LIMITS = {
  pair: {
    maxFailures: 10,
    windowMs: HOUR_MS,
    lockMs: HOUR_MS,
    delays: { after: 3, firstMs: MINUTE_MS, maxMs: 15 * MINUTE_MS },
  },
  address: {
    maxFailures: 30,
    windowMs: HOUR_MS,
    lockMs: HOUR_MS,
    delays: { after: 10, firstMs: 30_000, maxMs: 5 * MINUTE_MS },
  },
  contact: {
    // Never locks: the spacing alone limits what one contact receives.
    maxFailures: Number.MAX_SAFE_INTEGER,
    // Messages are remembered two hours, so the spacing stays at 15 minutes while someone keeps asking.
    windowMs: 2 * HOUR_MS,
    lockMs: 0,
    delays: { after: 1, firstMs: MINUTE_MS, maxMs: 15 * MINUTE_MS },
  },
} as const satisfies Record<string, ThrottleLimit>;

/** The most accounts one request reaches (a phone may be both a landlord's and a tenant account's). */
export const RECOVERY_MAX_ACCOUNTS = 5;

/**
 * A request answers no sooner than this after it arrived, whether a link was written or not, so the
 * time of the reply does not tell a known contact from an unknown one.
 */
export const RECOVERY_REPLY_FLOOR_MS = 400;

/** A link's stored record (`platform` container, pk = `passwordRecovery:<tokenID>`, id = tokenID). */
export interface PasswordRecoveryDoc extends StoredDoc {
  type: 'passwordRecovery';
  tokenID: string;
  userID: string;
  /** SHA-256 (base64url) of the link's secret. */
  secretHash: string;
  /** Of the password the account had when the link was made: any change of password voids the link. */
  passwordFingerprint: string;
  /** `email` or `phone`: where the link was sent. */
  sentTo: 'email' | 'phone';
  createdOn: string;
  expiresOn: string;
  usedOn?: string;
}

export function recoveryPartition(tokenID: string): string {
  return `passwordRecovery:${tokenID}`;
}

export function formatRecoveryToken(tokenID: string, secret: string): string {
  return `${tokenID}.${secret}`;
}

export function parseRecoveryToken(token: string): { tokenID: string; secret: string } | undefined {
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{32,128})$/.exec(token.trim());
  return match?.[1] && match[2] ? { tokenID: match[1], secret: match[2] } : undefined;
}

/**
 * Why a stored link cannot be used now, or `undefined` when it can. `account.passwordFingerprint` is
 * the fingerprint of the account's password now (useCases/passwordRecovery.ts computes it).
 */
export function recoveryLinkProblem(
  doc: Pick<PasswordRecoveryDoc, 'expiresOn' | 'usedOn' | 'passwordFingerprint'>,
  account: { passwordFingerprint: string; disabled: boolean } | undefined,
  now: Date,
): 'used' | 'expired' | 'account' | 'passwordChanged' | undefined {
  if (doc.usedOn) return 'used';
  if (doc.expiresOn <= now.toISOString()) return 'expired';
  if (!account || account.disabled) return 'account';
  if (account.passwordFingerprint !== doc.passwordFingerprint) return 'passwordChanged';
  return undefined;
}
