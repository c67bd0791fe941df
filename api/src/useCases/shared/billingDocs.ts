import type { CashPaymentInput } from '@nhatro/common';
import { applyCashPayment } from '../../domain/payments.js';
import { AppError } from '../../domain/shared/errors.js';
import type { HouseDoc, MonthlyBillDoc, OneTimeChargeDoc } from '../../domain/shared/model.js';
import type { EntityModel } from '../../domain/shared/odata/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import { isStoreError, type OrderBy } from '../../store/store.js';
import { batchWithTotals } from './houseTotals.js';
import type { Actor } from './actor.js';
import { type TransferAccount, transferAccountOf } from './billViews.js';
import {
  assertCurrent,
  houseDocs,
  houseTogether,
  resolveContractScope,
  type ContractScope,
  findForCaller,
} from './houseScope.js';
import { pageExpansion } from './navigations.js';
import { type EntityPage, listEntities } from './odataQuery.js';

/**
 * Bills and charges as several slices reach them (monthly bills, one-time charges, payments, guest
 * links): the one a caller may see, a page of them with the house's transfer account, and a cash payment
 * recorded under its ETag together with the house's totals.
 */

export type BillingDoc = MonthlyBillDoc | OneTimeChargeDoc;
/** A bill or charge the caller may see: in a house they may touch; a lessee only their contract's. */
export async function billingDocForCaller<T extends BillingDoc>(
  actor: Actor,
  type: T['type'],
  id: string,
): Promise<{ doc: T; house: HouseDoc }> {
  return findForCaller<T>(actor, type, id, 'contractID');
}

/** Non-OData parameters that choose the bills or charges listed. */
export type BillingScope = ContractScope;
/**
 * One page of bills or charges of a scope, each shown with the house's transfer account (`model`:
 * the entity type whose navigations `$expand` may name).
 */
export async function listBillingDocs<T extends BillingDoc>(
  actor: Actor,
  type: T['type'],
  scope: BillingScope,
  query: ODataQuery,
  defaultOrder: OrderBy[],
  view: (doc: T, account: TransferAccount | undefined) => Record<string, unknown>,
  model?: EntityModel,
): Promise<EntityPage> {
  const { houseID, filter } = await resolveContractScope(actor.deps, actor.user, type, scope);
  // The house (whose owner's account the bills are paid to) is read beside the page, not before it.
  const paidTo = houseTogether(actor.deps, houseID).then(async (house) => ({
    house,
    account: await transferAccountOf(actor.deps, house, actor.user),
  }));
  // Awaited below also when the page is empty, so a failed read is not lost.
  paidTo.catch(() => undefined);
  const page = await listEntities(
    houseDocs<T>(actor.deps),
    { partitionKey: houseID, filter },
    query,
    defaultOrder,
    async (doc) => view(doc, (await paidTo).account),
    model
      ? async (entities) => pageExpansion(actor, model, query, [(await paidTo).house])(entities)
      : undefined,
  );
  await paidTo;
  return page;
}

/** Tries of a payment that met a concurrent one (without the client's If-Match) before giving up. */
const PAYMENT_ATTEMPTS = 3;
/**
 * Records a cash payment on a bill or charge, guarded by its ETag: two payments at once never both
 * count against the same amount owed. With the client's `If-Match`, a change since its read is 412;
 * without, the payment is checked again against the newer version (and refused past the total).
 */
export async function recordCashPayment<T extends BillingDoc>(
  actor: Actor,
  doc: T,
  due: (doc: T) => number,
  payment: CashPaymentInput,
  ifMatch: string | undefined,
): Promise<T> {
  const { deps, user } = actor;
  assertCurrent(doc, ifMatch);
  let current = doc;
  for (let attempt = 1; ; attempt += 1) {
    const result = applyCashPayment(
      {
        due: due(current),
        paidAmount: current.paidAmount,
        status: current.status,
        payments: current.payments,
      },
      payment,
      { now: deps.now(), recordedBy: user.userID },
    );
    const paid: T = { ...current, ...result };
    try {
      await batchWithTotals(
        deps,
        current.pk,
        [{ op: 'replace', doc: paid, ...(current._etag ? { ifMatch: current._etag } : {}) }],
        [{ before: current, after: paid }],
      );
      const saved = await houseDocs<T>(deps).read(current.pk, current.id);
      if (saved?.type !== doc.type) throw AppError.notFound();
      return saved;
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      if (!raced || ifMatch !== undefined || attempt >= PAYMENT_ATTEMPTS) throw error;
      const newer = await houseDocs<T>(deps).read(current.pk, current.id);
      if (newer?.type !== doc.type) throw AppError.notFound();
      current = newer;
    }
  }
}
