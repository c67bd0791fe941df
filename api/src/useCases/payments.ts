import { randomBytes } from 'node:crypto';
import {
  BILL_STATUS,
  isValidID,
  PAYMENT_MESSAGES,
  ROLE,
  type PaymentResult,
  type PaymentTarget,
  type PaymentUrlReply,
} from '@nhatro/common';
import { AppError } from '../domain/errors.js';
import type { HouseScopedDoc, MonthlyBillDoc, OneTimeChargeDoc, PaymentDoc } from '../domain/model.js';
import {
  decideIpn,
  gatewayDateToIso,
  gatewayOrderInfo,
  IPN_REPLIES,
  reportedState,
  type GatewayReport,
  type IpnCode,
} from '../domain/onlinePayments.js';
import { StoreError, type BatchOp } from '../store/store.js';
import { audit, type Actor } from './actor.js';
import { billOwed, chargeOwed } from './billViews.js';
import type { Deps } from './deps.js';
import { houseDocs } from './houseScope.js';
import { billingDocForCaller } from './monthlyBills.js';
import { creditOperations, type PayableDoc } from './receivedPayments.js';

/**
 * Online payment (VNPay): a payment URL for what a bill or charge still owes, the gateway's
 * notification (IPN) that alone confirms and credits, the browser's return, and the result the public
 * pages read. A payment lives with what it pays (the house's partition): crediting it, moving the payment
 * to its final state and writing the messages is one batch, guarded by both ETags, so however many copies
 * of a notification arrive at once, exactly one credits.
 */

/** The gateway refuses a payment URL older than this. */
const PAYMENT_URL_MINUTES = 15;
/** How often a confirmation is tried again when the bill changed under it (a cash payment at that moment). */
const CONFIRM_ATTEMPTS = 5;

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

function refusal(errorMessage: string): PaymentUrlReply {
  return { status: false, errorMessage, paymentURL: null };
}

interface PayableOrder {
  target: PaymentTarget;
  targetID: string;
  houseID: string;
  contractID: string;
  description: string;
  code: string;
  amount: number;
}

/** Only the tenant of the bill's contract (lessee scope) and the landlord ask; staff collect cash instead. */
function assertMayPay(actor: Actor): void {
  if (actor.user.roleID !== ROLE.lessee && actor.user.roleID !== ROLE.houseModerator) {
    throw AppError.forbidden();
  }
}

async function startPayment(actor: Actor, order: PayableOrder): Promise<PaymentUrlReply> {
  const { deps } = actor;
  const gateway = deps.payments;
  if (!gateway) return refusal(PAYMENT_MESSAGES.notConfigured);
  const now = deps.now();
  const paymentID = newPaymentID();
  const expiresAt = new Date(now.getTime() + PAYMENT_URL_MINUTES * 60_000);
  let paymentURL: string;
  try {
    paymentURL = await gateway.paymentUrl({
      paymentID,
      amount: order.amount,
      orderInfo: gatewayOrderInfo(order.description, order.code),
      ipAddress: actor.origin.ip === 'unknown' ? '127.0.0.1' : actor.origin.ip,
      returnUrl: `${deps.config.apiOrigin}/api/Payment/VNPayReturn`,
      createdAt: now,
      expiresAt,
    });
  } catch {
    return refusal(PAYMENT_MESSAGES.gatewayUnavailable);
  }
  const payment: PaymentDoc = {
    id: paymentID,
    pk: order.houseID,
    type: 'payment',
    paymentID,
    houseID: order.houseID,
    contractID: order.contractID,
    target: order.target,
    targetID: order.targetID,
    description: order.description,
    amount: order.amount,
    state: 'pending',
    gateway: 'vnpay',
    requestedBy: actor.user.userID,
    createdOn: now.toISOString(),
    expiresOn: expiresAt.toISOString(),
  };
  await houseDocs<PaymentDoc>(deps).create(payment);
  await audit(actor, {
    action: 'requestPayment',
    entity: order.target,
    entityID: order.targetID,
    houseID: order.houseID,
    details: { paymentID, amount: order.amount },
  });
  return { status: true, errorMessage: '', paymentURL };
}

/** `GET /api/Payment/RequestPaymentURLForMonthlyBill?monthlyBillID=…`: for what the bill still owes. */
export async function requestMonthlyBillPayment(
  actor: Actor,
  monthlyBillID: string,
): Promise<PaymentUrlReply> {
  assertMayPay(actor);
  const { doc: bill } = await billingDocForCaller<MonthlyBillDoc>(actor, 'monthlyBill', monthlyBillID);
  if (bill.status === BILL_STATUS.carriedOver) return refusal(PAYMENT_MESSAGES.billCarriedOver);
  const owed = billOwed(bill);
  if (owed <= 0) return refusal(PAYMENT_MESSAGES.billAlreadyPaid);
  return startPayment(actor, {
    target: 'monthlyBill',
    targetID: bill.monthlyBillID,
    houseID: bill.houseID,
    contractID: bill.contractID,
    description: bill.billName,
    code: bill.billCode,
    amount: owed,
  });
}

/** `GET /api/Payment/RequestPaymentURLForOneTimeCharge?oneTimeChargeID=…`. */
export async function requestOneTimeChargePayment(
  actor: Actor,
  oneTimeChargeID: string,
): Promise<PaymentUrlReply> {
  assertMayPay(actor);
  const { doc: charge } = await billingDocForCaller<OneTimeChargeDoc>(
    actor,
    'oneTimeCharge',
    oneTimeChargeID,
  );
  const owed = chargeOwed(charge);
  if (owed <= 0) return refusal(PAYMENT_MESSAGES.chargeAlreadyPaid);
  return startPayment(actor, {
    target: 'oneTimeCharge',
    targetID: charge.oneTimeChargeID,
    houseID: charge.houseID,
    contractID: charge.contractID,
    description: charge.description,
    code: charge.billCode,
    amount: owed,
  });
}

/** A payment by its id alone (the gateway's reference carries no house): one indexed lookup. */
async function findPayment(deps: Deps, paymentID: string): Promise<PaymentDoc | undefined> {
  if (!isValidID(paymentID)) return undefined;
  const page = await houseDocs<PaymentDoc>(deps).query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'payment' },
        { op: 'eq', field: 'id', value: paymentID },
      ],
    },
    top: 1,
  });
  return page.items[0];
}

/**
 * Moves a pending payment to what the gateway reported and, for a success, credits what it pays: one
 * batch, guarded by the payment's and the bill's ETags. A concurrent copy of the notification that wins
 * first leaves this one with "already confirmed"; a bill changed meanwhile (cash) is read again.
 */
async function confirmPayment(deps: Deps, found: PaymentDoc, report: GatewayReport): Promise<IpnCode> {
  const state = reportedState(report);
  let payment = found;
  for (let attempt = 1; ; attempt += 1) {
    const now = deps.now().toISOString();
    const confirmed: PaymentDoc = {
      ...payment,
      state,
      confirmedOn: now,
      ...(report.responseCode ? { responseCode: report.responseCode } : {}),
      ...(report.transactionNo ? { gatewayTransactionNo: report.transactionNo } : {}),
      ...(report.bankCode ? { bankCode: report.bankCode } : {}),
      ...(report.cardType ? { cardType: report.cardType } : {}),
    };
    const operations: BatchOp<HouseScopedDoc>[] = [
      { op: 'replace', doc: confirmed, ...(payment._etag ? { ifMatch: payment._etag } : {}) },
    ];
    const target =
      state === 'succeeded'
        ? await houseDocs<PayableDoc>(deps).read(payment.pk, payment.targetID)
        : undefined;
    if (target && target.type === payment.target) {
      const via = report.transactionNo ? `VNPay, mã giao dịch ${report.transactionNo}` : 'VNPay';
      const received = {
        amount: payment.amount,
        method: 'online' as const,
        reference: payment.paymentID,
        paidOn: gatewayDateToIso(report.payDate) ?? now,
        note: report.transactionNo ? `VNPay ${report.transactionNo}` : 'VNPay',
      };
      operations.push(...(await creditOperations(deps, target, received, via)));
    }
    try {
      await houseDocs<HouseScopedDoc>(deps).batch(payment.pk, operations);
      return '00';
    } catch (error) {
      const raced = error instanceof StoreError && error.code === 'precondition_failed';
      if (!raced || attempt >= CONFIRM_ATTEMPTS) throw error;
      const fresh = await houseDocs<PaymentDoc>(deps).read(payment.pk, payment.id);
      if (fresh?.type !== 'payment' || fresh.state !== 'pending') return '02';
      payment = fresh;
    }
  }
}

/** What the notification endpoint answers VNPay (`{ RspCode, Message }`). */
export type IpnReply = (typeof IPN_REPLIES)[IpnCode];

/**
 * `GET /api/Payment/VNPayIPN`: the gateway's server-to-server notification, the only thing that
 * confirms a payment. Answers VNPay's codes exactly (97 checksum, 01 unknown order, 04 amount, 02 already
 * confirmed, 00 confirmed now, 99 anything unexpected); a failure or cancellation is recorded, never credited.
 */
export async function receiveGatewayNotification(
  deps: Deps,
  query: URLSearchParams,
  log: (message: string) => void = () => undefined,
): Promise<IpnReply> {
  try {
    if (!deps.payments) return IPN_REPLIES['97'];
    const { verified, report } = await deps.payments.verifyCallback(query);
    const payment = verified && report ? await findPayment(deps, report.paymentID) : undefined;
    const decision = decideIpn({ verified, report, payment });
    if (decision.code !== '00' || !payment || !report) return IPN_REPLIES[decision.code];
    return IPN_REPLIES[await confirmPayment(deps, payment, report)];
  } catch (error) {
    log(`VNPay IPN failed: ${error instanceof Error ? error.message : String(error)}`);
    return IPN_REPLIES['99'];
  }
}

/**
 * `GET /api/Payment/VNPayReturn`: where the gateway sends the browser back. Checks the checksum and
 * chooses the result page; it never credits anything (the notification does).
 */
export async function gatewayReturnPage(deps: Deps, query: URLSearchParams): Promise<string> {
  const web = deps.config.webOrigin;
  const failure = `${web}/paymentFailure`;
  if (!deps.payments) return failure;
  const { verified, report } = await deps.payments.verifyCallback(query);
  if (!verified || !report) return failure;
  const payment = await findPayment(deps, report.paymentID);
  if (!payment) return failure;
  const id = encodeURIComponent(payment.paymentID);
  if (reportedState(report) !== 'succeeded') return `${failure}?paymentID=${id}`;
  return payment.target === 'monthlyBill'
    ? `${web}/paymentSuccessful/${id}`
    : `${web}/paymentOTCSuccessfull/${id}`;
}

/**
 * `GET /api/Payment/MonthlyBillPaymentComplete|OTCPaymentComplete|PaymentComplete?paymentID=…`: the state
 * the gateway's notification confirmed, for pages without a session: the amount, what was paid, the state.
 */
export async function paymentResult(
  deps: Deps,
  paymentID: string | undefined,
  target?: PaymentTarget,
): Promise<PaymentResult> {
  const payment = paymentID ? await findPayment(deps, paymentID) : undefined;
  if (!payment || (target && payment.target !== target))
    throw AppError.notFound(PAYMENT_MESSAGES.paymentNotFound);
  return {
    paymentID: payment.paymentID,
    target: payment.target,
    description: payment.description,
    amount: payment.amount,
    state: payment.state,
    createdOn: payment.createdOn,
    ...(payment.confirmedOn ? { confirmedOn: payment.confirmedOn } : {}),
    ...(payment.gatewayTransactionNo ? { gatewayTransactionNo: payment.gatewayTransactionNo } : {}),
    ...(payment.bankCode ? { bankCode: payment.bankCode } : {}),
  };
}
