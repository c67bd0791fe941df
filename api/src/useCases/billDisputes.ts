import { randomUUID } from 'node:crypto';
import {
  BILL_DISPUTE_MESSAGES,
  CONTRACT_STATUS,
  DEFAULT_BILL_ROUNDING,
  ROLE,
  type BillDisputeAnswerInput,
  type BillDisputeCreateInput,
} from '@nhatro/common';
import { correctedBill, questionableLine } from '../domain/billDisputes.js';
import { billQuestionAnsweredText, billQuestionAskedText } from '../domain/shared/tenantActionTexts.js';
import { lesseeScope } from '../domain/shared/access.js';
import { openSurplus } from '../domain/shared/bills.js';
import { parseBlobName } from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import type {
  BillDisputeDoc,
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  MonthlyBillDoc,
  PaymentDoc,
  RoomDoc,
} from '../domain/shared/model.js';
import type { BatchOp, Filter } from '../store/store.js';
import { isStoreError } from '../store/store.js';
import { audit, type Actor, writeAudited } from './shared/actor.js';
import { billingDocForCaller } from './shared/billingDocs.js';
import { isReferenced } from './shared/blobReferences.js';
import { acceptUpload } from './shared/uploads.js';
import {
  findForCaller,
  houseDocs,
  listInHouse,
  requireID,
  resolveContractScope,
} from './shared/houseScope.js';
import { batchWithTotals } from './shared/houseTotals.js';
import { queryAll } from './shared/queryAll.js';
import { houseTeam, teamMessages, tenantMessages } from './shared/tenantActionMessages.js';
import { entityView } from './shared/views.js';

/**
 * 'Khiếu nại hóa đơn' (issue 27): a tenant questions a line of their own bill; the landlord or staff who
 * issue bills correct it (the bill and the house's totals in one batch, the bill keeping its history) or
 * reject it with a reason. One open question per line. Rules in `domain/billDisputes.ts`.
 */

async function disputesOfBill(actor: Actor, houseID: string, monthlyBillID: string) {
  return listInHouse<BillDisputeDoc>(actor.deps, houseID, 'billDispute', {
    op: 'eq',
    field: 'monthlyBillID',
    value: monthlyBillID,
  });
}

/** `POST /api/BillDispute` `{ monthlyBillID, lineIndex, reason }`: the tenant asks about a line. */
/** The question's photo: a room image of the bill's house that nothing else holds yet (else 400). */
async function acceptQuestionPhoto(actor: Actor, houseID: string, blobName: string): Promise<void> {
  const name = parseBlobName('room-images', blobName);
  const problem = () =>
    AppError.validation([{ field: 'image', errorMessage: BILL_DISPUTE_MESSAGES.badImage }]);
  if (!name || name.scope !== houseID || !blobName.includes('/room-')) throw problem();
  if (await isReferenced(actor.deps, 'room-images', blobName)) throw problem();
  await acceptUpload(actor.deps, 'room-images', blobName);
}

export async function createBillDispute(actor: Actor, input: BillDisputeCreateInput) {
  const { deps, user } = actor;
  if (lesseeScope(user) === null) throw AppError.forbidden(BILL_DISPUTE_MESSAGES.tenantOnly);
  const { doc: bill, house } = await billingDocForCaller<MonthlyBillDoc>(
    actor,
    'monthlyBill',
    input.monthlyBillID,
  );
  const line = questionableLine(bill, input.lineIndex);
  const existing = await disputesOfBill(actor, bill.houseID, bill.monthlyBillID);
  if (existing.some((dispute) => dispute.lineIndex === input.lineIndex && dispute.status === 'open')) {
    throw AppError.conflict(BILL_DISPUTE_MESSAGES.alreadyOpen);
  }
  if (input.image !== undefined) await acceptQuestionPhoto(actor, bill.houseID, input.image);
  const billDisputeID = randomUUID();
  const dispute: BillDisputeDoc = {
    id: billDisputeID,
    pk: bill.houseID,
    type: 'billDispute',
    billDisputeID,
    houseID: bill.houseID,
    roomID: bill.roomID,
    contractID: bill.contractID,
    monthlyBillID: bill.monthlyBillID,
    billName: bill.billName,
    lineIndex: input.lineIndex,
    lineDescription: line.description,
    lineAmount: line.amount,
    reason: input.reason,
    ...(input.image !== undefined ? { image: input.image } : {}),
    status: 'open',
    createdBy: user.userID,
    ...(user.account.fullName ? { createdByName: user.account.fullName } : {}),
    createdOn: deps.now().toISOString(),
  };
  const roomName = await roomNameOf(actor, bill);
  const text = billQuestionAskedText(
    { ...dispute, month: bill.month, roomName, tenantName: user.account.fullName },
    house.houseName,
    deps.config.webOrigin,
  );
  const team = await houseTeam(actor, house, { billingStaff: true });
  const [saved = dispute] = await writeAudited<HouseScopedDoc>(
    actor,
    bill.houseID,
    [
      { op: 'create', doc: dispute },
      ...teamMessages(actor, house, team, { event: 'billQuestionAsked', subjectID: billDisputeID, text }),
    ],
    {
      action: 'create',
      entity: 'billDispute',
      entityID: billDisputeID,
      details: { monthlyBillID: bill.monthlyBillID, lineIndex: input.lineIndex },
    },
  );
  return entityView(saved);
}

async function roomNameOf(actor: Actor, bill: Pick<MonthlyBillDoc, 'houseID' | 'roomID'>): Promise<string> {
  const room = await houseDocs<RoomDoc>(actor.deps).read(bill.houseID, bill.roomID);
  return room?.type === 'room' ? room.roomName : '';
}

/** The tenant of the bill's contract is told how their question was answered (in the app and the outbox). */
async function answerMessages(
  actor: Actor,
  house: HouseDoc,
  dispute: BillDisputeDoc,
  bill: MonthlyBillDoc,
  answer: Parameters<typeof billQuestionAnsweredText>[0],
): Promise<Array<BatchOp<HouseScopedDoc>>> {
  const contract = await houseDocs<ContractDoc>(actor.deps).read(dispute.houseID, dispute.contractID);
  if (contract?.type !== 'contract') return [];
  const text = billQuestionAnsweredText(answer, house.houseName, actor.deps.config.webOrigin);
  return tenantMessages(
    actor,
    house,
    contract,
    { roomID: dispute.roomID, roomName: answer.roomName },
    { event: 'billQuestionAnswered', subjectID: dispute.billDisputeID, text },
  );
}

/** A payment link of the bill that may still be paid (its amount was asked before the correction). */
async function hasOpenPayment(actor: Actor, bill: MonthlyBillDoc): Promise<boolean> {
  const open = await listInHouse<PaymentDoc>(actor.deps, bill.houseID, 'payment', {
    op: 'and',
    items: [
      { op: 'eq', field: 'targetID', value: bill.monthlyBillID },
      { op: 'eq', field: 'state', value: 'pending' },
      { op: 'gt', field: 'expiresOn', value: actor.deps.now().toISOString() },
    ],
  });
  return open.length > 0;
}

/**
 * `POST /api/BillDispute/{id}/Answer` `{ outcome: 'corrected', newAmount, answer? }` or
 * `{ outcome: 'rejected', answer }`: the landlord or staff with billing level 3 answer an open question.
 */
export async function answerBillDispute(actor: Actor, billDisputeID: string, input: BillDisputeAnswerInput) {
  const { deps, user } = actor;
  if (user.roleID === ROLE.lessee) throw AppError.forbidden();
  const { doc: dispute, house } = await findForCaller<BillDisputeDoc>(
    actor,
    'billDispute',
    billDisputeID,
    'contractID',
  );
  if (dispute.status !== 'open') throw AppError.conflict(BILL_DISPUTE_MESSAGES.notOpen);
  const now = deps.now().toISOString();
  const answered = {
    ...dispute,
    answeredBy: user.userID,
    answeredOn: now,
    ...(input.answer ? { answer: input.answer } : {}),
  };
  const disputeOp = { op: 'replace' as const, doc: answered, ifMatch: dispute._etag as string };
  const bill = await houseDocs<MonthlyBillDoc>(deps).read(dispute.houseID, dispute.monthlyBillID);
  if (bill?.type !== 'monthlyBill') throw AppError.notFound();
  const about = {
    ...dispute,
    month: bill.month,
    roomName: await roomNameOf(actor, dispute),
  };
  if (input.outcome === 'rejected') {
    const rejected: BillDisputeDoc = { ...answered, status: 'rejected' };
    const told = await answerMessages(actor, house, dispute, bill, {
      ...about,
      outcome: 'rejected',
      answer: input.answer,
    });
    const [saved = rejected] = await write(() =>
      writeAudited<HouseScopedDoc>(actor, dispute.houseID, [{ ...disputeOp, doc: rejected }, ...told], {
        action: 'reject',
        entity: 'billDispute',
        entityID: billDisputeID,
      }),
    );
    return entityView(saved);
  }
  if (await hasOpenPayment(actor, bill)) throw AppError.conflict(BILL_DISPUTE_MESSAGES.paymentOpen);
  const contract = await houseDocs<ContractDoc>(deps).read(bill.houseID, bill.contractID);
  const contractSettled = contract?.type !== 'contract' || contract.status === CONTRACT_STATUS.terminated;
  const result = correctedBill(
    bill,
    dispute.lineIndex,
    input.newAmount,
    house.billRounding ?? DEFAULT_BILL_ROUNDING,
    {
      billDisputeID,
      by: user.userID,
      now: deps.now(),
      contractSettled,
    },
  );
  const { paidOn: _paidOn, ...unpaidBill } = bill;
  const { correction, ...changes } = result;
  const { surplusOpen: _open, ...withoutSurplus } = unpaidBill;
  // A larger total takes part or all of what was paid beyond it: the surplus stays open only if some is left.
  const correctedDoc: MonthlyBillDoc = { ...withoutSurplus, ...changes };
  if (bill.surplusOpen && openSurplus(correctedDoc) > 0) correctedDoc.surplusOpen = true;
  const closed: BillDisputeDoc = {
    ...answered,
    status: 'corrected',
    correction: {
      from: correction.from,
      to: correction.to,
      totalFrom: correction.totalFrom,
      totalTo: correction.totalTo,
    },
  };
  const told = await answerMessages(actor, house, dispute, bill, {
    ...about,
    outcome: 'corrected',
    newAmount: input.newAmount,
    newTotal: correctedDoc.total,
    answer: input.answer,
  });
  await write(() =>
    batchWithTotals(
      deps,
      dispute.houseID,
      [
        { ...disputeOp, doc: closed },
        { op: 'replace', doc: correctedDoc, ...(bill._etag ? { ifMatch: bill._etag } : {}) },
        ...told,
      ],
      [{ before: bill, after: correctedDoc }],
    ),
  );
  await audit(actor, {
    action: 'correct',
    entity: 'billDispute',
    entityID: billDisputeID,
    houseID: dispute.houseID,
    details: { monthlyBillID: bill.monthlyBillID, ...closed.correction },
  });
  return entityView(closed);
}

/** A write refused because the question or the bill changed meanwhile: answered already, or try again. */
async function write<R>(run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    if (isStoreError(error, 'precondition_failed', 'conflict'))
      throw AppError.conflict(BILL_DISPUTE_MESSAGES.notOpen);
    throw error;
  }
}

/**
 * `GET /api/BillDispute?monthlyBillID=…` (or `houseID`, `contractID`; a tenant: their own contract's), newest
 * first.
 */
export async function listBillDisputes(
  actor: Actor,
  scope: { houseID?: string; contractID?: string; monthlyBillID?: string },
) {
  let partition: string;
  let filter: Filter;
  if (scope.monthlyBillID !== undefined) {
    const { doc: bill } = await billingDocForCaller<MonthlyBillDoc>(
      actor,
      'monthlyBill',
      requireID(scope.monthlyBillID, 'Mã hóa đơn'),
    );
    partition = bill.houseID;
    filter = {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'billDispute' },
        { op: 'eq', field: 'monthlyBillID', value: bill.monthlyBillID },
      ],
    };
  } else {
    const resolved = await resolveContractScope(actor.deps, actor.user, 'billDispute', scope);
    partition = resolved.houseID;
    filter = resolved.filter;
  }
  const disputes = await queryAll(houseDocs<BillDisputeDoc>(actor.deps), { partitionKey: partition, filter });
  disputes.sort((a, b) => b.createdOn.localeCompare(a.createdOn));
  return { value: disputes.map((dispute) => entityView(dispute)) };
}
