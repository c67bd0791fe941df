import { randomUUID } from 'node:crypto';
import { CONTRACT_STATUS, LEAVE_NOTICE_MESSAGES, ROLE, type LeaveNoticeCreateInput } from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import type { ContractDoc, HouseScopedDoc, LeaveNoticeDoc, RoomDoc } from '../domain/shared/model.js';
import { vietnamDate } from '../domain/shared/time.js';
import {
  leaveNoticeAcknowledgedText,
  leaveNoticeGivenText,
  leaveNoticeWithdrawnText,
} from '../domain/shared/tenantActionTexts.js';
import { assertOpenNotice, isLiveNotice, leaveDateProblem, noticeDaysOf } from '../domain/leaveNotices.js';
import { isStoreError, type BatchOp } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import {
  findForCaller,
  findInCallersHouse,
  houseDocs,
  listInHouse,
  resolveContractScope,
  type ContractScope,
} from './shared/houseScope.js';
import { queryAll } from './shared/queryAll.js';
import { houseTeam, teamMessages, tenantMessages } from './shared/tenantActionMessages.js';
import { entityView } from './shared/views.js';

/**
 * Notices of leaving (issue 27): a tenant names the day they leave their room (within the house's notice,
 * `domain/leaveNotices.ts`), may withdraw it until the landlord or staff acknowledge it; the room carries
 * the day (`leavingOn`) so it shows 'Sắp trống'. One live notice (not withdrawn) per contract.
 */

async function readRoom(actor: Actor, houseID: string, roomID: string): Promise<RoomDoc> {
  const room = await houseDocs<RoomDoc>(actor.deps).read(houseID, roomID);
  if (room?.type !== 'room') throw AppError.notFound();
  return room;
}

/** The tenant's own active contract: the one named, which must be theirs, or the one of their account. */
async function tenantsContract(actor: Actor, contractID: string | undefined) {
  const lessee = lesseeScope(actor.user);
  if (lessee === null) throw AppError.forbidden(LEAVE_NOTICE_MESSAGES.tenantOnly);
  const wanted = contractID ?? lessee.contractID;
  if (wanted === undefined || wanted !== lessee.contractID) throw AppError.notFound();
  const found = await findInCallersHouse<ContractDoc>(actor.deps, actor.user, 'contract', wanted);
  if (found.doc.status !== CONTRACT_STATUS.active) {
    throw AppError.conflict(LEAVE_NOTICE_MESSAGES.contractNotActive);
  }
  return found;
}

/** Room write and notice write in one batch; the room's ETag makes two notices at once one conflict. */
async function writeWithRoom(
  actor: Actor,
  houseID: string,
  ops: Array<BatchOp<HouseScopedDoc>>,
  conflictMessage: string,
): Promise<void> {
  try {
    await houseDocs<HouseScopedDoc>(actor.deps).batch(houseID, ops);
  } catch (error) {
    if (isStoreError(error, 'conflict', 'precondition_failed')) throw AppError.conflict(conflictMessage);
    throw error;
  }
}

/** `POST /api/LeaveNotice` `{ leaveDate, contractID?, note? }`: the tenant gives notice for their contract. */
export async function giveLeaveNotice(actor: Actor, input: LeaveNoticeCreateInput) {
  const { deps, user } = actor;
  const { doc: contract, house } = await tenantsContract(actor, input.contractID);
  const live = await listInHouse<LeaveNoticeDoc>(deps, house.houseID, 'leaveNotice', {
    op: 'eq',
    field: 'contractID',
    value: contract.contractID,
  });
  if (live.some((notice) => isLiveNotice(notice.status))) {
    throw AppError.conflict(LEAVE_NOTICE_MESSAGES.alreadyGiven);
  }
  const noticeDays = noticeDaysOf(house);
  const problem = leaveDateProblem(input.leaveDate, vietnamDate(deps.now()), noticeDays, contract.endDate);
  if (problem) throw AppError.validation([{ field: 'leaveDate', errorMessage: problem }]);
  const room = await readRoom(actor, house.houseID, contract.roomID);
  const leaveNoticeID = randomUUID();
  const notice: LeaveNoticeDoc = {
    id: leaveNoticeID,
    pk: house.houseID,
    type: 'leaveNotice',
    leaveNoticeID,
    houseID: house.houseID,
    roomID: room.roomID,
    roomName: room.roomName,
    contractID: contract.contractID,
    leaveDate: input.leaveDate,
    ...(input.note ? { note: input.note } : {}),
    status: 'open',
    noticeDays,
    createdBy: user.userID,
    ...(user.account.fullName ? { createdByName: user.account.fullName } : {}),
    createdOn: deps.now().toISOString(),
  };
  const text = leaveNoticeGivenText(
    { ...notice, tenantName: user.account.fullName },
    house.houseName,
    deps.config.webOrigin,
  );
  const told = teamMessages(actor, house, await houseTeam(actor, house), {
    event: 'leaveNoticeGiven',
    subjectID: leaveNoticeID,
    text,
  });
  await writeWithRoom(
    actor,
    house.houseID,
    [
      { op: 'create', doc: notice },
      { op: 'replace', doc: { ...room, leavingOn: input.leaveDate }, ifMatch: room._etag as string },
      ...told,
    ],
    LEAVE_NOTICE_MESSAGES.alreadyGiven,
  );
  await audit(actor, {
    action: 'create',
    entity: 'leaveNotice',
    entityID: leaveNoticeID,
    houseID: house.houseID,
    details: { contractID: contract.contractID, roomID: room.roomID, leaveDate: input.leaveDate },
  });
  return entityView((await houseDocs<LeaveNoticeDoc>(deps).read(house.houseID, leaveNoticeID)) ?? notice);
}

/** `POST /api/LeaveNotice/{id}/Withdraw`: the tenant takes back their notice before it is acknowledged. */
export async function withdrawLeaveNotice(actor: Actor, leaveNoticeID: string) {
  if (actor.user.roleID !== ROLE.lessee) throw AppError.forbidden(LEAVE_NOTICE_MESSAGES.tenantOnly);
  const { doc, house } = await findForCaller<LeaveNoticeDoc>(
    actor,
    'leaveNotice',
    leaveNoticeID,
    'contractID',
  );
  assertOpenNotice(doc.status);
  const room = await readRoom(actor, doc.houseID, doc.roomID);
  const withdrawn: LeaveNoticeDoc = {
    ...doc,
    status: 'withdrawn',
    withdrawnOn: actor.deps.now().toISOString(),
  };
  const ops: Array<BatchOp<HouseScopedDoc>> = [
    { op: 'replace', doc: withdrawn, ifMatch: doc._etag as string },
  ];
  if (room.leavingOn !== undefined) {
    const { leavingOn: _leavingOn, ...stays } = room;
    ops.push({ op: 'replace', doc: stays, ifMatch: room._etag as string });
  }
  ops.push(
    ...teamMessages(actor, house, await houseTeam(actor, house), {
      event: 'leaveNoticeWithdrawn',
      subjectID: doc.leaveNoticeID,
      text: leaveNoticeWithdrawnText(doc, house.houseName, actor.deps.config.webOrigin),
    }),
  );
  await writeWithRoom(actor, doc.houseID, ops, LEAVE_NOTICE_MESSAGES.notOpen);
  await audit(actor, {
    action: 'withdraw',
    entity: 'leaveNotice',
    entityID: doc.leaveNoticeID,
    houseID: doc.houseID,
  });
  return entityView(
    (await houseDocs<LeaveNoticeDoc>(actor.deps).read(doc.houseID, doc.leaveNoticeID)) ?? withdrawn,
  );
}

/** `POST /api/LeaveNotice/{id}/Acknowledge`: the landlord or staff of the house saw it. */
export async function acknowledgeLeaveNotice(actor: Actor, leaveNoticeID: string) {
  if (actor.user.roleID === ROLE.lessee) throw AppError.forbidden(LEAVE_NOTICE_MESSAGES.cannotAcknowledgeOwn);
  const { doc, house } = await findInCallersHouse<LeaveNoticeDoc>(
    actor.deps,
    actor.user,
    'leaveNotice',
    leaveNoticeID,
  );
  assertOpenNotice(doc.status);
  const contract = await houseDocs<ContractDoc>(actor.deps).read(doc.houseID, doc.contractID);
  const told =
    contract?.type === 'contract'
      ? await tenantMessages(actor, house, contract, doc, {
          event: 'leaveNoticeAcknowledged',
          subjectID: doc.leaveNoticeID,
          text: leaveNoticeAcknowledgedText(doc, house.houseName, actor.deps.config.webOrigin),
        })
      : [];
  const acknowledged: LeaveNoticeDoc = {
    ...doc,
    status: 'acknowledged',
    acknowledgedOn: actor.deps.now().toISOString(),
    acknowledgedBy: actor.user.userID,
  };
  await writeWithRoom(
    actor,
    doc.houseID,
    [{ op: 'replace', doc: acknowledged, ifMatch: doc._etag as string }, ...told],
    LEAVE_NOTICE_MESSAGES.notOpen,
  );
  await audit(actor, {
    action: 'acknowledge',
    entity: 'leaveNotice',
    entityID: doc.leaveNoticeID,
    houseID: doc.houseID,
  });
  return entityView(
    (await houseDocs<LeaveNoticeDoc>(actor.deps).read(doc.houseID, doc.leaveNoticeID)) ?? acknowledged,
  );
}

/**
 * `GET /api/LeaveNotice?houseID=…` (or `contractID`, `roomID`; a tenant: their own contract's): the live
 * notices (not withdrawn), the soonest leaving first; `includeWithdrawn` adds the withdrawn ones.
 */
export async function listLeaveNotices(actor: Actor, scope: ContractScope, includeWithdrawn: boolean) {
  const { houseID, filter } = await resolveContractScope(actor.deps, actor.user, 'leaveNotice', scope);
  const notices = await queryAll(houseDocs<LeaveNoticeDoc>(actor.deps), {
    partitionKey: houseID,
    filter,
  });
  const shown = notices
    .filter((notice) => includeWithdrawn || isLiveNotice(notice.status))
    .sort((a, b) => a.leaveDate.localeCompare(b.leaveDate) || b.createdOn.localeCompare(a.createdOn));
  return { value: shown.map((notice) => entityView(notice)) };
}
