import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { BANK_TRANSFER_MESSAGES } from '@nhatro/common';

/**
 * Bank-transfer matching, pure rules: the feed's signature, the bill codes in a transfer's note, and
 * whether a transfer can be credited by itself.
 */

/** How old a signed call may be: a captured call replayed later is refused. */
export const FEED_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks `X-Bank-Feed-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (the scheme
 * docs/bank-feed.md gives the bank's side), in constant time, within the tolerance.
 */
export function verifyFeedSignature(
  header: string | null,
  rawBody: string,
  secret: string,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')] as const;
    }),
  );
  const timestamp = parts.get('t') ?? '';
  const signature = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > FEED_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(feedSignature(timestamp, rawBody, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The hex HMAC the bank's side computes for a call (also what tests sign with). */
export function feedSignature(timestamp: string, rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/**
 * What may be a bill code (`NT` + 8 of A–Z, 2–7) in a transfer's note. Bank apps upper-case, drop
 * accents and sometimes split the note with spaces or dashes, so the note is read without them; that
 * also joins words into look-alikes ('CHUYEN TIEN PHONG' holds 'NTIENPHONG'), which is why every
 * overlapping candidate is returned and only the ones that are real codes count.
 */
export function billCodesIn(description: string): string[] {
  const compact = description
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const candidates = new Set<string>();
  for (let start = compact.indexOf('NT'); start >= 0; start = compact.indexOf('NT', start + 1)) {
    const candidate = compact.slice(start, start + 10);
    if (/^NT[A-Z2-7]{8}$/.test(candidate)) candidates.add(candidate);
  }
  return [...candidates];
}

/** An account number as banks print it, without spaces, dots and dashes. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** A transfer's id: the same bank transaction on the same account is the same document. */
export function bankTransferID(accountNumber: string, transactionID: string): string {
  return createHash('sha256')
    .update(`${normalizeAccountNumber(accountNumber)}|${transactionID}`, 'utf8')
    .digest('hex')
    .slice(0, 32);
}

export type TransferDecision = { kind: 'credit' } | { kind: 'unmatched'; reason: string };

/** Whether a transfer credits the bill its note names by itself; anything doubtful waits for the landlord. */
export function transferDecision(input: {
  /** Candidates found in the note (`billCodesIn`). */
  codes: readonly string[];
  /** The bills and charges those candidates are the codes of. */
  targets: ReadonlyArray<{ owed: number; sameLandlord: boolean }>;
  amount: number;
}): TransferDecision {
  if (input.codes.length === 0) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.noCode };
  if (input.targets.length > 1) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.severalCodes };
  const target = input.targets[0];
  if (!target) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.unknownCode };
  if (!target.sameLandlord) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.otherLandlord };
  if (target.owed <= 0) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.alreadyPaid };
  if (input.amount > target.owed) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.moreThanOwed };
  return { kind: 'credit' };
}
