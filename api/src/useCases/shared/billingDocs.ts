import { ROLE, type CashPaymentInput } from '@nhatro/common';
import { applyCashPayment } from '../../domain/payments.js';
import { AppError } from '../../domain/shared/errors.js';
import type { HouseDoc, MonthlyBillDoc, OneTimeChargeDoc } from '../../domain/shared/model.js';
import type { EntityModel } from '../../domain/shared/odata/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import { isStoreError, type OrderBy } from '../../store/store.js';
import { accountGrantsHouse, lesseeScope } from '../../domain/shared/access.js';
import { batchWithTotals } from './houseTotals.js';
import type { Actor } from './actor.js';
import { auditOutboxDoc } from './audit.js';
import { type TransferAccount, transferAccountOf } from './billViews.js';
import {
  assertCurrent,
  houseDocs,
  houseTogether,
  listInHouseTogether,
  namedHouse,
  requireID,
  resolveContractScope,
  type ContractScope,
  type ResolvedScope,
  docForCaller,
  findForCaller,
  readHouse,
} from './houseScope.js';
import { pageExpansion } from './navigations.js';
import { type EntityPage, listEntities, listLoadedEntities } from './odataQuery.js';
import { eq, ofType } from '../../domain/shared/query.js';

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

/**
 * A bill or charge the caller may pay in cash, with what its reply needs of its house (whose transfer
 * account it shows). The house's owner, whose account grants it, reads neither the house nor anything
 * else: the bill, then the payment's batch. Others read the house as before.
 */
export async function payableDocForCaller<T extends BillingDoc>(
  actor: Actor,
  type: T['type'],
  id: string,
): Promise<{ doc: T; house: Pick<HouseDoc, 'ownerID' | 'lessorInfoChangedAt'> }> {
  const doc = await docForCaller<T>(actor, type, id, 'contractID');
  const { user } = actor;
  if (user.roleID === ROLE.houseModerator && accountGrantsHouse(user, doc.houseID)) {
    return { doc, house: { ownerID: user.userID } };
  }
  const house = await readHouse(actor.deps, doc.houseID);
  if (!house) throw AppError.notFound();
  return { doc, house };
}

/** Non-OData parameters that choose the bills or charges listed. */
export type BillingScope = ContractScope;
/**
 * One page of bills or charges of a scope, each shown with the house's transfer account (`model`:
 * the entity type whose navigations `$expand` may name).
 *
 * Those of one room or contract (about twelve a year) are read whole and paged in memory, in one query
 * of the house with its document when the page needs it and, when a landlord or staff member names the
 * house beside the room or contract (`namedHouse`), with that room or contract: no lookup before the
 * page. A house's are read a page at a time. The house's document is read only for what needs it: the
 * owner whose bank account the bills show (the caller's own when they own the house) and `$expand`.
 */
export function listBillingDocs<T extends BillingDoc>(
  actor: Actor,
  type: T['type'],
  scope: BillingScope,
  query: ODataQuery,
  defaultOrder: OrderBy[],
  view: (doc: T, account: TransferAccount | undefined) => Record<string, unknown>,
  model?: EntityModel,
): Promise<EntityPage> {
  return billingPage({ actor, type, scope, query, defaultOrder, view, model }, true);
}

interface BillingList<T extends BillingDoc> {
  actor: Actor;
  type: T['type'];
  scope: BillingScope;
  query: ODataQuery;
  defaultOrder: OrderBy[];
  view: (doc: T, account: TransferAccount | undefined) => Record<string, unknown>;
  model: EntityModel | undefined;
}

async function billingPage<T extends BillingDoc>(
  list: BillingList<T>,
  trustNamed: boolean,
): Promise<EntityPage> {
  const { actor, type, scope, query, defaultOrder, view, model } = list;
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const ofOne = scope.roomID !== undefined || scope.contractID !== undefined || lessee !== undefined;
  const named = namedObject(scope);
  const trusted = trustNamed && !lessee && named ? namedHouse(user, scope.houseID) : undefined;
  const resolved: ResolvedScope =
    trusted !== undefined && named
      ? {
          houseID: trusted,
          filter: ofType(type, eq(named.field, requireID(named.id, named.label))),
        }
      : await resolveContractScope(deps, user, type, scope);
  const { houseID, filter } = resolved;
  const expands = model !== undefined && query.expand.length > 0;
  const owns = user.account.ownedHouseIDs?.includes(houseID) === true && user.roleID === ROLE.houseModerator;
  const house = owns && !expands ? undefined : houseTogether(deps, houseID);
  const paidTo = (house ?? Promise.resolve({ ownerID: user.userID })).then((doc) =>
    transferAccountOf(deps, doc, user),
  );
  // Awaited below also when the page is empty, so a failed read is not lost.
  paidTo.catch(() => undefined);
  const toEntity = async (doc: T) => view(doc, await paidTo);
  const expansion = model
    ? async (entities: Array<Record<string, unknown>>) =>
        pageExpansion(actor, model, query, [await (house as Promise<HouseDoc>)])(entities)
    : undefined;
  if (!ofOne) {
    const page = await listEntities(
      houseDocs<T>(deps),
      { partitionKey: houseID, filter },
      query,
      defaultOrder,
      toEntity,
      expansion,
    );
    await paidTo;
    return page;
  }
  const [found, docs] = await Promise.all([
    trusted !== undefined && named ? listInHouseTogether(deps, houseID, named.type, eq('id', named.id)) : [],
    listInHouseTogether<T>(
      deps,
      houseID,
      type,
      query.filter ? { op: 'and', items: [filter, query.filter] } : filter,
    ),
  ]);
  if (trusted !== undefined && found.length === 0) {
    // Not in the house named: as before, the room or contract looked up (a 404 where they disagree).
    return billingPage(list, false);
  }
  const page = await listLoadedEntities(docs, query, defaultOrder, toEntity, expansion);
  await paidTo;
  return page;
}

/** The room or contract a list names (exactly one of them), which a house named beside it must hold. */
function namedObject(
  scope: BillingScope,
): { type: 'room' | 'contract'; field: 'roomID' | 'contractID'; id: string; label: string } | undefined {
  if (scope.roomID !== undefined && scope.contractID === undefined) {
    return { type: 'room', field: 'roomID', id: scope.roomID, label: 'Mã phòng' };
  }
  if (scope.contractID !== undefined && scope.roomID === undefined) {
    return { type: 'contract', field: 'contractID', id: scope.contractID, label: 'Mã hợp đồng' };
  }
  return undefined;
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
    // The payment, the running totals and the audit entry in one batch; the reply is the bill as written.
    const entry = auditOutboxDoc(deps, user, actor.origin, current.pk, {
      action: 'pay',
      entity: current.type,
      entityID: current.id,
      details: { amount: payment.amount, paidAmount: paid.paidAmount, status: paid.status },
    });
    try {
      const [saved] = await batchWithTotals(
        deps,
        current.pk,
        [
          { op: 'replace', doc: paid, ...(current._etag ? { ifMatch: current._etag } : {}) },
          { op: 'create', doc: entry },
        ],
        [{ before: current, after: paid }],
      );
      if (saved?.type !== doc.type) throw AppError.notFound();
      return saved as T;
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      if (!raced || ifMatch !== undefined || attempt >= PAYMENT_ATTEMPTS) throw error;
      const newer = await houseDocs<T>(deps).read(current.pk, current.id);
      if (newer?.type !== doc.type) throw AppError.notFound();
      current = newer;
    }
  }
}
