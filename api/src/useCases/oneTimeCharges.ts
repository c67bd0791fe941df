import { randomUUID } from 'node:crypto';
import {
  BILL_DUE_DAYS,
  BILL_MESSAGES,
  BILL_STATUS,
  CONTRACT_STATUS,
  type CashPaymentInput,
  type OneTimeChargeCreateInput,
} from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { billCode } from './shared/billCodes.js';
import { AppError } from '../domain/shared/errors.js';
import type { ContractDoc, IssueDoc, OneTimeChargeDoc, PaymentDoc } from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { vietnamDate } from '../domain/shared/time.js';
import { auditOp, type Actor } from './shared/actor.js';
import { oneTimeChargeView, refundsDueOn, transferAccountOf } from './shared/billViews.js';
import { batchWithTotals } from './shared/houseTotals.js';
import { deleteAsRead, findInCallersHouse, houseDocs, listInHouse, requireID } from './shared/houseScope.js';
import {
  recordCashPayment,
  listBillingDocs,
  type BillingScope,
  billingDocForCaller,
  payableDocForCaller,
} from './shared/billingDocs.js';
import { applyInMemory, selectFields, type EntityPage } from './shared/odataQuery.js';

/**
 * One-time charges (a repair, a lost key, damages): billed to a contract outside the monthly bill,
 * paid in cash like a bill, deleted only while nothing was paid. Unpaid ones count in the
 * settlement of an early end (contracts.ts).
 */

/** Refusal of deleting a charge someone already paid (part of). */

/** `yyyy-mm-dd` plus `days` days. */
function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00.000Z`) + days * 24 * 60 * 60 * 1000;
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * `POST /odata/OneTimeCharge`: a charge to an active contract of the caller's house, due in
 * `BILL_DUE_DAYS` days unless a due date is given.
 */
export async function createOneTimeCharge(actor: Actor, input: OneTimeChargeCreateInput) {
  const { deps, user } = actor;
  const { doc: contract, house } = await findInCallersHouse<ContractDoc>(
    deps,
    user,
    'contract',
    input.contractID,
  );
  const lessee = lesseeScope(user);
  if (lessee && lessee.contractID !== contract.contractID) throw AppError.notFound();
  if (contract.status !== CONTRACT_STATUS.active) throw AppError.conflict(BILL_MESSAGES.contractNotActive);
  if (input.issueID !== undefined) {
    const issue = await houseDocs<IssueDoc>(deps).read(contract.houseID, input.issueID);
    if (issue?.type !== 'issue' || issue.contractID !== contract.contractID) {
      throw AppError.validation([{ field: 'issueID', errorMessage: BILL_MESSAGES.issueNotOfContract }]);
    }
  }
  const now = deps.now();
  const oneTimeChargeID = randomUUID();
  const charge: OneTimeChargeDoc = {
    id: oneTimeChargeID,
    pk: contract.houseID,
    type: 'oneTimeCharge',
    oneTimeChargeID,
    houseID: contract.houseID,
    roomID: contract.roomID,
    contractID: contract.contractID,
    description: input.description,
    amount: input.amount,
    billCode: billCode(oneTimeChargeID),
    ...(input.issueID ? { issueID: input.issueID } : {}),
    createdOn: now.toISOString(),
    createdBy: user.userID,
    dueDate: input.dueDate ?? addDays(vietnamDate(now), BILL_DUE_DAYS),
    paidAmount: 0,
    status: BILL_STATUS.unpaid,
    payments: [],
  };
  const entry = auditOp(actor, contract.houseID, {
    action: 'create',
    entity: 'oneTimeCharge',
    entityID: oneTimeChargeID,
    details: { contractID: contract.contractID, amount: input.amount },
  });
  const [saved] = await batchWithTotals(
    deps,
    contract.houseID,
    [{ op: 'create', doc: charge }, entry],
    [{ after: charge }],
  );
  return oneTimeChargeView(
    (saved as OneTimeChargeDoc | undefined) ?? charge,
    await transferAccountOf(deps, house, actor.user),
  );
}

/**
 * `GET /odata/OneTimeCharge?chargeID=…` (one charge, as a list), or a contract's, room's or house's
 * charges, newest first; a lessee gets their own contract's.
 */
export async function listOneTimeCharges(
  actor: Actor,
  scope: BillingScope & { chargeID?: string; oneTimeChargeID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const chargeID = scope.chargeID ?? scope.oneTimeChargeID;
  if (chargeID !== undefined) {
    const { doc, house } = await billingDocForCaller<OneTimeChargeDoc>(
      actor,
      'oneTimeCharge',
      requireID(chargeID, 'Mã khoản phí'),
    );
    if (scope.houseID !== undefined && scope.houseID !== house.houseID) throw AppError.notFound();
    const account = await transferAccountOf(actor.deps, house, actor.user);
    // The one charge still answers the query's `$filter` (`total gt 100000`) and `$select`.
    const value = applyInMemory([oneTimeChargeView(doc, account)], query);
    return { value, ...(query.count ? { count: value.length } : {}) };
  }
  return listBillingDocs<OneTimeChargeDoc>(
    actor,
    'oneTimeCharge',
    scope,
    query,
    [{ field: 'createdOn', desc: true }],
    oneTimeChargeView,
  );
}

/** `GET /odata/OneTimeCharge/{id}`. */
export async function getOneTimeCharge(actor: Actor, oneTimeChargeID: string, query: ODataQuery) {
  const { doc, house } = await billingDocForCaller<OneTimeChargeDoc>(actor, 'oneTimeCharge', oneTimeChargeID);
  const view = oneTimeChargeView(doc, await transferAccountOf(actor.deps, house, actor.user));
  return selectFields({ ...view, ...(await refundsDueOn(actor.deps, doc)) }, query);
}

/** `PATCH /odata/OneTimeCharge[/{id}]` `{ payment }`: cash received, as for a bill. */
export async function payOneTimeCharge(
  actor: Actor,
  oneTimeChargeID: string,
  input: { payment: CashPaymentInput },
  ifMatch: string | undefined,
) {
  const { doc, house } = await payableDocForCaller<OneTimeChargeDoc>(actor, 'oneTimeCharge', oneTimeChargeID);
  const saved = await recordCashPayment(actor, doc, (charge) => charge.amount, input.payment, ifMatch);
  return oneTimeChargeView(saved, await transferAccountOf(actor.deps, house, actor.user));
}

/** `DELETE /odata/OneTimeCharge/{id}`: only while nothing was paid (409 otherwise). */
export async function deleteOneTimeCharge(
  actor: Actor,
  oneTimeChargeID: string,
  ifMatch?: string,
): Promise<void> {
  const { doc } = await billingDocForCaller<OneTimeChargeDoc>(actor, 'oneTimeCharge', oneTimeChargeID);
  if (doc.paidAmount > 0 || doc.payments.length > 0) throw AppError.conflict(BILL_MESSAGES.chargePaid);
  // What the tenant owes after the deposit stays asked: the liquidation document shows it.
  if (doc.liquidation) throw AppError.conflict(BILL_MESSAGES.chargeOfLiquidation);
  // A payment link still open may be paid this minute: its money would then have nothing to land on.
  const open = await listInHouse<PaymentDoc>(actor.deps, doc.houseID, 'payment', {
    op: 'and',
    items: [
      { op: 'eq', field: 'targetID', value: doc.oneTimeChargeID },
      { op: 'eq', field: 'state', value: 'pending' },
      { op: 'gt', field: 'expiresOn', value: actor.deps.now().toISOString() },
    ],
  });
  if (open.length > 0) throw AppError.conflict(BILL_MESSAGES.chargePaymentOpen);
  // If-Match: a payment recorded meanwhile keeps the charge.
  await batchWithTotals(
    actor.deps,
    doc.pk,
    [
      deleteAsRead(doc, ifMatch),
      auditOp(actor, doc.houseID, {
        action: 'delete',
        entity: 'oneTimeCharge',
        entityID: doc.oneTimeChargeID,
        details: { amount: doc.amount, description: doc.description },
      }),
    ],
    [{ before: doc }],
  );
}
