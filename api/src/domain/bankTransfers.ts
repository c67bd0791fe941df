import {
  BANK_FEED_PROVIDER_MESSAGES,
  BANK_TRANSFER_MESSAGES,
  type BankFeedProvider,
  type CassoWebhook,
  type SepayWebhook,
} from '@nhatro/common';

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
  /**
   * More than is owed: SePay and Casso transfers credit the bill in full and the surplus shows on it
   * (carried to the next bill); the signed feed's wait for the landlord, as they always did.
   */
  overpayment?: 'credit' | 'wait';
}): TransferDecision {
  if (input.codes.length === 0) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.noCode };
  if (input.targets.length > 1) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.severalCodes };
  const target = input.targets[0];
  if (!target) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.unknownCode };
  if (target.owed <= 0) return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.alreadyPaid };
  if (input.amount > target.owed && input.overpayment !== 'credit') {
    return { kind: 'unmatched', reason: BANK_TRANSFER_MESSAGES.moreThanOwed };
  }
  return { kind: 'credit' };
}

// ---------------------------------------------------------------------------------------------------
// SePay and Casso: their bodies read as one transfer (docs/bank-feed.md).

/** One transfer an aggregator reported, in the product's terms. */
export interface ProviderTransfer {
  provider: BankFeedProvider;
  /** The provider's id of the transaction: the same id is the same transfer, however often it comes. */
  providerTransactionID: string;
  /** What the landlord sees as the transaction's id: the bank's reference, else the provider's id. */
  transactionID: string;
  accountNumber: string;
  /** Negative when the money went out of the account. */
  amount: number;
  description: string;
  /** Where the bill code is looked for: the note, and the code SePay itself recognised in it. */
  matchText: string;
  transactedOn: string;
  senderName?: string;
  senderAccount?: string;
}

/** `2023-03-25 14:02:37` (how both aggregators write a time, in Vietnam) as an ISO instant. */
export function vietnamLocalTimeToIso(value: string): string {
  const date = new Date(`${value.replace(' ', 'T')}+07:00`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a time: ${value}`);
  return date.toISOString();
}

export function sepayTransfer(body: SepayWebhook): ProviderTransfer {
  const id = String(body.id);
  const amount = body.transferType === 'in' ? body.transferAmount : -body.transferAmount;
  return {
    provider: 'sepay',
    providerTransactionID: id,
    transactionID: body.referenceCode || id,
    accountNumber: normalizeAccountNumber(body.accountNumber),
    amount,
    description: body.content,
    matchText: [body.code, body.content].filter(Boolean).join(' '),
    transactedOn: vietnamLocalTimeToIso(body.transactionDate),
  };
}

export function cassoTransfer(body: CassoWebhook): ProviderTransfer {
  const data = body.data;
  const id = String(data.id);
  return {
    provider: 'casso',
    providerTransactionID: id,
    transactionID: data.reference || id,
    accountNumber: normalizeAccountNumber(data.accountNumber),
    amount: data.amount,
    description: data.description,
    matchText: data.description,
    transactedOn: vietnamLocalTimeToIso(data.transactionDateTime),
    ...(data.counterAccountName ? { senderName: data.counterAccountName } : {}),
    ...(data.counterAccountNumber ? { senderAccount: data.counterAccountNumber } : {}),
  };
}

/**
 * Why a provider's transfer waits whatever its note says: money that went out, or money into an
 * account that is not the one in the landlord's lessor info. `undefined`: it may be matched.
 */
export function providerWaitReason(
  transfer: ProviderTransfer,
  landlordAccount: string | undefined,
): string | undefined {
  if (transfer.amount <= 0) return BANK_FEED_PROVIDER_MESSAGES.outgoing;
  if (!landlordAccount || normalizeAccountNumber(landlordAccount) !== transfer.accountNumber) {
    return BANK_FEED_PROVIDER_MESSAGES.notLandlordAccount;
  }
  return undefined;
}

/** The value with every object's keys sorted, recursively (what Casso signs, as JSON). */
export function withSortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSortedKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries.map(([key, item]) => [key, withSortedKeys(item)]));
  }
  return value;
}

/** `t=<ms>,v1=<hex>` of `X-Casso-Signature`; `undefined` when it is not that. */
export function cassoSignatureParts(
  header: string | null,
): { timestamp: string; signature: string } | undefined {
  if (!header) return undefined;
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...rest] = part.trim().split('=');
      return [key, rest.join('=')] as const;
    }),
  );
  const timestamp = parts.get('t') ?? '';
  const signature = parts.get('v1') ?? '';
  if (!/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{128}$/i.test(signature)) return undefined;
  return { timestamp, signature: signature.toLowerCase() };
}
