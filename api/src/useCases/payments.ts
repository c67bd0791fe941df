import {
  BILL_STATUS,
  isValidID,
  PAYMENT_MESSAGES,
  ROLE,
  PAYMENT_TARGET_LABELS,
  type PaymentResult,
  type PaymentTarget,
  type PaymentUrlReply,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import type {
  MonthlyBillDoc,
  OneTimeChargeDoc,
  PaymentDoc,
  PlatformPayableDoc,
} from '../domain/shared/model.js';
import {
  decideIpn,
  gatewayDateToIso,
  IPN_REPLIES,
  reportedState,
  type GatewayReport,
  type IpnCode,
} from '../domain/shared/onlinePayments.js';
import { applyPlatformPayment } from '../domain/payments.js';
import { isStoreError, type BatchOp, type StoredDoc } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { billOwed, chargeOwed } from './shared/billViews.js';
import type { Deps } from './shared/deps.js';
import { houseDocs } from './shared/houseScope.js';
import { billingDocForCaller } from './shared/billingDocs.js';
import { outboxCreate } from './shared/outboxMessages.js';
import { creditOperations, payableNow, type PayableDoc } from './shared/receivedPayments.js';
import { findUser } from './shared/users.js';
import {
  payments,
  refusal,
  startPayment,
  type PayableOrder,
  type PaymentPlace,
} from './shared/paymentRequests.js';

/**
 * Online payment (VNPay): a payment URL for what a bill or charge still owes, the gateway's
 * notification (IPN) that alone confirms and credits, the browser's return, and the result the public
 * pages read. A payment lives with what it pays (the house's partition): crediting it, moving the payment
 * to its final state and writing the messages is one batch, guarded by both ETags, so however many copies
 * of a notification arrive at once, exactly one credits.
 */

/** How often a confirmation is tried again when the bill changed under it (a cash payment at that moment). */
const CONFIRM_ATTEMPTS = 5;

/** Only the tenant of the bill's contract (lessee scope) and the landlord ask; staff collect cash instead. */
function assertMayPay(actor: Actor): void {
  if (actor.user.roleID !== ROLE.lessee && actor.user.roleID !== ROLE.houseModerator) {
    throw AppError.forbidden();
  }
}

/** A tenant's bill or charge: recorded with the house, audited as the caller's. */
async function startTenantPayment(
  actor: Actor,
  order: Omit<PayableOrder, 'place'> & { houseID: string },
): Promise<PaymentUrlReply> {
  const { reply, paymentID } = await startPayment(actor.deps, actor.origin, actor.user.userID, {
    ...order,
    place: { container: 'houses', pk: order.houseID },
  });
  if (paymentID) {
    await audit(actor, {
      action: 'requestPayment',
      entity: order.target,
      entityID: order.targetID,
      houseID: order.houseID,
      details: { paymentID, amount: order.amount },
    });
  }
  return reply;
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
  return startTenantPayment(actor, {
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
  return startTenantPayment(actor, {
    target: 'oneTimeCharge',
    targetID: charge.oneTimeChargeID,
    houseID: charge.houseID,
    contractID: charge.contractID,
    description: charge.description,
    code: charge.billCode,
    amount: owed,
  });
}

/** A payment by its id alone (the gateway's reference carries no partition): one indexed lookup per container. */
async function findPayment(
  deps: Deps,
  paymentID: string,
): Promise<{ payment: PaymentDoc; container: PaymentPlace['container'] } | undefined> {
  if (!isValidID(paymentID)) return undefined;
  for (const container of ['houses', 'platform'] as const) {
    const page = await payments(deps, container).query({
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'payment' },
          { op: 'eq', field: 'id', value: paymentID },
        ],
      },
      top: 1,
    });
    const payment = page.items[0];
    if (payment) return { payment, container };
  }
  return undefined;
}

/** The writes that credit a confirmed platform payment to its registration or request, and the payer's message. */
async function platformCreditOperations(
  deps: Deps,
  payment: PaymentDoc,
  paidOn: string,
): Promise<BatchOp<StoredDoc>[]> {
  const target = await deps.store
    .container<PlatformPayableDoc>('platform')
    .read(payment.pk, payment.targetID);
  if (!target) return [];
  const credited = applyPlatformPayment(target, {
    paymentID: payment.paymentID,
    amount: payment.amount,
    paidOn,
  });
  if (!credited) return [];
  const requester = target.requestedBy ? await findUser(deps, target.requestedBy) : undefined;
  const recipient = {
    ...(requester ? { userID: requester.userID } : {}),
    ...((target.fullName ?? requester?.fullName) ? { name: target.fullName ?? requester?.fullName } : {}),
    ...((target.email ?? requester?.email) ? { email: target.email ?? requester?.email } : {}),
    ...((target.phoneNumber ?? requester?.phoneNumber)
      ? { phoneNumber: target.phoneNumber ?? requester?.phoneNumber }
      : {}),
  };
  const amount = `${payment.amount.toLocaleString('vi-VN')} ₫`;
  return [
    { op: 'replace', doc: credited, ...(target._etag ? { ifMatch: target._etag } : {}) },
    outboxCreate(deps, payment.pk, {
      event: 'paymentReceived',
      recipient,
      subject: `Nhà trọ: đã nhận ${amount}`,
      body: `Đã nhận ${amount} cho ${PAYMENT_TARGET_LABELS[payment.target].toLowerCase()}. Yêu cầu của bạn đang chờ hệ thống xét duyệt.`,
      subjectID: payment.targetID,
    }),
  ];
}

/**
 * Moves a pending payment to what the gateway reported and, for a success, credits what it pays: one
 * batch, guarded by the payment's and the bill's ETags. A concurrent copy of the notification that wins
 * first leaves this one with "already confirmed"; a bill changed meanwhile (cash) is read again.
 */
async function confirmPayment(
  deps: Deps,
  found: PaymentDoc,
  container: PaymentPlace['container'],
  report: GatewayReport,
): Promise<IpnCode> {
  const state = reportedState(report);
  const store = deps.store.container<StoredDoc>(container);
  let payment = found;
  for (let attempt = 1; ; attempt += 1) {
    const now = deps.now().toISOString();
    const paidOn = gatewayDateToIso(report.payDate) ?? now;
    const confirmed: PaymentDoc = {
      ...payment,
      state,
      confirmedOn: now,
      ...(report.responseCode ? { responseCode: report.responseCode } : {}),
      ...(report.transactionNo ? { gatewayTransactionNo: report.transactionNo } : {}),
      ...(report.bankCode ? { bankCode: report.bankCode } : {}),
      ...(report.cardType ? { cardType: report.cardType } : {}),
    };
    const operations: BatchOp<StoredDoc>[] = [
      { op: 'replace', doc: confirmed, ...(payment._etag ? { ifMatch: payment._etag } : {}) },
    ];
    if (state === 'succeeded' && container === 'platform') {
      operations.push(...(await platformCreditOperations(deps, payment, paidOn)));
    } else if (state === 'succeeded') {
      const paidFor = await houseDocs<PayableDoc>(deps).read(payment.pk, payment.targetID);
      // A bill carried over meanwhile is paid where its remainder is now asked for.
      const target = paidFor?.type === payment.target ? await payableNow(deps, paidFor) : undefined;
      if (target) {
        const via = report.transactionNo ? `VNPay, mã giao dịch ${report.transactionNo}` : 'VNPay';
        const received = {
          amount: payment.amount,
          method: 'online' as const,
          reference: payment.paymentID,
          paidOn,
          note: report.transactionNo ? `VNPay ${report.transactionNo}` : 'VNPay',
        };
        operations.push(...(await creditOperations(deps, target, received, via)));
      }
    }
    try {
      await store.batch(payment.pk, operations);
      return '00';
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      if (!raced || attempt >= CONFIRM_ATTEMPTS) throw error;
      const fresh = await payments(deps, container).read(payment.pk, payment.id);
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
    const found = verified && report ? await findPayment(deps, report.paymentID) : undefined;
    const decision = decideIpn({ verified, report, payment: found?.payment });
    if (decision.code !== '00' || !found || !report) return IPN_REPLIES[decision.code];
    return IPN_REPLIES[await confirmPayment(deps, found.payment, found.container, report)];
  } catch (error) {
    log(`VNPay IPN failed: ${error instanceof Error ? error.message : String(error)}`);
    return IPN_REPLIES['99'];
  }
}

/** The spec's result page of each kind of payment (the last two routes carry no id: it goes in the query). */
const SUCCESS_PAGES: Record<PaymentTarget, (paymentID: string) => string> = {
  monthlyBill: (id) => `/paymentSuccessful/${id}`,
  oneTimeCharge: (id) => `/paymentOTCSuccessfull/${id}`,
  registration: (id) => `/paymentLessorSuccessful/${id}`,
  roomPurchase: (id) => `/BuyingMoreRoomPaymentSuccessful?paymentID=${id}`,
  accountExtension: (id) => `/ExtendAccountPaymentSuccessful?paymentID=${id}`,
};

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
  const found = await findPayment(deps, report.paymentID);
  if (!found) return failure;
  const id = encodeURIComponent(found.payment.paymentID);
  if (reportedState(report) !== 'succeeded') {
    // The gateway's reason goes along: the notification that records it may not have arrived yet.
    const code = /^\d{2}$/.test(report.responseCode) ? `&responseCode=${report.responseCode}` : '';
    return `${failure}?paymentID=${id}${code}`;
  }
  return `${web}${SUCCESS_PAGES[found.payment.target](id)}`;
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
  const payment = paymentID ? (await findPayment(deps, paymentID))?.payment : undefined;
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
    // The gateway's reason, for a payment it did not take.
    ...(payment.responseCode && payment.responseCode !== '00' ? { responseCode: payment.responseCode } : {}),
  };
}
