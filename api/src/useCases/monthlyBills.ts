import type { CashPaymentInput } from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { billDocument } from '../domain/monthlyBills.js';
import { AppError } from '../domain/shared/errors.js';
import type {
  ContractDoc,
  HouseDoc,
  LesseeInfoDoc,
  MonthlyBillDoc,
  OneTimeChargeDoc,
  RoomDoc,
} from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { applyCashPayment } from '../domain/payments.js';
import type { OrderBy } from '../domain/shared/query.js';
import { renderPdf } from '../documents/contractPdf.js';
import { isStoreError } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { batchWithTotals } from './dashboardReport.js';
import {
  billOwed,
  billSummaryView,
  monthlyBillView,
  transferAccountIn,
  transferAccountOf,
  transferQR,
  type TransferAccount,
} from './shared/billViews.js';
import {
  assertCurrent,
  findInCallersHouse,
  houseDocs,
  requireID,
  resolveContractScope,
  type ContractScope,
} from './shared/houseScope.js';
import { listEntities, selectFields, type EntityPage } from './shared/odataQuery.js';
import { lessorInfoOf } from './shared/users.js';

/**
 * Monthly bills once issued: reading them (the spec's `Bill` without lines, `MonthlyBill` with them),
 * and recording cash payments. Bills are written by issuing a house ticket (houseTickets.ts).
 */

type BillingDoc = MonthlyBillDoc | OneTimeChargeDoc;

/** A bill or charge the caller may see: in a house they may touch; a lessee only their contract's. */
export async function billingDocForCaller<T extends BillingDoc>(
  actor: Actor,
  type: T['type'],
  id: string,
): Promise<{ doc: T; house: HouseDoc }> {
  const found = await findInCallersHouse<T>(actor.deps, actor.user, type, id);
  const lessee = lesseeScope(actor.user);
  if (lessee && lessee.contractID !== found.doc.contractID) throw AppError.notFound();
  return found;
}

/** Non-OData parameters that choose the bills or charges listed. */
export type BillingScope = ContractScope;

/** One page of bills or charges of a scope, each shown with the house's transfer account. */
export async function listBillingDocs<T extends BillingDoc>(
  actor: Actor,
  type: T['type'],
  scope: BillingScope,
  query: ODataQuery,
  defaultOrder: OrderBy[],
  view: (doc: T, account: TransferAccount | undefined) => Record<string, unknown>,
): Promise<EntityPage> {
  const { house, filter } = await resolveContractScope(actor.deps, actor.user, type, scope);
  const account = await transferAccountOf(actor.deps, house);
  return listEntities(
    houseDocs<T>(actor.deps),
    { partitionKey: house.houseID, filter },
    query,
    defaultOrder,
    (doc) => view(doc, account),
  );
}

const NEWEST_MONTH_FIRST: OrderBy[] = [{ field: 'month', desc: true }];

/**
 * `GET /odata/MonthlyBill?billID=…` (one bill, as a list), or a contract's, room's or house's bills,
 * newest month first; lines (`billDetails`) and payments are always part of a bill.
 */
export async function listMonthlyBills(
  actor: Actor,
  scope: BillingScope & { billID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  if (scope.billID !== undefined) {
    const { doc, house } = await billingDocForCaller<MonthlyBillDoc>(
      actor,
      'monthlyBill',
      requireID(scope.billID, 'Mã hóa đơn'),
    );
    if (scope.houseID !== undefined && scope.houseID !== house.houseID) throw AppError.notFound();
    const account = await transferAccountOf(actor.deps, house);
    return { value: [selectFields(monthlyBillView(doc, account), query)] };
  }
  return listBillingDocs<MonthlyBillDoc>(
    actor,
    'monthlyBill',
    scope,
    query,
    NEWEST_MONTH_FIRST,
    monthlyBillView,
  );
}

/** `GET /odata/Bill?roomID=…`: a room's (or contract's, house's) bills without their lines. */
export function listBills(actor: Actor, scope: BillingScope, query: ODataQuery): Promise<EntityPage> {
  return listBillingDocs<MonthlyBillDoc>(
    actor,
    'monthlyBill',
    scope,
    query,
    NEWEST_MONTH_FIRST,
    billSummaryView,
  );
}

/** `GET /odata/MonthlyBill/GetContractBills/{contractId}`: every bill of a contract, newest first. */
export function listContractBills(actor: Actor, contractID: string, query: ODataQuery): Promise<EntityPage> {
  return listMonthlyBills(actor, { contractID }, query);
}

/** `GET /odata/MonthlyBill/{id}`. */
export async function getMonthlyBill(actor: Actor, monthlyBillID: string, query: ODataQuery) {
  const { doc, house } = await billingDocForCaller<MonthlyBillDoc>(actor, 'monthlyBill', monthlyBillID);
  return selectFields(monthlyBillView(doc, await transferAccountOf(actor.deps, house)), query);
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

/**
 * `PATCH /odata/MonthlyBill[/{id}]` `{ payment: { amount, note? } }`: cash received for a bill. A part
 * leaves the rest owed (status 2); the whole makes it paid (status 3, `paidOn`).
 */
export async function payMonthlyBill(
  actor: Actor,
  monthlyBillID: string,
  input: { payment: CashPaymentInput },
  ifMatch: string | undefined,
) {
  const { doc, house } = await billingDocForCaller<MonthlyBillDoc>(actor, 'monthlyBill', monthlyBillID);
  const saved = await recordCashPayment(actor, doc, (bill) => bill.total, input.payment, ifMatch);
  await audit(actor, {
    action: 'pay',
    entity: 'monthlyBill',
    entityID: saved.monthlyBillID,
    houseID: saved.houseID,
    details: { amount: input.payment.amount, paidAmount: saved.paidAmount, status: saved.status },
  });
  return monthlyBillView(saved, await transferAccountOf(actor.deps, house));
}

/**
 * `GET /api/MonthlyBill/Pdf?monthlyBillID=…`: the printable bill (A5) with its lines, what is owed and
 * the transfer QR code; rendered on each request (a bill changes with every payment).
 */
export async function monthlyBillPdf(
  actor: Actor,
  monthlyBillID: string,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const { deps } = actor;
  const { doc: bill, house } = await billingDocForCaller<MonthlyBillDoc>(actor, 'monthlyBill', monthlyBillID);
  const docs = houseDocs<RoomDoc | ContractDoc | LesseeInfoDoc>(deps);
  const [room, contract, lessor] = await Promise.all([
    docs.read(bill.houseID, bill.roomID),
    docs.read(bill.houseID, bill.contractID),
    lessorInfoOf(deps, house.ownerID),
  ]);
  const representative =
    contract?.type === 'contract'
      ? await docs.read(bill.houseID, contract.representativeLesseeID)
      : undefined;
  const account = transferAccountIn(lessor);
  const qr = transferQR(account, billOwed(bill), bill.billCode);
  const pdf = await renderPdf(
    billDocument({
      house: { houseName: house.houseName, houseAddress: house.houseAddress },
      room: { roomName: room?.type === 'room' ? room.roomName : '' },
      ...(representative?.type === 'lesseeInfo' ? { tenantName: representative.occupantName } : {}),
      bill: { ...bill, ...(qr ? { transferQR: qr } : {}) },
      ...(account
        ? {
            bank: {
              bankName: account.bankName,
              accountNumber: account.accountNumber,
              ...(account.accountName ? { accountHolder: account.accountName } : {}),
            },
          }
        : {}),
    }),
    { title: bill.billName, size: 'A5' },
  );
  return { pdf, fileName: `hoa-don-${bill.billCode}.pdf` };
}
