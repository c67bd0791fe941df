import { randomUUID } from 'node:crypto';
import {
  CONTRACT_STATUS,
  ISSUE_MESSAGES,
  ISSUE_STATUS,
  LEVEL,
  ROLE,
  type IssueCreateInput,
  type IssueStatus,
  type IssueUpdateInput,
} from '@nhatro/common';
import { hasPermission, lesseeScope } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import { issueImageProblem } from '../domain/issues.js';
import type { ContractDoc, HouseDoc, HouseScopedDoc, IssueDoc, RoomDoc } from '../domain/shared/model.js';
import { ISSUE_MODEL } from '../domain/shared/odata/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { issueStatusText } from '../domain/shared/outboxTexts.js';
import type { BatchOp } from '../store/store.js';
import { type Actor, createAudited, writeAudited } from './shared/actor.js';
import { acceptUpload } from './shared/uploads.js';
import type { Deps } from './shared/deps.js';
import {
  assertCurrent,
  deleteAsRead,
  findForCaller,
  findInCallersHouse,
  houseDocs,
  resolveContractScope,
  type ContractScope,
  withChanges,
} from './shared/houseScope.js';
import { listEntities, selectFields, type EntityPage } from './shared/odataQuery.js';
import { tenantRecipients, outboxCreate } from './shared/outboxMessages.js';
import { issueEntity } from './shared/issueViews.js';
import { expandEntity, pageExpansion } from './shared/navigations.js';

/**
 * Issue reports (báo cáo sự cố): a tenant reports something broken in their room with photos
 * uploaded to the house's room-image area; the landlord or staff move it through statuses 1–3.
 * A tenant sees and cancels only their own contract's reports; another landlord's do not exist.
 */

const NEWEST_FIRST = [{ field: 'createdOn', desc: true }];

/** An issue in a house the caller may touch; a tenant's only if it is of their contract (404 otherwise). */
async function issueForCaller(actor: Actor, issueID: string): Promise<{ doc: IssueDoc; house: HouseDoc }> {
  return findForCaller<IssueDoc>(actor, 'issue', issueID, 'contractID');
}

/** The contract a report is for: the tenant's own (given or not), or the one a landlord or staff names. */
async function reportedContract(actor: Actor, contractID: string | undefined): Promise<ContractDoc> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const wanted = contractID ?? lessee?.contractID;
  if (wanted === undefined) {
    throw AppError.validation([{ field: 'contractID', errorMessage: 'Vui lòng chọn hợp đồng.' }]);
  }
  const { doc } = await findInCallersHouse<ContractDoc>(deps, user, 'contract', wanted);
  if (lessee && lessee.contractID !== doc.contractID) throw AppError.notFound();
  if (doc.status !== CONTRACT_STATUS.active) throw AppError.conflict(ISSUE_MESSAGES.contractNotActive);
  return doc;
}

/**
 * Photos of a report: well-formed room-image names of the house, not attached to anything yet,
 * checked by their bytes (`acceptUpload` deletes one that is not a PNG within the size limit).
 */
async function acceptIssueImages(deps: Deps, houseID: string, images: string[]): Promise<void> {
  for (const [index, blobName] of images.entries()) {
    const problem = issueImageProblem(houseID, images, index);
    if (problem) throw AppError.validation([{ field: `images.${index}`, errorMessage: problem }]);
    const holders = await houseDocs(deps).count({
      partitionKey: houseID,
      filter: { op: 'arrayContains', field: 'images', value: blobName },
    });
    if (holders > 0) throw AppError.conflict('Ảnh này đã được gắn cho phòng, thiết bị hoặc sự cố khác.');
  }
  for (const blobName of images) await acceptUpload(deps, 'room-images', blobName);
}

/**
 * `POST /odata/Issue`: a tenant reports for their active contract (`contractID` optional); the
 * landlord or staff may report for a contract of their house. Status 1 (received).
 */
export async function createIssue(actor: Actor, input: IssueCreateInput) {
  const { deps, user } = actor;
  const contract = await reportedContract(actor, input.contractID);
  const room = await houseDocs<RoomDoc>(deps).read(contract.houseID, contract.roomID);
  if (room?.type !== 'room') throw AppError.notFound();
  await acceptIssueImages(deps, contract.houseID, input.images);
  const now = deps.now().toISOString();
  const issueID = randomUUID();
  const issue: IssueDoc = {
    id: issueID,
    pk: contract.houseID,
    type: 'issue',
    issueID,
    houseID: contract.houseID,
    roomID: room.roomID,
    roomName: room.roomName,
    contractID: contract.contractID,
    title: input.title,
    description: input.description,
    status: ISSUE_STATUS.received,
    images: input.images,
    createdBy: user.userID,
    createdByName: user.account.fullName,
    createdOn: now,
  };
  const saved = await createAudited(actor, issue, {
    action: 'create',
    entity: 'issue',
    entityID: issueID,
    details: { contractID: contract.contractID, roomID: room.roomID, images: input.images.length },
  });
  return issueEntity(deps, saved);
}

/** Non-OData parameters choosing the issues listed. */
export type IssueScope = ContractScope;

/** `GET /odata/Issue?contractID=…` (or `roomID`, `houseID`; a tenant: their own), newest first. */
export async function listIssues(actor: Actor, scope: IssueScope, query: ODataQuery): Promise<EntityPage> {
  const { houseID, filter } = await resolveContractScope(actor.deps, actor.user, 'issue', scope);
  return listEntities(
    houseDocs<IssueDoc>(actor.deps),
    { partitionKey: houseID, filter },
    query,
    NEWEST_FIRST,
    (doc) => issueEntity(actor.deps, doc),
    pageExpansion(actor, ISSUE_MODEL, query),
  );
}

/** `GET /odata/Issue/{id}`. */
export async function getIssue(actor: Actor, issueID: string, query: ODataQuery) {
  const { doc } = await issueForCaller(actor, issueID);
  return selectFields(
    await expandEntity(actor, ISSUE_MODEL, await issueEntity(actor.deps, doc), query),
    query,
  );
}

/**
 * `PATCH /odata/Issue[/{id}]` `{ status, response? }`: the landlord or staff (room level 2) handle it.
 * A new status is told to the tenant of the report's contract, in the same write.
 */
export async function updateIssue(
  actor: Actor,
  issueID: string,
  input: Omit<IssueUpdateInput, 'issueID'>,
  ifMatch: string | undefined,
) {
  const { deps } = actor;
  const { doc, house } = await issueForCaller(actor, issueID);
  // A tenant never reaches here (room level 1 < 2); checked again so the rule holds without the endpoint.
  if (actor.user.roleID === ROLE.lessee) throw AppError.forbidden();
  assertCurrent(doc, ifMatch);
  const { next, changed } = withChanges(doc, input);
  if (changed.length === 0) return issueEntity(deps, doc);
  const updated: IssueDoc = { ...next, updatedOn: deps.now().toISOString() };
  const ops: Array<BatchOp<HouseScopedDoc>> = [
    { op: 'replace', doc: updated, ifMatch: ifMatch ?? (doc._etag as string) },
  ];
  if (changed.includes('status')) {
    const contract = await houseDocs<ContractDoc>(deps).read(doc.houseID, doc.contractID);
    const recipients =
      contract?.type === 'contract' ? await tenantRecipients(deps, doc.houseID, [contract]) : undefined;
    const recipient = recipients?.get(doc.contractID) ?? {};
    ops.push(
      outboxCreate(deps, doc.houseID, {
        event: 'issueStatusChanged',
        houseID: doc.houseID,
        recipient,
        ...issueStatusText(
          { ...updated, status: updated.status as IssueStatus },
          house.houseName,
          deps.config.webOrigin,
        ),
        subjectID: doc.issueID,
      }),
    );
  }
  const [written] = await writeAudited(actor, doc.houseID, ops, {
    action: 'update',
    entity: 'issue',
    entityID: doc.issueID,
    details: { fields: changed, from: doc.status, status: updated.status },
  });
  const saved = (written as IssueDoc | undefined) ?? updated;
  return issueEntity(deps, saved);
}

/**
 * `DELETE /odata/Issue/{id}`: the tenant cancels their own report while it is still only received
 * (409 once handling began); the landlord or staff with delete rights remove any of their house.
 */
export async function deleteIssue(actor: Actor, issueID: string, ifMatch?: string): Promise<void> {
  const { doc } = await issueForCaller(actor, issueID);
  const lessee = lesseeScope(actor.user);
  // The endpoint lets tenants through (room level 1) for their own reports; others need delete rights.
  if (!lessee && !hasPermission(actor.user, 'room', LEVEL.full)) throw AppError.forbidden();
  if (lessee && doc.status !== ISSUE_STATUS.received) throw AppError.conflict(ISSUE_MESSAGES.cannotCancel);
  // If-Match: a status set meanwhile keeps the report (the tenant's cancel then fails as stale).
  await writeAudited(actor, doc.pk, [deleteAsRead(doc, ifMatch)], {
    action: lessee ? 'cancel' : 'delete',
    entity: 'issue',
    entityID: doc.issueID,
    details: { status: doc.status, title: doc.title },
  });
}
