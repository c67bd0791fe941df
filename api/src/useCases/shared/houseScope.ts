import { isDeepStrictEqual } from 'node:util';
import { isValidID } from '@nhatro/common';
import { accountGrantsHouse, canAccessHouse, lesseeScope, type Caller } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc, HouseDoc, HouseScopedDoc, RoomDoc } from '../../domain/shared/model.js';
import type { Filter } from '../../store/store.js';
import type { Deps } from './deps.js';
import { loadChildren } from './expandBatch.js';
import { queryAll } from './queryAll.js';
import type { Actor } from './actor.js';
import { eq, ofType } from '../../domain/shared/query.js';

/**
 * What every house-scoped slice needs: the `houses` container (partitioned by houseID), reading
 * all of one type in a house, finding an object by id in a house the caller may touch.
 */
export function houseDocs<T extends HouseScopedDoc = HouseScopedDoc>(deps: Deps) {
  return deps.store.container<T>('houses');
}

/** An id from a route, body or query, or a 400 naming it (`Mã phòng không hợp lệ.`). */
export function requireID(value: string | undefined, label: string): string {
  if (!isValidID(value)) throw AppError.badRequest(`${label} không hợp lệ.`);
  return value;
}

export async function readHouse(deps: Deps, houseID: string): Promise<HouseDoc | undefined> {
  const doc = await houseDocs<HouseDoc>(deps).read(houseID, houseID);
  return doc?.type === 'house' ? doc : undefined;
}

/** The house, if the caller may touch it; otherwise 404 (another landlord's house does not exist for them). */
export async function authorizeHouse(deps: Deps, caller: Caller, houseID: string): Promise<HouseDoc> {
  const house = await readHouse(deps, houseID);
  if (!house || !canAccessHouse(caller, house)) throw AppError.notFound();
  return house;
}

/**
 * Checks that the caller may touch the house, from their account when it grants it (no round trip),
 * otherwise as `authorizeHouse` does; returns the house id. For lists and reads that need the house's
 * partition, not its document.
 */
export async function authorizeHouseID(deps: Deps, caller: Caller, houseID: string): Promise<string> {
  if (!accountGrantsHouse(caller, houseID)) await authorizeHouse(deps, caller, houseID);
  return houseID;
}

/** Every document of one type in a house (all pages). */
export async function listInHouse<T extends HouseScopedDoc>(
  deps: Deps,
  houseID: string,
  type: T['type'],
  extra?: Filter,
): Promise<T[]> {
  return queryAll(houseDocs<T>(deps), {
    partitionKey: houseID,
    filter: ofType(type, ...(extra ? [extra] : [])),
  });
}

/**
 * `listInHouse`, read in one store query with every other query of the same house asked in the same
 * turn of the event loop (`loadChildren`, useCases/shared/expandBatch.ts): the reads of a page that go
 * out together (`Promise.all`) cost one round trip. The documents may be those another caller of the
 * same query gets: read them, do not change them.
 */
export function listInHouseTogether<T extends HouseScopedDoc>(
  deps: Deps,
  houseID: string,
  type: T['type'],
  extra?: Filter,
): Promise<readonly T[]> {
  return loadChildren<T>(
    deps,
    { partitionKey: houseID, filter: ofType(type, ...(extra ? [extra] : [])), groupBy: 'pk' },
    houseID,
  );
}

/**
 * The house's document, read in the same query as the other reads of the house asked in the same turn
 * (`listInHouseTogether`); 404 when there is none. Check the caller's right first (`authorizeHouseID`,
 * which reads nothing when their account grants the house).
 */
export async function houseTogether(deps: Deps, houseID: string): Promise<HouseDoc> {
  const [house] = await listInHouseTogether<HouseDoc>(deps, houseID, 'house');
  if (!house) throw AppError.notFound();
  return house;
}

/**
 * The house to read an object named by id in, with what its page needs, in one query: the house the
 * caller names beside the id (the SPA sends the chosen house), or a tenant's own; only a house their
 * account grants. The object may be in another house: `docInNamedHouse` then finds nothing and the caller
 * looks it up as before (`findDocInCallersHouse`), so the name is a hint that never widens a right.
 */
export function namedHouse(caller: Caller, houseID: string | undefined): string | undefined {
  const given = houseID === undefined ? undefined : requireID(houseID, 'Mã nhà trọ');
  const named = lesseeScope(caller) ? caller.account.houseID : given;
  return named !== undefined && accountGrantsHouse(caller, named) ? named : undefined;
}

/**
 * An object by id in the house `namedHouse` gave, read with the other reads of that house asked in the
 * same turn (`listInHouseTogether`); undefined when it is not there. A tenant gets only their own room or
 * contract (`lesseeOwns`); another of their house is a 404, as `docForCaller` answers.
 */
export async function docInNamedHouse<T extends HouseScopedDoc>(
  actor: Actor,
  houseID: string,
  type: T['type'],
  id: string,
  lesseeOwns: 'roomID' | 'contractID',
): Promise<T | undefined> {
  const [doc] = await listInHouseTogether<T>(actor.deps, houseID, type, eq('id', id));
  if (!doc) return undefined;
  const lessee = lesseeScope(actor.user);
  const owner = (doc as Partial<Record<'roomID' | 'contractID', string>>)[lesseeOwns];
  if (lessee && lessee[lesseeOwns] !== owner) throw AppError.notFound();
  return doc;
}

/** Every document of the `houses` container matching `filter`, across partitions (all pages). */
export function acrossHouses<T extends HouseScopedDoc>(deps: Deps, filter: Filter): Promise<T[]> {
  return queryAll(houseDocs<T>(deps), { filter });
}

/**
 * A house-scoped object by its id alone (the spec's `/odata/Room/{id}` carries no house),
 * returned with its house only if the caller may touch that house; otherwise 404.
 */
export async function findInCallersHouse<T extends HouseScopedDoc>(
  deps: Deps,
  caller: Caller,
  type: T['type'],
  id: string,
): Promise<{ doc: T; house: HouseDoc }> {
  const { doc } = await findByID<T>(deps, type, id);
  const house = await authorizeHouse(deps, caller, doc.pk);
  return { doc, house };
}

/**
 * As `findInCallersHouse`, for callers that need the object alone (no read of its house when the account
 * grants it); with the documents of its house `alongside` matches, read in the same query.
 */
export async function findDocInCallersHouse<T extends HouseScopedDoc>(
  deps: Deps,
  caller: Caller,
  type: T['type'],
  id: string,
  alongside?: Filter,
): Promise<{ doc: T; alongside: HouseScopedDoc[] }> {
  const found = await findByID<T>(deps, type, id, alongside);
  await authorizeHouseID(deps, caller, found.doc.pk);
  return found;
}

/**
 * A house-scoped object by its id alone, in whichever house it is (one query across houses); else 404.
 * `alongside`: documents read in the same query, those of the object's house kept.
 */
async function findByID<T extends HouseScopedDoc>(
  deps: Deps,
  type: T['type'],
  id: string,
  alongside?: Filter,
): Promise<{ doc: T; alongside: HouseScopedDoc[] }> {
  const own = ofType(type, eq('id', id));
  const docs = alongside
    ? await acrossHouses(deps, { op: 'or', items: [own, alongside] })
    : (await houseDocs(deps).query({ filter: own, top: 2 })).items;
  const doc = docs.find((one) => one.type === type && one.id === id) as T | undefined;
  if (!doc) throw AppError.notFound();
  return { doc, alongside: docs.filter((one) => one !== doc && one.pk === doc.pk) };
}

/** The non-OData parameters of a list of a contract's documents (bills, charges, issues). */
export interface ContractScope {
  houseID?: string;
  roomID?: string;
  contractID?: string;
}

/** Where a list by contract, room or house reads: the house's partition and the store filter. */
export interface ResolvedScope {
  houseID: string;
  filter: Filter;
}

/**
 * The house and store filter of a list of `type` documents by contract, room or house (the most
 * precise one given decides the house; the others must agree); a lessee always only their own
 * contract's. Anything outside the caller's houses is a 404. Nothing is read for a tenant's own room or
 * contract, nor for a house their account grants (`authorizeHouseID`); a contract or room named by a
 * landlord or staff is one query (`findDocInCallersHouse`). The house's document is the caller's to
 * read when they need it (`houseTogether`).
 */
export async function resolveContractScope(
  deps: Deps,
  caller: Caller,
  type: HouseScopedDoc['type'],
  scope: ContractScope,
): Promise<ResolvedScope> {
  const lessee = lesseeScope(caller);
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: type }];
  let houseID: string | undefined;
  const agree = (found: string) => {
    if (houseID !== undefined && houseID !== found) throw AppError.notFound();
    houseID = found;
  };
  // The house of a tenant's own contract or room: their account's, read to authenticate them.
  const ownHouse = (field: 'contractID' | 'roomID', id: string): string | undefined => {
    if (!lessee) return undefined;
    if (lessee[field] !== id) throw AppError.notFound();
    const own = caller.account.houseID;
    return own !== undefined && accountGrantsHouse(caller, own) ? own : undefined;
  };
  if (scope.contractID !== undefined) {
    const contractID = requireID(scope.contractID, 'Mã hợp đồng');
    agree(
      ownHouse('contractID', contractID) ??
        (await findDocInCallersHouse<ContractDoc>(deps, caller, 'contract', contractID)).doc.pk,
    );
    conditions.push({ op: 'eq', field: 'contractID', value: contractID });
  }
  if (scope.roomID !== undefined) {
    const roomID = requireID(scope.roomID, 'Mã phòng');
    agree(
      ownHouse('roomID', roomID) ??
        (await findDocInCallersHouse<RoomDoc>(deps, caller, 'room', roomID)).doc.pk,
    );
    conditions.push({ op: 'eq', field: 'roomID', value: roomID });
  }
  if (scope.houseID !== undefined) {
    const named = requireID(scope.houseID, 'Mã nhà trọ');
    if (houseID !== undefined && houseID !== named) throw AppError.notFound();
    houseID ??= await authorizeHouseID(deps, caller, named);
  }
  if (houseID === undefined) {
    if (!lessee) throw AppError.badRequest('Thiếu mã nhà trọ (houseID).');
    houseID = await authorizeHouseID(deps, caller, requireID(caller.account.houseID, 'Mã nhà trọ'));
  }
  if (lessee) conditions.push({ op: 'eq', field: 'contractID', value: lessee.contractID ?? '' });
  return { houseID, filter: { op: 'and', items: conditions } };
}

/**
 * A partial update: the document with the fields that really change (undefined means unchanged)
 * and their names. Nothing changed means nothing to write: no new ETag, no audit entry.
 */
export function withChanges<T extends object>(doc: T, changes: object): { next: T; changed: string[] } {
  const current = doc as Record<string, unknown>;
  const changed = Object.entries(changes).filter(
    ([key, value]) => value !== undefined && !isDeepStrictEqual(current[key], value),
  );
  return { next: { ...doc, ...Object.fromEntries(changed) }, changed: changed.map(([key]) => key) };
}

/** An `If-Match` naming another version is refused even when the update changes nothing. */
export function assertCurrent(doc: { _etag?: string }, ifMatch: string | undefined): void {
  if (ifMatch !== undefined && doc._etag !== undefined && ifMatch !== doc._etag) throw AppError.stale();
}

/**
 * The delete of `doc` as read for a `DELETE` with the caller's `If-Match` (`ifMatch`): a stale one is a 412
 * before anything is written, and the delete itself is guarded by the ETag the document was read with, so
 * a change landing in between keeps it (412 too).
 */
export function deleteAsRead(
  doc: { id: string; _etag?: string },
  ifMatch: string | undefined,
): { op: 'delete'; id: string; ifMatch?: string } {
  assertCurrent(doc, ifMatch);
  return { op: 'delete', id: doc.id, ...(doc._etag ? { ifMatch: doc._etag } : {}) };
}

/**
 * An object by id in a house the caller may touch; for a lessee only one of their own room (`roomID`)
 * or contract (`contractID`): anything else is a 404, as another landlord's object is.
 */
export async function findForCaller<T extends HouseScopedDoc>(
  actor: Actor,
  type: T['type'],
  id: string,
  lesseeOwns: 'roomID' | 'contractID',
): Promise<{ doc: T; house: HouseDoc }> {
  const found = await findInCallersHouse<T>(actor.deps, actor.user, type, id);
  const lessee = lesseeScope(actor.user);
  const owner = (found.doc as Partial<Record<'roomID' | 'contractID', string>>)[lesseeOwns];
  if (lessee && lessee[lesseeOwns] !== owner) throw AppError.notFound();
  return found;
}

/** As `findForCaller`, the object alone (its house is read only when the caller's account does not grant it). */
export async function docForCaller<T extends HouseScopedDoc>(
  actor: Actor,
  type: T['type'],
  id: string,
  lesseeOwns: 'roomID' | 'contractID',
): Promise<T> {
  return (await docForCallerWith<T>(actor, type, id, lesseeOwns)).doc;
}

/**
 * As `docForCaller`, with the documents of its house that `alongside` matches read in the same query
 * (a contract's occupants and room): handed back only once the caller may see the object.
 */
export async function docForCallerWith<T extends HouseScopedDoc>(
  actor: Actor,
  type: T['type'],
  id: string,
  lesseeOwns: 'roomID' | 'contractID',
  alongside?: Filter,
): Promise<{ doc: T; alongside: HouseScopedDoc[] }> {
  const found = await findDocInCallersHouse<T>(actor.deps, actor.user, type, id, alongside);
  const lessee = lesseeScope(actor.user);
  const owner = (found.doc as Partial<Record<'roomID' | 'contractID', string>>)[lesseeOwns];
  if (lessee && lessee[lesseeOwns] !== owner) throw AppError.notFound();
  return found;
}

/** A room the caller may see: in a house they may touch, and for a lessee only their own. */
export async function roomForCaller(actor: Actor, roomID: string): Promise<RoomDoc> {
  return docForCaller<RoomDoc>(actor, 'room', roomID, 'roomID');
}
