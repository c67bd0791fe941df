import { BILL_STATUS } from '@nhatro/common';
import type {
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  MonthlyBillDoc,
  OneTimeChargeDoc,
} from '../../domain/shared/model.js';
import { paymentReceivedTexts } from '../../domain/shared/onlinePayments.js';
import type { OutboxRecipient } from '../../domain/outbox.js';
import { applyReceivedPayment, type ReceivedPayment } from '../../domain/payments.js';
import { openSurplus } from '../../domain/shared/bills.js';
import type { BatchOp } from '../../store/store.js';
import { totalsOperation } from './houseTotals.js';
import type { Deps } from './deps.js';
import { houseDocs, readHouse } from './houseScope.js';
import { tenantRecipients, outboxCreate } from './outboxMessages.js';
import { findUser } from './users.js';

/**
 * Money that arrived by itself (the payment gateway, a bank transfer): the writes that credit it to a
 * bill or charge and tell the landlord and the tenant, for the caller's batch. The credit is guarded by
 * the bill's ETag and names its `reference`, so it happens once however often it is tried.
 */

export type PayableDoc = MonthlyBillDoc | OneTimeChargeDoc;

/** What a bill or charge asks in all: a bill's total, a charge's amount. */
export function dueOf(doc: PayableDoc): number {
  return doc.type === 'monthlyBill' ? doc.total : doc.amount;
}

/** Carried-over bills followed at most this far (two years of months). */
const MAX_CARRIES = 24;

/**
 * What money meant for `found` is credited to: a bill carried over into a later one is paid through the
 * bill its remainder went into (and on, if that one was carried over too), since that is where the
 * remainder is still asked for.
 */
export async function payableNow(deps: Deps, found: PayableDoc): Promise<PayableDoc> {
  let current = found;
  for (let hops = 0; hops < MAX_CARRIES; hops += 1) {
    if (current.type !== 'monthlyBill' || current.status !== BILL_STATUS.carriedOver) break;
    if (!current.carriedToBillID) break;
    const next = await houseDocs<PayableDoc>(deps).read(current.houseID, current.carriedToBillID);
    if (next?.type !== 'monthlyBill') break;
    current = next;
  }
  return current;
}

/** The name a tenant knows a bill or charge by. */
export function payableName(doc: PayableDoc): string {
  return doc.type === 'monthlyBill' ? doc.billName : doc.description;
}

/** The landlord, reached at their lessor info's contacts (else their account's). */
export async function landlordRecipient(deps: Deps, house: HouseDoc): Promise<OutboxRecipient> {
  const owner = await findUser(deps, house.ownerID);
  if (!owner) return {};
  const name = owner.lessorInfo?.fullName ?? owner.fullName;
  const email = owner.lessorInfo?.email ?? owner.email;
  const phoneNumber = owner.lessorInfo?.phoneNumber ?? owner.phoneNumber;
  return {
    userID: owner.userID,
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
  };
}

/**
 * Messages about money of a tenancy to the landlord and the contract's tenant (not to the tenant when the
 * landlord was the one who paid, at the counter).
 */
export async function landlordAndTenantMessages(
  deps: Deps,
  about: { houseID: string; contractID: string; requestedBy?: string },
  message: { event: 'paymentReceived' | 'paymentRefundDue'; subjectID: string },
  texts: { landlord: { subject: string; body: string }; tenant: { subject: string; body: string } },
): Promise<BatchOp<HouseScopedDoc>[]> {
  const house = await readHouse(deps, about.houseID);
  if (!house) return [];
  const contract = await houseDocs<ContractDoc>(deps).read(house.houseID, about.contractID);
  const [landlord, tenants] = await Promise.all([
    landlordRecipient(deps, house),
    contract?.type === 'contract' ? tenantRecipients(deps, house.houseID, [contract]) : new Map(),
  ]);
  const tenant: OutboxRecipient | undefined =
    about.requestedBy === house.ownerID ? undefined : tenants.get(about.contractID);
  const base = { ...message, houseID: house.houseID };
  return [
    outboxCreate(deps, house.houseID, { ...base, recipient: landlord, ...texts.landlord }),
    ...(tenant ? [outboxCreate(deps, house.houseID, { ...base, recipient: tenant, ...texts.tenant })] : []),
  ];
}

/** The landlord's and the tenant's 'payment received' messages. */
async function paymentReceivedMessages(
  deps: Deps,
  target: PayableDoc,
  amount: number,
  via: string,
): Promise<BatchOp<HouseScopedDoc>[]> {
  const house = await readHouse(deps, target.houseID);
  if (!house) return [];
  const texts = paymentReceivedTexts({
    amount,
    description: payableName(target),
    houseName: house.houseName,
    via,
  });
  return landlordAndTenantMessages(
    deps,
    { houseID: target.houseID, contractID: target.contractID },
    { event: 'paymentReceived', subjectID: target.id },
    texts,
  );
}

/**
 * The writes that credit `received` to `target` (guarded by its ETag) with their messages; none when
 * the target already holds this reference. `via` says how the money came, for the messages.
 */
export async function creditOperations(
  deps: Deps,
  target: PayableDoc,
  received: ReceivedPayment,
  via: string,
): Promise<BatchOp<HouseScopedDoc>[]> {
  const credit = applyReceivedPayment(
    { due: dueOf(target), paidAmount: target.paidAmount, status: target.status, payments: target.payments },
    received,
  );
  if (!credit) return [];
  const credited: PayableDoc = { ...target, ...credit };
  // Money beyond a bill's total is taken off the contract's next bill (a 'credit' line when it is drafted).
  // A part a later bill already took (`surplusTaken`) is not counted twice.
  if (credited.type === 'monthlyBill' && openSurplus(credited) > 0) credited.surplusOpen = true;
  return [
    { op: 'replace', doc: credited, ...(target._etag ? { ifMatch: target._etag } : {}) },
    ...(await paymentReceivedMessages(deps, target, received.amount, via)),
    // Last: the totals are read as late as possible, so a concurrent payment rarely moves them in between.
    await totalsOperation(deps, target.houseID, [{ before: target, after: credited }]),
  ];
}
