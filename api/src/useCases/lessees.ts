import { randomUUID } from 'node:crypto';
import { LESSEE_MESSAGES, type LesseeCreateInput, type LesseeUpdateInput } from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import {
  lesseeDateProblem,
  lesseeSearchText,
  newLesseeNotes,
  representativeDecision,
  searchKey,
} from '../domain/lessees.js';
import type { ContractDoc, HouseScopedDoc, LesseeInfoDoc, VehicleDoc } from '../domain/shared/model.js';
import { LESSEE_MODEL } from '../domain/shared/odata/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import type { Filter } from '../domain/shared/query.js';
import { vietnamDate } from '../domain/shared/time.js';
import { audit, type Actor } from './shared/actor.js';
import { consentRecord } from './shared/identityConsent.js';
import { checkIdentityPhotos, IDENTITY_IMAGES, recordIdentityPhotoRead } from './shared/identityPhotos.js';
import { activeContractOfRoom, contractForCaller } from './shared/contractScope.js';
import {
  assertCurrent,
  authorizeHouseID,
  deleteAsRead,
  findForCaller,
  houseDocs,
  listInHouse,
  requireID,
  roomForCaller,
  withChanges,
} from './shared/houseScope.js';
import { expandEntity, pageExpansion } from './shared/navigations.js';
import { listEntities, selectFields, type EntityPage } from './shared/odataQuery.js';
import { entityView, imageLinks } from './shared/views.js';
import { deleteStoredFile } from './shared/uploads.js';

/** An occupant the caller may see: in a house they may touch; a lessee only those of their contract. */
async function lesseeForCaller(actor: Actor, lesseeInfoID: string): Promise<LesseeInfoDoc> {
  return (await findForCaller<LesseeInfoDoc>(actor, 'lesseeInfo', lesseeInfoID, 'contractID')).doc;
}

/**
 * A house's occupants, optionally of one contract or room; `search` matches name, phone or CCCD
 * without accents. A lessee sees the occupants of their own contract.
 */
export async function listLessees(
  actor: Actor,
  scope: { houseID?: string; contractID?: string; roomID?: string; search?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const houseID = scope.houseID ?? user.account.houseID;
  const partitionKey = await authorizeHouseID(deps, user, requireID(houseID, 'Mã nhà trọ'));
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'lesseeInfo' }];
  if (lessee) conditions.push({ op: 'eq', field: 'contractID', value: lessee.contractID ?? '' });
  if (scope.contractID)
    conditions.push({ op: 'eq', field: 'contractID', value: requireID(scope.contractID, 'Mã hợp đồng') });
  if (scope.roomID)
    conditions.push({ op: 'eq', field: 'roomID', value: requireID(scope.roomID, 'Mã phòng') });
  const search = scope.search ? searchKey(scope.search) : '';
  if (search) conditions.push({ op: 'contains', field: 'searchText', value: search });
  return listEntities(
    houseDocs<LesseeInfoDoc>(deps),
    { partitionKey, filter: { op: 'and', items: conditions } },
    query,
    [{ field: 'occupantName' }],
    entityView,
    pageExpansion(actor, LESSEE_MODEL, query),
  );
}

/**
 * One occupant with read URLs of their identity photos; `$expand=vehicles` gives the vehicles
 * registered to them (a contract's vehicles without an owner count as the representative's).
 */
export async function getLessee(actor: Actor, lesseeInfoID: string, query: ODataQuery) {
  const lessee = await lesseeForCaller(actor, lesseeInfoID);
  const entity: Record<string, unknown> = {
    ...entityView(lessee),
    imageURLs: await identityImageLinks(actor, lessee),
  };
  return selectFields(await expandEntity(actor, LESSEE_MODEL, entity, query), query);
}

/** The photos shown on an occupant's page: identity papers, portrait, the residence declaration's receipt. */
const SHOWN_PHOTOS = [...IDENTITY_IMAGES, 'residenceReceiptImage'] as const;

async function identityImageLinks(actor: Actor, lessee: LesseeInfoDoc) {
  const names = SHOWN_PHOTOS.map((field) => lessee[field]).filter((name): name is string => Boolean(name));
  if (names.length > 0)
    await recordIdentityPhotoRead(actor, {
      houseID: lessee.houseID,
      lesseeInfoID: lessee.lesseeInfoID,
      blobNames: names,
    });
  return imageLinks(actor.deps, 'lessee-infor', names);
}

function checkDates(actor: Actor, dates: Parameters<typeof lesseeDateProblem>[0]) {
  const problem = lesseeDateProblem(dates, vietnamDate(actor.deps.now()));
  if (problem) throw AppError.validation([problem]);
}

async function contractOf(
  actor: Actor,
  input: { contractID?: string | undefined; roomID?: string | undefined },
) {
  if (input.contractID) return contractForCaller(actor, input.contractID);
  const room = await roomForCaller(actor, input.roomID as string);
  const contract = await activeContractOfRoom(actor, room.houseID, room.roomID);
  if (!contract) throw AppError.conflict(LESSEE_MESSAGES.noActiveContract);
  return contract;
}

/** Moves the representative role of a contract to `lesseeInfoID` in one transaction with `write`. */
async function saveWithRepresentative(
  actor: Actor,
  contract: ContractDoc,
  write: LesseeInfoDoc,
  mode: 'create' | 'replace',
  becomesRepresentative: boolean,
): Promise<LesseeInfoDoc> {
  const container = houseDocs<HouseScopedDoc>(actor.deps);
  const operations: Parameters<typeof container.batch>[1] = [
    mode === 'create'
      ? { op: 'create', doc: write }
      : { op: 'replace', doc: write, ...(write._etag ? { ifMatch: write._etag } : {}) },
  ];
  if (becomesRepresentative && contract.representativeLesseeID !== write.lesseeInfoID) {
    const previous = contract.representativeLesseeID
      ? ((await container.read(contract.houseID, contract.representativeLesseeID)) as
          LesseeInfoDoc | undefined)
      : undefined;
    if (previous?.type === 'lesseeInfo') {
      operations.push({
        op: 'replace',
        doc: { ...previous, isRepresentative: false },
        ...(previous._etag ? { ifMatch: previous._etag } : {}),
      });
    }
    operations.push({
      op: 'replace',
      doc: { ...contract, representativeLesseeID: write.lesseeInfoID },
      ...(contract._etag ? { ifMatch: contract._etag } : {}),
    });
  }
  await container.batch(contract.houseID, operations);
  return (await container.read(contract.houseID, write.id)) as LesseeInfoDoc;
}

export async function createLessee(actor: Actor, input: LesseeCreateInput) {
  const contract = await contractOf(actor, input);
  checkDates(actor, input);
  await checkIdentityPhotos(actor.deps, contract.houseID, input);
  const lesseeInfoID = randomUUID();
  const decision = representativeDecision(
    { lesseeInfoID, wantsRepresentative: input.isRepresentative },
    contract.representativeLesseeID || undefined,
  );
  if (decision.kind === 'refuse') throw AppError.conflict(decision.message);
  const { contractID: _contractID, roomID: _roomID, isRepresentative: _isRepresentative, ...fields } = input;
  const doc: LesseeInfoDoc = {
    id: lesseeInfoID,
    pk: contract.houseID,
    type: 'lesseeInfo',
    lesseeInfoID,
    houseID: contract.houseID,
    contractID: contract.contractID,
    roomID: contract.roomID,
    ...fields,
    notes: newLesseeNotes(fields.notes),
    isRepresentative: decision.kind === 'become',
    status: 1,
    searchText: lesseeSearchText(fields),
    ...consentRecord(fields, actor.user.account, actor.deps.now()),
  };
  const saved = await saveWithRepresentative(actor, contract, doc, 'create', decision.kind === 'become');
  await audit(actor, {
    action: 'create',
    entity: 'lesseeInfo',
    entityID: lesseeInfoID,
    houseID: contract.houseID,
  });
  return entityView(saved);
}

export async function updateLessee(
  actor: Actor,
  lesseeInfoID: string,
  input: Omit<LesseeUpdateInput, 'lesseeInfoID'>,
  ifMatch?: string,
) {
  const lessee = await lesseeForCaller(actor, lesseeInfoID);
  assertCurrent(lessee, ifMatch);
  const contract = await contractForCaller(actor, lessee.contractID);
  const { isRepresentative, ...changes } = input;
  const { next, changed } = withChanges(lessee, changes);
  checkDates(actor, next);
  await checkIdentityPhotos(actor.deps, lessee.houseID, changes, lessee);
  const decision = representativeDecision(
    { lesseeInfoID, wantsRepresentative: isRepresentative },
    contract.representativeLesseeID || undefined,
  );
  if (decision.kind === 'refuse') throw AppError.conflict(decision.message);
  if (changed.length === 0 && decision.kind !== 'become') return entityView(lessee);
  const write: LesseeInfoDoc = {
    ...next,
    ...consentRecord(next, actor.user.account, actor.deps.now()),
    isRepresentative: decision.kind === 'become' || contract.representativeLesseeID === lesseeInfoID,
    searchText: lesseeSearchText(next),
  };
  const saved = await saveWithRepresentative(actor, contract, write, 'replace', decision.kind === 'become');
  await audit(actor, {
    action: 'update',
    entity: 'lesseeInfo',
    entityID: lesseeInfoID,
    houseID: lessee.houseID,
    details: { fields: decision.kind === 'become' ? [...changed, 'isRepresentative'] : changed },
  });
  return entityView(saved);
}

export async function deleteLessee(actor: Actor, lesseeInfoID: string, ifMatch?: string): Promise<void> {
  const lessee = await lesseeForCaller(actor, lesseeInfoID);
  const contract = await contractForCaller(actor, lessee.contractID);
  if (contract.representativeLesseeID === lesseeInfoID || lessee.isRepresentative) {
    throw AppError.conflict(LESSEE_MESSAGES.deleteRepresentative);
  }
  // Their vehicles stay with the contract, owned by nobody in particular (the representative).
  const owned = await listInHouse<VehicleDoc>(actor.deps, lessee.houseID, 'vehicle', {
    op: 'eq',
    field: 'contractID',
    value: lessee.contractID,
  });
  await houseDocs(actor.deps).batch(lessee.pk, [
    deleteAsRead(lessee, ifMatch),
    ...owned
      .filter((vehicle) => vehicle.lesseeInfoID === lesseeInfoID)
      .map(({ lesseeInfoID: _owner, ...vehicle }) => ({
        op: 'replace' as const,
        doc: vehicle,
        ...(vehicle._etag ? { ifMatch: vehicle._etag } : {}),
      })),
  ]);
  for (const field of IDENTITY_IMAGES) {
    const blobName = lessee[field];
    if (blobName) await deleteStoredFile(actor.deps, 'lessee-infor', blobName);
  }
  await audit(actor, {
    action: 'delete',
    entity: 'lesseeInfo',
    entityID: lesseeInfoID,
    houseID: lessee.houseID,
  });
}
