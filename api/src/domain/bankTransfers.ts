import { BANK_TRANSFER_MESSAGES } from '@nhatro/common';

/**
 * Bank-transfer matching, pure rules: the bill codes in a transfer's note, and whether a transfer can be
 * credited by itself. The feed's signature and a transfer's id are hashes: useCases/bankTransfers.ts.
 */

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

export type TransferDecision = { kind: 'credit' } | { kind: 'unmatched'; reason: string };

/** Whether a transfer credits the bill its note names by itself; anything doubtful waits for the landlord. */
export function transferDecision(input: {
  /** Candidates found in the note (`billCodesIn`). */
  codes: readonly string[];
  /** The receiving landlord's bills and charges those candidates are the codes of (no one else's). */
  targets: ReadonlyArray<{ owed: number }>;
  amount: number;
}): TransferDecision {
  if (input.codes.length === 0) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.noCode };
  if (input.targets.length > 1) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.severalCodes };
  const target = input.targets[0];
  if (!target) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.unknownCode };
  if (target.owed <= 0) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.alreadyPaid };
  if (input.amount > target.owed) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.moreThanOwed };
  return { kind: 'credit' };
}
