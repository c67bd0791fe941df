import type { CashPaymentInput } from '@nhatro/common';
import { billDocument } from '../domain/monthlyBills.js';
import { AppError } from '../domain/shared/errors.js';
import type { ContractDoc, LesseeInfoDoc, MonthlyBillDoc, RoomDoc } from '../domain/shared/model.js';
import { MONTHLY_BILL_MODEL } from '../domain/shared/odata/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import type { OrderBy } from '../domain/shared/query.js';
import { renderPdf } from '../documents/contractPdf.js';
import type { Actor } from './shared/actor.js';
import {
  billOwed,
  billSummaryView,
  monthlyBillView,
  transferAccountIn,
  transferAccountOf,
  transferQR,
  refundsDueOn,
} from './shared/billViews.js';
import { houseDocs, requireID } from './shared/houseScope.js';
import { expandEntity } from './shared/navigations.js';
import { selectFields, type EntityPage } from './shared/odataQuery.js';
import { lessorInfoOf } from './shared/users.js';
import {
  billingDocForCaller,
  payableDocForCaller,
  listBillingDocs,
  recordCashPayment,
  type BillingScope,
} from './shared/billingDocs.js';

/**
 * Monthly bills once issued: reading them (the spec's `Bill` without lines, `MonthlyBill` with them),
 * and recording cash payments. Bills are written by issuing a house ticket (houseTickets.ts).
 */

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
    const account = await transferAccountOf(actor.deps, house, actor.user);
    const bill = await expandEntity(actor, MONTHLY_BILL_MODEL, monthlyBillView(doc, account), query, [house]);
    return { value: [selectFields(bill, query)] };
  }
  return listBillingDocs<MonthlyBillDoc>(
    actor,
    'monthlyBill',
    scope,
    query,
    NEWEST_MONTH_FIRST,
    monthlyBillView,
    MONTHLY_BILL_MODEL,
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
  const bill = monthlyBillView(doc, await transferAccountOf(actor.deps, house, actor.user));
  const view = { ...bill, ...(await refundsDueOn(actor.deps, doc)) };
  return selectFields(await expandEntity(actor, MONTHLY_BILL_MODEL, view, query, [house]), query);
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
  const { doc, house } = await payableDocForCaller<MonthlyBillDoc>(actor, 'monthlyBill', monthlyBillID);
  const saved = await recordCashPayment(actor, doc, (bill) => bill.total, input.payment, ifMatch);
  return monthlyBillView(saved, await transferAccountOf(actor.deps, house, actor.user));
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
