import {
  BANK_FEED_PROVIDER_MESSAGES,
  cassoWebhookSchema,
  MESSAGES,
  type BankFeedProvider,
  sepayWebhookSchema,
  toFieldErrors,
} from '@nhatro/common';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  cassoSignatureParts,
  cassoTransfer,
  providerWaitReason,
  sepayTransfer,
  withSortedKeys,
  type ProviderTransfer,
} from '../../domain/bankTransfers.js';
import { AppError } from '../../domain/shared/errors.js';
import type { BankFeedConnectionDoc } from '../../domain/shared/model.js';
import type { Deps } from '../shared/deps.js';
import { findUser } from '../shared/users.js';
import { cassoConnectionOf, sepayConnectionOf } from './connections.js';
import { recordTransfer, type FeedOutcome } from './matching.js';

/**
 * SePay's and Casso's webhooks, as their documentation defines them (docs/bank-feed.md): the call is
 * proven by the landlord's own secret, the transfer recorded once by the provider's id and matched to
 * the landlord's bill by the code in its note.
 */

/** How old a Casso call may be (its `t` is in milliseconds). */
const CASSO_TOLERANCE_MS = 5 * 60 * 1000;

function parsed<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: Parameters<typeof toFieldErrors>[0] };
  },
  rawBody: string,
): { json: unknown; data: T } {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw AppError.badRequest(MESSAGES.malformedJson);
  }
  const result = schema.safeParse(json);
  if (!result.success) throw AppError.validation(toFieldErrors(result.error));
  return { json, data: result.data };
}

/** The document id of a provider's transfer: one per provider, landlord and provider's id. */
export function providerTransferID(
  provider: BankFeedProvider,
  ownerID: string,
  providerTransactionID: string,
): string {
  return createHash('sha256')
    .update(`${provider}|${ownerID}|${providerTransactionID}`, 'utf8')
    .digest('hex')
    .slice(0, 32);
}

async function receiveProviderTransfer(
  deps: Deps,
  connection: BankFeedConnectionDoc,
  transfer: ProviderTransfer,
): Promise<FeedOutcome> {
  const owner = await findUser(deps, connection.ownerID);
  const waitReason = providerWaitReason(transfer, owner?.lessorInfo?.bankAccountNumber);
  return recordTransfer(deps, {
    id: providerTransferID(connection.provider, connection.ownerID, transfer.providerTransactionID),
    owner,
    transactionID: transfer.transactionID,
    accountNumber: transfer.accountNumber,
    amount: transfer.amount,
    description: transfer.description,
    matchText: transfer.matchText,
    transactedOn: transfer.transactedOn,
    ...(transfer.senderName ? { senderName: transfer.senderName } : {}),
    ...(transfer.senderAccount ? { senderAccount: transfer.senderAccount } : {}),
    provider: transfer.provider,
    providerTransactionID: transfer.providerTransactionID,
    ...(waitReason ? { waitReason } : {}),
    overpayment: 'credit',
  });
}

/**
 * `POST /api/BankFeed/SePay` with `Authorization: Apikey <key>`: 401 for a key no landlord has, before
 * the body is read; a body that is not SePay's is a 400 (SePay retries errors, so a fixed body is taken
 * later). A duplicate answers like the first call: SePay stops retrying on `{ success: true }`.
 */
export async function receiveSepay(
  deps: Deps,
  rawBody: string,
  authorization: string | null,
): Promise<{ success: true; outcome: FeedOutcome }> {
  const connection = await sepayConnectionOf(deps, authorization);
  if (!connection) throw AppError.unauthenticated(BANK_FEED_PROVIDER_MESSAGES.badApiKey);
  const { data } = parsed(sepayWebhookSchema, rawBody);
  const outcome = await receiveProviderTransfer(deps, connection, sepayTransfer(data));
  return { success: true, outcome };
}

/** Whether `header` is Casso's signature of `json` with `checksumKey`, in constant time. */
export function cassoSignatureValid(header: string | null, json: unknown, checksumKey: string): boolean {
  const parts = cassoSignatureParts(header);
  if (!parts) return false;
  const expected = createHmac('sha512', checksumKey)
    .update(`${parts.timestamp}.${JSON.stringify(withSortedKeys(json))}`, 'utf8')
    .digest();
  return timingSafeEqual(expected, Buffer.from(parts.signature, 'hex'));
}

/**
 * `POST /api/BankFeed/Casso?c=<connection>` with `X-Casso-Signature: t=<ms>,v1=<hex>`: 401 for an
 * unknown connection, a wrong signature or one older than 5 minutes; then as SePay.
 */
export async function receiveCasso(
  deps: Deps,
  rawBody: string,
  connectionID: string | null,
  signature: string | null,
): Promise<{ success: true; outcome: FeedOutcome }> {
  const connection = await cassoConnectionOf(deps, connectionID);
  if (!connection) throw AppError.unauthenticated(BANK_FEED_PROVIDER_MESSAGES.unknownConnection);
  const parts = cassoSignatureParts(signature);
  if (!parts) throw AppError.unauthenticated(BANK_FEED_PROVIDER_MESSAGES.badCassoSignature);
  if (Math.abs(deps.now().getTime() - Number(parts.timestamp)) > CASSO_TOLERANCE_MS) {
    throw AppError.unauthenticated(BANK_FEED_PROVIDER_MESSAGES.staleCassoSignature);
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw AppError.unauthenticated(BANK_FEED_PROVIDER_MESSAGES.badCassoSignature);
  }
  if (!cassoSignatureValid(signature, json, connection.checksumKey)) {
    throw AppError.unauthenticated(BANK_FEED_PROVIDER_MESSAGES.badCassoSignature);
  }
  const { data } = parsed(cassoWebhookSchema, rawBody);
  const outcome = await receiveProviderTransfer(deps, connection.doc, cassoTransfer(data));
  return { success: true, outcome };
}
