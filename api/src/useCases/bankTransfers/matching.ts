import {
  BANK_FEED_PROVIDER_MESSAGES,
  BANK_TRANSFER_MESSAGES,
  MESSAGES,
  bankFeedSchema,
  toFieldErrors,
  type BankFeedProvider,
  type BankFeedTransaction,
  type BankTransferAssignInput,
} from '@nhatro/common';
import {
  billCodesIn,
  normalizeAccountNumber,
  transferDecision,
  type TransferDecision,
} from '../../domain/bankTransfers.js';
import { AppError } from '../../domain/shared/errors.js';
import {
  bankTransfersPartition,
  type BankTransferDoc,
  type HouseScopedDoc,
  type UserDoc,
} from '../../domain/shared/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import type { Filter } from '../../domain/shared/query.js';
import { isStoreError, type BatchOp } from '../../store/store.js';
import { audit, auditOp, type Actor } from '../shared/actor.js';
import { billOwed, chargeOwed } from '../shared/billViews.js';
import type { Deps } from '../shared/deps.js';
import { houseDocs, readHouse } from '../shared/houseScope.js';
import { listEntities, type EntityPage } from '../shared/odataQuery.js';
import { creditOperations, payableName, payableNow, type PayableDoc } from '../shared/receivedPayments.js';
import { entityView } from '../shared/views.js';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { accountNumberHolders } from '../shared/users.js';

/**
 * Bank-transfer matching: the bank feed's webhook reports incoming transfers; one whose note names a
 * bill's code and whose amount is at most what it owes is credited at once; others wait in the
 * landlord's list to be assigned (or set aside). A transfer reported twice is counted once.
 */

/** Tries of a credit that met a concurrent change of the bill (a cash payment at that moment). */
const CREDIT_ATTEMPTS = 3;

function transfers(deps: Deps) {
  return deps.store.container<BankTransferDoc>('platform');
}

/** The landlord whose lessor info names this receiving account (landlords never share an account). */
async function landlordOfAccount(deps: Deps, accountNumber: string): Promise<UserDoc | undefined> {
  const holders = await accountNumberHolders(deps, accountNumber);
  return holders.length === 1 ? holders[0] : undefined;
}

/**
 * The bills and charges carrying one of `codes` in the houses of `ownerID`. Another landlord's bill is
 * left out as if its code did not exist: nothing a landlord sees (a waiting transfer's reason, an
 * assignment's refusal) may tell whether a code is a bill somewhere else.
 */
async function payablesByCode(deps: Deps, codes: readonly string[], ownerID: string): Promise<PayableDoc[]> {
  if (codes.length === 0) return [];
  const page = await houseDocs<PayableDoc>(deps).query({
    filter: {
      op: 'and',
      items: [
        { op: 'in', field: 'type', values: ['monthlyBill', 'oneTimeCharge'] },
        { op: 'in', field: 'billCode', values: [...codes] },
      ],
    },
    top: codes.length + 1,
  });
  const owned: PayableDoc[] = [];
  for (const found of page.items) {
    const house = await readHouse(deps, found.houseID);
    if (house?.ownerID === ownerID) owned.push(await payableNow(deps, found));
  }
  return owned;
}

function owedOn(target: PayableDoc): number {
  return target.type === 'monthlyBill' ? billOwed(target) : chargeOwed(target);
}

/**
 * Credits `transfer` to `target` and records it on the transfer: the credit and its messages are one
 * batch in the house (guarded by the bill's ETag, tried again on a concurrent change), then the transfer
 * says what it paid. Done twice, the second credit finds its reference on the bill and writes nothing.
 */
async function creditTransfer(
  deps: Deps,
  transfer: BankTransferDoc,
  found: PayableDoc,
  resolution: Pick<BankTransferDoc, 'status'> & { resolvedBy?: string },
  alongside: BatchOp<HouseScopedDoc>[] = [],
): Promise<BankTransferDoc> {
  let target = found;
  for (let attempt = 1; ; attempt += 1) {
    const operations = await creditOperations(
      deps,
      target,
      {
        amount: transfer.amount,
        method: 'transfer',
        reference: transfer.bankTransferID,
        paidOn: transfer.transactedOn,
        note: `Chuyển khoản ${transfer.transactionID}`,
      },
      `chuyển khoản, mã giao dịch ${transfer.transactionID}`,
    );
    try {
      // `alongside` (the landlord's audit entry) is written with the credit only: a transfer already
      // credited (the same assignment sent twice, or one stopped before the transfer was marked) is marked
      // below without a second entry, as its credit was recorded once.
      if (operations.length > 0) {
        await houseDocs<HouseScopedDoc>(deps).batch(target.houseID, [...operations, ...alongside]);
      }
      break;
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      if (!raced || attempt >= CREDIT_ATTEMPTS) throw error;
      const newer = await houseDocs<PayableDoc>(deps).read(target.houseID, target.id);
      if (!newer || newer.type !== target.type) throw error;
      target = newer;
    }
  }
  const { unmatchedReason: _reason, ...rest } = transfer;
  return transfers(deps).replace({
    ...rest,
    status: resolution.status,
    target: target.type,
    targetID: target.id,
    targetName: payableName(target),
    houseID: target.houseID,
    resolvedOn: deps.now().toISOString(),
    ...(resolution.resolvedBy ? { resolvedBy: resolution.resolvedBy } : {}),
  });
}

export type FeedOutcome = 'matched' | 'unmatched' | 'duplicate';

/** A reported transfer, whoever reported it, with what decides where it goes. */
export interface IncomingTransfer {
  /** The document's id: the same transaction from the same source is the same document. */
  id: string;
  /** The landlord it belongs to (`undefined`: no landlord; kept for the operator). */
  owner: UserDoc | undefined;
  transactionID: string;
  accountNumber: string;
  /** Negative: money that went out. */
  amount: number;
  description: string;
  /** Where bill codes are looked for (the note, and for SePay the code it recognised). */
  matchText: string;
  transactedOn: string;
  senderName?: string;
  senderAccount?: string;
  provider?: BankFeedProvider;
  providerTransactionID?: string;
  /** Why it waits whatever its note says (money out, another account, no landlord). */
  waitReason?: string;
  overpayment: 'credit' | 'wait';
}

/**
 * Records a reported transfer once (its id) and credits it to the bill its note names when the rules
 * allow, else leaves it waiting with the reason. A transfer recorded before and still `received` (a
 * call that failed half-way) is matched again; one already decided is a duplicate.
 */
export async function recordTransfer(deps: Deps, incoming: IncomingTransfer): Promise<FeedOutcome> {
  const { owner } = incoming;
  const pk = bankTransfersPartition(owner?.userID ?? '');
  let transfer = await transfers(deps).read(pk, incoming.id);
  if (transfer && transfer.status !== 'received') return 'duplicate';
  if (!transfer) {
    try {
      transfer = await transfers(deps).create({
        id: incoming.id,
        pk,
        type: 'bankTransfer',
        ownerID: owner?.userID ?? '',
        bankTransferID: incoming.id,
        transactionID: incoming.transactionID,
        accountNumber: incoming.accountNumber,
        amount: incoming.amount,
        description: incoming.description,
        transactedOn: incoming.transactedOn,
        receivedOn: deps.now().toISOString(),
        ...(incoming.senderName ? { senderName: incoming.senderName } : {}),
        ...(incoming.senderAccount ? { senderAccount: incoming.senderAccount } : {}),
        ...(incoming.provider ? { provider: incoming.provider } : {}),
        ...(incoming.providerTransactionID ? { providerTransactionID: incoming.providerTransactionID } : {}),
        status: 'received',
      });
    } catch (error) {
      if (isStoreError(error, 'conflict')) return 'duplicate';
      throw error;
    }
  }
  const codes = incoming.waitReason ? [] : billCodesIn(incoming.matchText);
  const found = owner && !incoming.waitReason ? await payablesByCode(deps, codes, owner.userID) : [];
  const target = found.length === 1 ? found[0] : undefined;
  const decision: TransferDecision = incoming.waitReason
    ? { kind: 'unmatched', reason: incoming.waitReason }
    : transferDecision({
        codes,
        amount: incoming.amount,
        targets: found.map((candidate) => ({ owed: owedOn(candidate) })),
        overpayment: incoming.overpayment,
      });
  if (decision.kind === 'credit' && target) {
    await creditTransfer(deps, transfer, target, { status: 'matched' });
    return 'matched';
  }
  await transfers(deps).replace({
    ...transfer,
    status: 'unmatched',
    unmatchedReason: decision.kind === 'unmatched' ? decision.reason : BANK_TRANSFER_MESSAGES.unknownCode,
  });
  return 'unmatched';
}

async function receiveTransaction(deps: Deps, transaction: BankFeedTransaction): Promise<FeedOutcome> {
  const accountNumber = normalizeAccountNumber(transaction.accountNumber);
  const owner = await landlordOfAccount(deps, accountNumber);
  return recordTransfer(deps, {
    id: bankTransferID(accountNumber, transaction.transactionID),
    owner,
    transactionID: transaction.transactionID,
    accountNumber,
    amount: transaction.amount,
    description: transaction.description,
    matchText: transaction.description,
    transactedOn: new Date(transaction.transactedOn).toISOString(),
    ...(transaction.senderName ? { senderName: transaction.senderName } : {}),
    ...(transaction.senderAccount ? { senderAccount: transaction.senderAccount } : {}),
    ...(owner ? {} : { waitReason: 'Tài khoản nhận không thuộc chủ trọ nào.' }),
    overpayment: 'wait',
  });
}

export interface FeedSummary {
  received: number;
  matched: number;
  unmatched: number;
  duplicates: number;
}

/**
 * `POST /api/BankFeed/Transactions`: refuses a call without a valid, recent signature (401) before
 * reading it; then records and matches each transfer.
 */
export async function receiveBankFeed(
  deps: Deps,
  rawBody: string,
  signature: string | null,
): Promise<FeedSummary> {
  const secret = deps.config.bankFeedSecret;
  if (!secret || !verifyFeedSignature(signature, rawBody, secret, Math.floor(deps.now().getTime() / 1000))) {
    throw AppError.unauthenticated(BANK_TRANSFER_MESSAGES.badSignature);
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw AppError.badRequest(MESSAGES.malformedJson);
  }
  const parsed = bankFeedSchema.safeParse(json);
  if (!parsed.success) {
    throw AppError.validation(toFieldErrors(parsed.error));
  }
  const summary: FeedSummary = { received: 0, matched: 0, unmatched: 0, duplicates: 0 };
  for (const transaction of parsed.data.transactions) {
    const outcome = await receiveTransaction(deps, transaction);
    summary.received += 1;
    if (outcome === 'matched') summary.matched += 1;
    else if (outcome === 'unmatched') summary.unmatched += 1;
    else summary.duplicates += 1;
  }
  return summary;
}

/** `GET /odata/BankTransfer?status=unmatched`: the landlord's transfers, newest first. */
export function listBankTransfers(
  actor: Actor,
  scope: { status?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'bankTransfer' }];
  if (scope.status) conditions.push({ op: 'eq', field: 'status', value: scope.status });
  return listEntities(
    transfers(actor.deps),
    { partitionKey: bankTransfersPartition(actor.user.userID), filter: { op: 'and', items: conditions } },
    query,
    [{ field: 'transactedOn', desc: true }],
    (doc) => entityView(doc),
  );
}

async function ownTransfer(actor: Actor, bankTransferID: string): Promise<BankTransferDoc> {
  const doc = await transfers(actor.deps).read(bankTransfersPartition(actor.user.userID), bankTransferID);
  if (doc?.type !== 'bankTransfer') throw AppError.notFound();
  return doc;
}

/** `POST /api/BankFeed/Assign`: the landlord credits a waiting (or set-aside) transfer to a bill by its code. */
export async function assignBankTransfer(actor: Actor, input: BankTransferAssignInput) {
  const transfer = await ownTransfer(actor, input.bankTransferID);
  if (transfer.status !== 'unmatched' && transfer.status !== 'dismissed') {
    throw AppError.conflict(BANK_TRANSFER_MESSAGES.notWaiting);
  }
  if (transfer.amount <= 0) throw AppError.conflict(BANK_FEED_PROVIDER_MESSAGES.outgoingAssign);
  // Only the landlord's own bills: another landlord's code is refused as one that does not exist.
  const [target] = await payablesByCode(actor.deps, [input.billCode], actor.user.userID);
  if (!target) throw AppError.notFound(BANK_TRANSFER_MESSAGES.unknownCode);
  const entry = auditOp(actor, target.houseID, {
    action: 'assignTransfer',
    entity: target.type,
    entityID: target.id,
    details: { bankTransferID: transfer.bankTransferID, amount: transfer.amount },
  });
  // The transfer is claimed (If-Match) before its credit: of two assignments at once, to one bill or two,
  // one goes on and the other is refused as stale (412) before crediting anything.
  const claimed = await transfers(actor.deps).replace(
    transfer,
    transfer._etag ? { ifMatch: transfer._etag } : {},
  );
  const saved = await creditTransfer(
    actor.deps,
    claimed,
    target,
    { status: 'assigned', resolvedBy: actor.user.userID },
    [entry],
  );
  return entityView(saved);
}

/** `POST /api/BankFeed/Dismiss`: a transfer that is not rent leaves the waiting list (it can still be assigned). */
export async function dismissBankTransfer(actor: Actor, bankTransferID: string) {
  const transfer = await ownTransfer(actor, bankTransferID);
  if (transfer.status !== 'unmatched') throw AppError.conflict(BANK_TRANSFER_MESSAGES.notWaiting);
  const saved = await transfers(actor.deps).replace(
    {
      ...transfer,
      status: 'dismissed',
      resolvedOn: actor.deps.now().toISOString(),
      resolvedBy: actor.user.userID,
    },
    transfer._etag ? { ifMatch: transfer._etag } : {},
  );
  await audit(actor, {
    action: 'dismissTransfer',
    entity: 'bankTransfer',
    entityID: bankTransferID,
    houseID: null,
  });
  return entityView(saved);
}

// The feed's signature and a transfer's id are hashes (node:crypto), so they live here, not in domain/.

/** How old a signed call may be: a captured call replayed later is refused. */
const FEED_SIGNATURE_TOLERANCE_SECONDS = 300;

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

/** A transfer's id: the same bank transaction on the same account is the same document. */
export function bankTransferID(accountNumber: string, transactionID: string): string {
  return createHash('sha256')
    .update(`${normalizeAccountNumber(accountNumber)}|${transactionID}`, 'utf8')
    .digest('hex')
    .slice(0, 32);
}
