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

/**
 * Requests are counted per contact typed (known or not: the 429 tells nothing about accounts) and per
 * address; each account also gets at most `account` links an hour, beyond which further requests are
 * answered the same way and send nothing.
 */
export const RECOVERY_LIMITS = {
  contact: { maxFailures: 5, windowMs: HOUR_MS, lockMs: HOUR_MS },
  address: { maxFailures: 20, windowMs: HOUR_MS, lockMs: HOUR_MS },
  account: { maxFailures: 5, windowMs: HOUR_MS, lockMs: HOUR_MS },
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
