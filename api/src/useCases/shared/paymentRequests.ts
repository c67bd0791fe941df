import {
  PAYMENT_MESSAGES,
  type PaymentTarget,
  type PaymentUrlReply,
  type PlatformPaymentTarget,
} from '@nhatro/common';
import { randomBytes } from 'node:crypto';
import type { OpenPaymentDoc, PaymentDoc } from '../../domain/shared/model.js';
import { isStoreError, type BatchOp, type StoredDoc } from '../../store/store.js';
import type { Deps } from './deps.js';
import { gatewayOrderInfo, PAYMENT_URL_MINUTES } from '../../domain/shared/onlinePayments.js';
import type { RequestOrigin } from './audit.js';
import { queryAll } from './queryAll.js';

/**
 * Starting an online payment: a pending payment record and the gateway's URL for it. Tenants' bills and
 * charges (payments.ts) and the platform's registrations and requests start theirs here. What is paid has
 * one open payment: a new link replaces the open one (docs/payments.md, "One open payment").
 */

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 24 letters and digits (≈143 bits): the gateway's order reference takes only those, and nobody guesses it. */
function newPaymentID(): string {
  const bytes = randomBytes(32);
  let id = '';
  for (const byte of bytes) {
    // 248 = 4 × 62: dropping the rest keeps every character equally likely.
    if (byte < 248) id += ID_ALPHABET[byte % 62];
    if (id.length === 24) return id;
  }
  return id + newPaymentID().slice(id.length);
}

export function refusal(errorMessage: string): PaymentUrlReply {
  return { status: false, errorMessage, paymentURL: null };
}

/** Where a payment's record lives: with what it pays. */
export interface PaymentPlace {
  container: 'houses' | 'platform';
  pk: string;
}

export interface PayableOrder {
  target: PaymentTarget;
  targetID: string;
  place: PaymentPlace;
  /** A tenant's bill or charge. */
  houseID?: string;
  contractID?: string;
  description: string;
  code: string;
  amount: number;
  /** Others whose open payments this one replaces too: bills carried over into this one (their links pay it). */
  replaces?: readonly string[];
}

export function payments(deps: Deps, container: PaymentPlace['container']) {
  return deps.store.container<PaymentDoc>(container);
}

/**
 * Records a pending payment for `order` and builds the gateway's URL for it. `auditOpOf` (a house's
 * payment): the audit entry of the request for this payment's id (`auditOp`), written as one more op of
 * the same batch, so the payment is never saved without its entry.
 */
export async function startPayment(
  deps: Deps,
  origin: RequestOrigin,
  requestedBy: string,
  order: PayableOrder,
  auditOpOf?: (paymentID: string) => BatchOp<StoredDoc>,
): Promise<{ reply: PaymentUrlReply; paymentID?: string }> {
  const gateway = deps.payments;
  if (!gateway) return { reply: refusal(PAYMENT_MESSAGES.notConfigured) };
  const now = deps.now();
  const paymentID = newPaymentID();
  const expiresAt = new Date(now.getTime() + PAYMENT_URL_MINUTES * 60000);
  let paymentURL: string;
  try {
    paymentURL = await gateway.paymentUrl({
      paymentID,
      amount: order.amount,
      orderInfo: gatewayOrderInfo(order.description, order.code),
      ipAddress: origin.ip === 'unknown' ? '127.0.0.1' : origin.ip,
      returnUrl: `${deps.config.apiOrigin}/api/Payment/VNPayReturn`,
      createdAt: now,
      expiresAt,
    });
  } catch {
    return { reply: refusal(PAYMENT_MESSAGES.gatewayUnavailable) };
  }
  const payment: PaymentDoc = {
    id: paymentID,
    pk: order.place.pk,
    type: 'payment',
    paymentID,
    ...(order.houseID ? { houseID: order.houseID } : {}),
    ...(order.contractID ? { contractID: order.contractID } : {}),
    target: order.target,
    targetID: order.targetID,
    description: order.description,
    amount: order.amount,
    state: 'pending',
    gateway: 'vnpay',
    requestedBy,
    createdOn: now.toISOString(),
    expiresOn: expiresAt.toISOString(),
  };
  try {
    const operations = await openingOperations(deps, order, payment);
    if (auditOpOf) operations.push(auditOpOf(paymentID));
    await deps.store.container<StoredDoc>(order.place.container).batch(order.place.pk, operations);
  } catch (error) {
    // Another link of the same thing was asked, or an open one confirmed, at this very moment.
    if (isStoreError(error, 'precondition_failed') || isStoreError(error, 'conflict')) {
      return { reply: refusal(PAYMENT_MESSAGES.linkRaced) };
    }
    throw error;
  }
  return { reply: { status: true, errorMessage: '', paymentURL }, paymentID };
}

/**
 * One batch: the new payment, the open-payment marker moved to it (guarded by its ETag, or created), and
 * every open payment of what it pays (and of what was carried into it) replaced: the gateway's page of an
 * older link may still be paid until it expires, but that money no longer credits anything.
 */
async function openingOperations(
  deps: Deps,
  order: PayableOrder,
  payment: PaymentDoc,
): Promise<BatchOp<StoredDoc>[]> {
  const { container, pk } = order.place;
  const markerID = `openPayment_${order.targetID}`;
  const marker = await deps.store.container<OpenPaymentDoc>(container).read(pk, markerID);
  const open = await queryAll(payments(deps, container), {
    partitionKey: pk,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'payment' },
        { op: 'eq', field: 'state', value: 'pending' },
        { op: 'in', field: 'targetID', values: [order.targetID, ...(order.replaces ?? [])] },
      ],
    },
  });
  const next: OpenPaymentDoc = {
    id: markerID,
    pk,
    type: 'openPayment',
    targetID: order.targetID,
    paymentID: payment.paymentID,
    updatedOn: payment.createdOn,
  };
  return [
    { op: 'create', doc: payment },
    marker
      ? { op: 'replace', doc: next, ...(marker._etag ? { ifMatch: marker._etag } : {}) }
      : { op: 'create', doc: next },
    ...open.map((old): BatchOp<StoredDoc> => {
      const replaced: PaymentDoc = {
        ...old,
        state: 'replaced',
        replacedBy: payment.paymentID,
        replacedOn: payment.createdOn,
      };
      return { op: 'replace', doc: replaced, ...(old._etag ? { ifMatch: old._etag } : {}) };
    }),
  ];
}

/** What a landlord (or a future one) owes the platform: a registration's fee, a room purchase, an extension. */
export interface PlatformPayable {
  target: PlatformPaymentTarget;
  /** The registration's or request's id, and its partition in `platform`. */
  targetID: string;
  pk: string;
  description: string;
  /** A short reference shown on the gateway's page and the bank statement. */
  code: string;
  amount: number;
}

/**
 * The gateway's URL for a platform payment (issue 12's registration fee, room purchases, extensions);
 * `requestedBy` is the landlord's userID, or the registration's id before an account exists.
 */
export async function requestPlatformPayment(
  deps: Deps,
  origin: RequestOrigin,
  requestedBy: string,
  payable: PlatformPayable,
): Promise<PaymentUrlReply> {
  const { reply } = await startPayment(deps, origin, requestedBy, {
    ...payable,
    place: { container: 'platform', pk: payable.pk },
  });
  return reply;
}
