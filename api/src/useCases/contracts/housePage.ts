import type { ContractDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import { CONTRACT_MODEL } from '../../domain/shared/odata/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import { eq, ofType } from '../../domain/shared/query.js';
import type { Filter } from '../../store/store.js';
import type { Actor } from '../shared/actor.js';
import { expandContext, knownKey } from '../shared/expand.js';
import { houseDocs } from '../shared/houseScope.js';
import { expandEntities } from '../shared/navigations.js';
import { listLoadedEntities, type EntityPage } from '../shared/odataQuery.js';
import { queryAll } from '../shared/queryAll.js';
import { entityView } from '../shared/views.js';

/**
 * A house's contract list with its rooms and representatives in one query (issue 25; the contracts page
 * asks `$expand=room,renterRepresentative`). The page's rooms and representatives depend on which
 * contracts it holds, so they cannot be read before it by key; instead the one query of the house reads
 * the contracts the list matches (scope and `$filter`, every page of them), every room of the house and
 * the representatives still living there (`isRepresentative`, occupant status 1), split by type; the list
 * is ordered, paged and counted in memory (`listLoadedEntities`, as a tenant's list), and the two
 * navigations take what was read as known sets (`ExpandContext.known`): every room (a contract whose
 * room is not among them has none), each representative by id. A representative not among them (moved
 * out, never stored) is read by the navigation as before: one more query, for that page only. Nested
 * options are loaded as usual. docs/performance.md weighs what this reads against the store's paged
 * query.
 */

const ROOMS: Filter = ofType('room');
/** Occupant status 1: living in the room (moveOut.ts). */
const LIVING_REPRESENTATIVES: Filter = ofType('lesseeInfo', eq('isRepresentative', true), eq('status', 1));
const NEWEST_FIRST = [{ field: 'startDate', desc: true }];

/** The navigations this read fills; another one at the top level needs a query after the list anyway. */
const FILLED = new Set(['room', 'renterRepresentative']);

/**
 * Whether to read the list this way: its `$expand` asks only for the room and the representative (with
 * any nested options). Beside another navigation (`lesseeInfors`, `vehicles`…) the list's children are
 * one more query anyway, which reads the room and representative with the rest: reading them along would
 * cost RU and save no round trip, so the store's paged query answers.
 */
export function readsAlongPage(query: ODataQuery): boolean {
  return query.expand.length > 0 && query.expand.every((option) => FILLED.has(option.property));
}

/**
 * The page, or undefined when the one query failed (a `$filter` the store refuses inside the larger
 * query, a throttled request): the caller then asks the store's paged query, which answers as before.
 */
export async function houseContractsWithRooms(
  actor: Actor,
  houseID: string,
  contracts: Filter,
  query: ODataQuery,
): Promise<EntityPage | undefined> {
  const wanted = new Set(query.expand.map((option) => option.property));
  const room = wanted.has('room');
  const representative = wanted.has('renterRepresentative');
  const items = [contracts, ...(room ? [ROOMS] : []), ...(representative ? [LIVING_REPRESENTATIVES] : [])];
  let docs: HouseScopedDoc[];
  try {
    docs = await queryAll(houseDocs(actor.deps), { partitionKey: houseID, filter: { op: 'or', items } });
  } catch {
    return undefined;
  }
  // The three parts are of three types: each document is of exactly one, as the store matched it.
  const page = docs.filter((doc): doc is ContractDoc => doc.type === 'contract');
  const known = new Map<string, HouseScopedDoc[]>();
  if (room) {
    for (const contract of page) known.set(knownKey(houseID, 'room', 'roomID', contract.roomID), []);
    for (const doc of docs) {
      if (doc.type === 'room') known.get(knownKey(houseID, 'room', 'roomID', doc.roomID))?.push(doc);
    }
  }
  if (representative) {
    for (const doc of docs) {
      if (doc.type === 'lesseeInfo') known.set(knownKey(houseID, 'lesseeInfo', 'id', doc.id), [doc]);
    }
  }
  const expansion = expandContext(actor, [], known);
  return listLoadedEntities(page, query, NEWEST_FIRST, entityView, (entities) =>
    expandEntities(expansion, CONTRACT_MODEL, entities, query.expand),
  );
}
