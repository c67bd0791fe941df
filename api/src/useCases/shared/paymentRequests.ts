import {
  PAYMENT_MESSAGES,
  type PaymentTarget,
  type PaymentUrlReply,
  type PlatformPaymentTarget,
} from '@nhatro/common';
import { randomBytes } from 'node:crypto';
import type { PaymentDoc } from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { gatewayOrderInfo } from '../../domain/shared/onlinePayments.js';
import type { RequestOrigin } from './audit.js';

/**
 * Starting an online payment: a pending payment record and the gateway's URL for it. Tenants' bills and
 * charges (payments.ts) and the platform's registrations and requests start theirs here.
 */

/** The gateway refuses a payment URL older than this. */
const PAYMENT_URL_MINUTES = 15;
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
}

export function payments(deps: Deps, container: PaymentPlace['container']) {
  return deps.store.container<PaymentDoc>(container);
}

/** Records a pending payment for `order` and builds the gateway's URL for it. */
export async function startPayment(
  deps: Deps,
  origin: RequestOrigin,
  requestedBy: string,
  order: PayableOrder,
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
  await payments(deps, order.place.container).create(payment);
  return { reply: { status: true, errorMessage: '', paymentURL }, paymentID };
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
