import { BILL_STATUS, findBank, vietQrPayload, type LessorInfo, type RefundDueEntry } from '@nhatro/common';
import type { HouseDoc, MonthlyBillDoc, OneTimeChargeDoc, PaymentDoc } from '../../domain/shared/model.js';
import { owedOf } from '../../domain/payments.js';
import type { Deps } from './deps.js';
import { listInHouse } from './houseScope.js';
import { lessorInfoOf, shownLessorInfo } from './users.js';
import { claimedLessorInfo } from '../../domain/shared/landlordClaim.js';
import type { Caller } from '../../domain/shared/access.js';
import { entityView } from './views.js';

/**
 * Bills and one-time charges as the API returns them, with the bank-transfer QR code (VietQR) for
 * what is still owed, worked out at read time from the landlord's bank account: a payment or a
 * change of account shows at once. The owner is read once per request, never once per bill.
 */

/** The landlord's account a tenant transfers to, when their lessor info names a known bank. */
export interface TransferAccount {
  bankBin: string;
  bankName: string;
  accountNumber: string;
  /** The landlord's name as the bank shows it (their lessor info's full name). */
  accountName?: string;
}

/** The transfer account in a landlord's lessor info, if the bank is known and an account is given. */
export function transferAccountIn(info: LessorInfo): TransferAccount | undefined {
  const accountNumber = info.bankAccountNumber?.trim();
  if (!info.bankName || !accountNumber) return undefined;
  const bank = findBank(info.bankName);
  if (!bank) return undefined;
  return {
    bankBin: bank.bin,
    bankName: bank.shortName,
    accountNumber,
    ...(info.fullName ? { accountName: info.fullName } : {}),
  };
}

/**
 * The account every bill of the house is paid to: the owner's, read once. Not read when the caller is
 * the owner (their account was read to authenticate them), nor when the caller's token carries the
 * owner's current details (a tenant's or staff member's, `claimedLessorInfo`).
 */
export async function transferAccountOf(
  deps: Deps,
  house: Pick<HouseDoc, 'ownerID' | 'lessorInfoChangedAt'>,
  caller?: Pick<Caller, 'userID' | 'account' | 'landlord'>,
): Promise<TransferAccount | undefined> {
  if (caller?.userID === house.ownerID) return transferAccountIn(shownLessorInfo(caller.account.lessorInfo));
  const claimed = claimedLessorInfo(caller?.landlord, house);
  return transferAccountIn(claimed ?? (await lessorInfoOf(deps, house.ownerID)));
}

/** The VietQR text for `owed` đồng with the bill's code as the note; none when nothing is owed. */
export function transferQR(
  account: TransferAccount | undefined,
  owed: number,
  billCode: string,
): string | undefined {
  if (!account || owed <= 0) return undefined;
  try {
    return vietQrPayload({
      bankBin: account.bankBin,
      accountNumber: account.accountNumber,
      amount: owed,
      note: billCode,
    });
  } catch {
    // An account number no bank app takes (letters and signs typed by hand): no QR, the bill still shows.
    return undefined;
  }
}

/** What a bill still asks for: nothing once paid, or once carried over into a later bill. */
export function billOwed(bill: Pick<MonthlyBillDoc, 'total' | 'paidAmount' | 'status'>): number {
  if (bill.status === BILL_STATUS.carriedOver) return 0;
  return owedOf({ due: bill.total, paidAmount: bill.paidAmount });
}

export function chargeOwed(charge: Pick<OneTimeChargeDoc, 'amount' | 'paidAmount'>): number {
  return owedOf({ due: charge.amount, paidAmount: charge.paidAmount });
}

/**
 * Money VNPay took for this bill or charge that pays nothing (its link was replaced or had expired): shown
 * on its page, to be returned to the tenant (docs/payments.md).
 */
export async function refundsDueOn(
  deps: Deps,
  doc: Pick<MonthlyBillDoc | OneTimeChargeDoc, 'houseID' | 'id'>,
): Promise<{ refundsDue?: RefundDueEntry[] }> {
  const found = await listInHouse<PaymentDoc>(deps, doc.houseID, 'payment', {
    op: 'and',
    items: [
      { op: 'eq', field: 'targetID', value: doc.id },
      { op: 'eq', field: 'state', value: 'refundDue' },
    ],
  });
  if (found.length === 0) return {};
  return {
    refundsDue: found.map((payment) => ({
      paymentID: payment.paymentID,
      amount: payment.amount,
      confirmedOn: payment.confirmedOn ?? payment.createdOn,
      ...(payment.gatewayTransactionNo ? { gatewayTransactionNo: payment.gatewayTransactionNo } : {}),
      refundReason: payment.refundReason ?? 'replaced',
    })),
  };
}

/** A monthly bill as the API returns it (`@odata.etag`, `transferQR`). */
export function monthlyBillView(
  bill: MonthlyBillDoc,
  account: TransferAccount | undefined,
): Record<string, unknown> {
  const qr = transferQR(account, billOwed(bill), bill.billCode);
  return { ...entityView(bill), ...(qr ? { transferQR: qr } : {}) };
}

/** The spec's `Bill`: a bill without its lines and payments. */
export function billSummaryView(
  bill: MonthlyBillDoc,
  account: TransferAccount | undefined,
): Record<string, unknown> {
  const { billDetails: _lines, payments: _payments, ...summary } = monthlyBillView(bill, account);
  return summary;
}

/**
 * A one-time charge as the API returns it (`@odata.etag`, `transferQR`), with the spec's names
 * `chargeID` and `total` beside `oneTimeChargeID` and `amount` (docs/api-contract.md).
 */
export function oneTimeChargeView(
  charge: OneTimeChargeDoc,
  account: TransferAccount | undefined,
): Record<string, unknown> {
  const qr = transferQR(account, chargeOwed(charge), charge.billCode);
  return {
    ...entityView(charge),
    chargeID: charge.oneTimeChargeID,
    total: charge.amount,
    ...(qr ? { transferQR: qr } : {}),
  };
}
