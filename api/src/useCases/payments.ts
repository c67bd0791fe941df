import {
  BILL_STATUS,
  isValidID,
  PAYMENT_MESSAGES,
  ROLE,
  PAYMENT_TARGET_LABELS,
  type PaymentResult,
  type PaymentTarget,
  type PaymentUrlReply,
  type RefundReason,
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
  isUnreported,
  refundDueTexts,
  refundReasonOf,
  reportedState,
  type GatewayReport,
  type IpnCode,
} from '../domain/shared/onlinePayments.js';
import type { OutboxRecipient } from '../domain/outbox.js';
import { log } from '../telemetry/log.js';
import { applyPlatformPayment } from '../domain/payments.js';
import { isStoreError, type BatchOp, type StoredDoc } from '../store/store.js';
import { auditOp, type Actor } from './shared/actor.js';
import { billOwed, chargeOwed } from './shared/billViews.js';
import type { Deps } from './shared/deps.js';
import { houseDocs } from './shared/houseScope.js';
import { billingDocForCaller } from './shared/billingDocs.js';
import { outboxCreate } from './shared/outboxMessages.js';
import {
  creditOperations,
  landlordAndTenantMessages,
  payableNow,
  type PayableDoc,
} from './shared/receivedPayments.js';
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

/** A tenant's bill or charge: recorded with the house, audited as the caller's in the same batch. */
async function startTenantPayment(
  actor: Actor,
  order: Omit<PayableOrder, 'place'> & { houseID: string },
): Promise<PaymentUrlReply> {
  const { reply } = await startPayment(
    actor.deps,
    actor.origin,
    actor.user.userID,
    { ...order, place: { container: 'houses', pk: order.houseID } },
    (paymentID) =>
      auditOp(actor, order.houseID, {
        action: 'requestPayment',
        entity: order.target,
        entityID: order.targetID,
        details: { paymentID, amount: order.amount },
      }),
  );
  return reply;
}

/** Carried-over bills followed at most this far back (two years of months). */
const MAX_CARRIES = 24;

/**
 * The bills carried over into `bill` (and into those, and so on): a link of theirs still pays `bill` (where
 * their remainder is asked for now), so a new link of `bill` replaces theirs too. Only a debt line carries a
 * bill over: a credit line (an earlier bill's overpayment taken off this one) names a bill that is paid,
 * whose own links pay it and not `bill`.
 */
async function billsCarriedInto(deps: Deps, bill: MonthlyBillDoc): Promise<string[]> {
  const found = new Set<string>([bill.monthlyBillID]);
  let frontier: MonthlyBillDoc[] = [bill];
  for (let depth = 0; depth < MAX_CARRIES && frontier.length > 0; depth += 1) {
    const ids = frontier
      .flatMap((carried) =>
        carried.billDetails.map((line) => (line.kind === 'debt' ? line.fromBillID : undefined)),
      )
      .filter((id): id is string => id !== undefined && !found.has(id));
    for (const id of ids) found.add(id);
    const read = await Promise.all(ids.map((id) => houseDocs<MonthlyBillDoc>(deps).read(bill.houseID, id)));
    frontier = read.filter((doc): doc is MonthlyBillDoc => doc?.type === 'monthlyBill');
  }
  found.delete(bill.monthlyBillID);
  return [...found];
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
    replaces: await billsCarriedInto(actor.deps, bill),
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

/** Who paid for a platform registration or request: the registrant, or the landlord who asked. */
async function platformPayer(deps: Deps, target: PlatformPayableDoc): Promise<OutboxRecipient> {
  const requester = target.requestedBy ? await findUser(deps, target.requestedBy) : undefined;
  const name = target.fullName ?? requester?.fullName;
  const email = target.email ?? requester?.email;
  const phoneNumber = target.phoneNumber ?? requester?.phoneNumber;
  return {
    ...(requester ? { userID: requester.userID } : {}),
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
  };
}

async function platformTarget(deps: Deps, payment: PaymentDoc): Promise<PlatformPayableDoc | undefined> {
  return deps.store.container<PlatformPayableDoc>('platform').read(payment.pk, payment.targetID);
}

/**
 * The writes that credit a confirmed platform payment to its registration or request, and the payer's
 * message; `undefined` when the registration or request is gone (the money pays nothing).
 */
async function platformCreditOperations(
  deps: Deps,
  payment: PaymentDoc,
  paidOn: string,
): Promise<BatchOp<StoredDoc>[] | undefined> {
  const target = await platformTarget(deps, payment);
  if (!target) return undefined;
  const applied = applyPlatformPayment(
    target,
    { paymentID: payment.paymentID, amount: payment.amount, paidOn },
    { due: target.fee ?? target.amount ?? 0, voided: payment.voidedOn !== undefined },
  );
  if (!applied) return [];
  const amount = `${payment.amount.toLocaleString('vi-VN')} ₫`;
  const what = PAYMENT_TARGET_LABELS[payment.target].toLowerCase();
  return [
    { op: 'replace', doc: applied.doc, ...(target._etag ? { ifMatch: target._etag } : {}) },
    outboxCreate(deps, payment.pk, {
      event: 'paymentReceived',
      recipient: await platformPayer(deps, target),
      subject: `Nhà trọ: đã nhận ${amount}`,
      body: applied.credited
        ? `Đã nhận ${amount} cho ${what}. Yêu cầu của bạn đang chờ hệ thống xét duyệt.`
        : `Đã nhận ${amount} cho ${what}, nhưng khoản này không khớp với yêu cầu hiện tại ` +
          '(yêu cầu đã được sửa sau khi mở thanh toán, hoặc đã được thanh toán trước đó) nên không được tính. ' +
          'Bộ phận hỗ trợ sẽ liên hệ để hoàn tiền.',
      subjectID: payment.targetID,
    }),
  ];
}

/**
 * The writes that credit a tenant's confirmed payment to the bill or charge it pays (or to the bill that
 * one was carried into), with the messages; `undefined` when what it paid is gone.
 */
async function houseCreditOperations(
  deps: Deps,
  payment: PaymentDoc,
  report: GatewayReport,
  paidOn: string,
): Promise<BatchOp<StoredDoc>[] | undefined> {
  const paidFor = await houseDocs<PayableDoc>(deps).read(payment.pk, payment.targetID);
  if (paidFor?.type !== payment.target) return undefined;
  // A bill carried over meanwhile is paid where its remainder is now asked for.
  const target = await payableNow(deps, paidFor);
  const via = report.transactionNo ? `VNPay, mã giao dịch ${report.transactionNo}` : 'VNPay';
  const received = {
    amount: payment.amount,
    method: 'online' as const,
    reference: payment.paymentID,
    paidOn,
    note: report.transactionNo ? `VNPay ${report.transactionNo}` : 'VNPay',
  };
  return creditOperations(deps, target, received, via);
}

/** The messages of money taken that pays nothing: the landlord (or the platform's payer) and the tenant. */
async function refundDueMessages(
  deps: Deps,
  payment: PaymentDoc,
  reason: RefundReason,
  report: GatewayReport,
): Promise<BatchOp<StoredDoc>[]> {
  const texts = refundDueTexts({
    amount: payment.amount,
    description: payment.description,
    reason,
    ...(report.transactionNo ? { transactionNo: report.transactionNo } : {}),
  });
  const message = { event: 'paymentRefundDue' as const, subjectID: payment.paymentID };
  if (payment.target !== 'monthlyBill' && payment.target !== 'oneTimeCharge') {
    const target = await platformTarget(deps, payment);
    const payer = target ? await platformPayer(deps, target) : {};
    return [outboxCreate(deps, payment.pk, { ...message, recipient: payer, ...texts.payer })];
  }
  return landlordAndTenantMessages(
    deps,
    { houseID: payment.pk, contractID: payment.contractID ?? '', requestedBy: payment.requestedBy },
    message,
    { landlord: texts.landlord, tenant: texts.payer },
  );
}

/**
 * Moves a payment the gateway had not reported on to what it reported. A success credits what it pays
 * when it was the open link, paid in time, for something still there; otherwise the money is recorded as
 * `refundDue` (credited to nothing, the landlord and the payer told, an alert raised). One batch, guarded
 * by the payment's and the bill's ETags: a concurrent copy of the notification that wins first leaves this
 * one with "already confirmed"; a bill changed meanwhile (cash) is read again.
 */
async function confirmPayment(
  deps: Deps,
  found: PaymentDoc,
  container: PaymentPlace['container'],
  report: GatewayReport,
): Promise<IpnCode> {
  const reported = reportedState(report);
  const store = deps.store.container<StoredDoc>(container);
  let payment = found;
  for (let attempt = 1; ; attempt += 1) {
    const now = deps.now().toISOString();
    const paidOn = gatewayDateToIso(report.payDate) ?? now;
    let refundReason = reported === 'succeeded' ? refundReasonOf(payment, paidOn) : undefined;
    let credit: BatchOp<StoredDoc>[] = [];
    if (reported === 'succeeded' && !refundReason) {
      const operations =
        container === 'platform'
          ? await platformCreditOperations(deps, payment, paidOn)
          : await houseCreditOperations(deps, payment, report, paidOn);
      if (operations) credit = operations;
      else refundReason = 'nothingToPay';
    }
    const confirmed: PaymentDoc = {
      ...payment,
      state: refundReason ? 'refundDue' : reported,
      confirmedOn: now,
      ...(refundReason ? { refundReason } : {}),
      ...(report.responseCode ? { responseCode: report.responseCode } : {}),
      ...(report.transactionNo ? { gatewayTransactionNo: report.transactionNo } : {}),
      ...(report.bankCode ? { bankCode: report.bankCode } : {}),
      ...(report.cardType ? { cardType: report.cardType } : {}),
    };
    const operations: BatchOp<StoredDoc>[] = [
      { op: 'replace', doc: confirmed, ...(payment._etag ? { ifMatch: payment._etag } : {}) },
      ...credit,
      ...(refundReason ? await refundDueMessages(deps, payment, refundReason, report) : []),
    ];
    try {
      await store.batch(payment.pk, operations);
      if (refundReason) {
        log.warn('payment.refundDue', {
          gateway: 'vnpay',
          reason: refundReason,
          target: payment.target,
          amount: payment.amount,
          ...(payment.houseID ? { houseID: payment.houseID } : {}),
        });
      }
      return '00';
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      if (!raced || attempt >= CONFIRM_ATTEMPTS) throw error;
      const fresh = await payments(deps, container).read(payment.pk, payment.id);
      if (fresh?.type !== 'payment' || !isUnreported(fresh.state)) return '02';
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
    ...(payment.refundReason ? { refundReason: payment.refundReason } : {}),
    // The gateway's reason, for a payment it did not take.
    ...(payment.responseCode && payment.responseCode !== '00' ? { responseCode: payment.responseCode } : {}),
  };
}
