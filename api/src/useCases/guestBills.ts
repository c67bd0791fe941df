import { randomUUID } from 'node:crypto';
import { BILL_MESSAGES, type GuestLink, type GuestMonthlyBillView } from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import type { HouseDoc, MonthlyBillDoc, RoomDoc } from '../domain/shared/model.js';
import { audit, type Actor } from './shared/actor.js';
import { verifyBillGuestToken, signBillGuestToken } from './shared/guestTokens.js';
import { billOwed, transferAccountIn, transferQR } from './shared/billViews.js';
import type { Deps } from './shared/deps.js';
import { houseDocs } from './shared/houseScope.js';
import { billingDocForCaller } from './shared/billingDocs.js';
import { lessorInfoOf } from './shared/users.js';

/** How long a bill's shared link works. */
const BILL_LINK_DAYS = 7;

/**
 * What a guest link shows (`GET /api/GuestMonthlyBill`): the bill, its lines, what is owed and the
 * QR code to pay it, the house and room, and the landlord's account for a manual transfer. Nothing
 * about the tenant, and no id but the bill's.
 */

/**
 * `POST /odata/MonthlyBill/{id}/GuestLink`: a signed link (7 days) to send the tenant over Zalo; the
 * bill's id alone opens nothing. Only the newest link works: a new one replaces the previous one.
 */
export async function createBillGuestLink(actor: Actor, monthlyBillID: string): Promise<GuestLink> {
  const { deps, user } = actor;
  const { doc: bill } = await billingDocForCaller<MonthlyBillDoc>(actor, 'monthlyBill', monthlyBillID);
  const now = deps.now();
  const expiresOn = new Date(now.getTime() + BILL_LINK_DAYS * 24 * 60 * 60 * 1000);
  const linkID = randomUUID();
  const token = await signBillGuestToken(
    deps.config.jwt,
    { monthlyBillID: bill.monthlyBillID, houseID: bill.houseID, linkID },
    now,
    expiresOn,
  );
  // A patch, not a replace: a payment landing at this moment is kept.
  await houseDocs<MonthlyBillDoc>(deps).patch(bill.houseID, bill.monthlyBillID, [
    {
      op: 'set',
      path: '/guestLink',
      value: { linkID, createdOn: now.toISOString(), createdBy: user.userID },
    },
    { op: 'set', path: '/guestLinkExpiresOn', value: expiresOn.toISOString() },
  ]);
  await audit(actor, {
    action: 'createGuestLink',
    entity: 'monthlyBill',
    entityID: bill.monthlyBillID,
    houseID: bill.houseID,
  });
  const url = new URL(`/guestMonthlyBill/${encodeURIComponent(bill.monthlyBillID)}`, deps.config.webOrigin);
  url.searchParams.set('t', token);
  return { url: url.toString(), expiresOn: expiresOn.toISOString() };
}

/** `DELETE /odata/MonthlyBill/{id}/GuestLink`: the shared link stops working (nothing to revoke: no change). */
export async function revokeBillGuestLink(actor: Actor, monthlyBillID: string): Promise<void> {
  const { doc: bill } = await billingDocForCaller<MonthlyBillDoc>(actor, 'monthlyBill', monthlyBillID);
  if (!bill.guestLink && !bill.guestLinkExpiresOn) return;
  await houseDocs<MonthlyBillDoc>(actor.deps).patch(bill.houseID, bill.monthlyBillID, [
    { op: 'remove', path: '/guestLink' },
    { op: 'remove', path: '/guestLinkExpiresOn' },
  ]);
  await audit(actor, {
    action: 'revokeGuestLink',
    entity: 'monthlyBill',
    entityID: bill.monthlyBillID,
    houseID: bill.houseID,
  });
}

/**
 * `GET /api/GuestMonthlyBill?monthlyBillID=…&t=…` (public): the bill a valid, unexpired token for
 * this very bill opens, while it is the link the bill holds (not replaced or revoked). Anything else is
 * the same 404, whatever was wrong.
 */
export async function readGuestBill(
  deps: Deps,
  monthlyBillID: string,
  token: string,
): Promise<GuestMonthlyBillView> {
  const claims = await verifyBillGuestToken(deps.config.jwt, token, deps.now());
  if (!claims || claims.monthlyBillID !== monthlyBillID) {
    throw AppError.notFound(BILL_MESSAGES.guestLinkInvalid);
  }
  const docs = houseDocs<MonthlyBillDoc | HouseDoc | RoomDoc>(deps);
  const bill = await docs.read(claims.houseID, claims.monthlyBillID);
  if (bill?.type !== 'monthlyBill' || bill.guestLink?.linkID !== claims.linkID) {
    throw AppError.notFound(BILL_MESSAGES.guestLinkInvalid);
  }
  const [house, room] = await Promise.all([
    docs.read(bill.houseID, bill.houseID),
    docs.read(bill.houseID, bill.roomID),
  ]);
  if (house?.type !== 'house') throw AppError.notFound(BILL_MESSAGES.guestLinkInvalid);
  const lessor = await lessorInfoOf(deps, house.ownerID);
  const account = transferAccountIn(lessor);
  const owed = billOwed(bill);
  const qr = transferQR(account, owed, bill.billCode);
  return {
    monthlyBillID: bill.monthlyBillID,
    billName: bill.billName,
    billCode: bill.billCode,
    month: bill.month,
    createdOn: bill.createdOn,
    dueDate: bill.dueDate,
    total: bill.total,
    paidAmount: bill.paidAmount,
    owed,
    status: bill.status,
    ...(bill.paidOn ? { paidOn: bill.paidOn } : {}),
    // Lines without the ids of the tenant's vehicles or the house's services.
    billDetails: bill.billDetails.map(
      ({ serviceID: _service, vehicleID: _vehicle, fromBillID: _from, ...line }) => line,
    ),
    ...(qr ? { transferQR: qr } : {}),
    houseName: house.houseName,
    houseAddress: house.houseAddress,
    roomName: room?.type === 'room' ? room.roomName : '',
    lessor: {
      ...(lessor.fullName ? { fullName: lessor.fullName } : {}),
      ...(lessor.phoneNumber ? { phoneNumber: lessor.phoneNumber } : {}),
      ...(lessor.bankName ? { bankName: account?.bankName ?? lessor.bankName } : {}),
      ...(lessor.bankAccountNumber ? { bankAccountNumber: lessor.bankAccountNumber } : {}),
    },
  };
}
