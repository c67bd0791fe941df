import { lesseeScope } from '../../domain/shared/access.js';
import type { ContractDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import { CONTRACT_MODEL } from '../../domain/shared/odata/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import type { Filter } from '../../store/store.js';
import type { Actor } from '../shared/actor.js';
import { listOfContract } from '../shared/contractScope.js';
import { contractAlongside, knownAlongContract } from '../shared/contractAlongside.js';
import { houseContractsWithRooms, readsAlongPage } from './housePage.js';
import { expandContext } from '../shared/expand.js';
import { loadChildren } from '../shared/expandBatch.js';
import {
  authorizeHouseID,
  docForCallerWith,
  houseDocs,
  houseTogether,
  requireID,
} from '../shared/houseScope.js';
import { expandEntities, expandEntity, pageExpansion } from '../shared/navigations.js';
import { listEntities, listLoadedEntities, selectFields, type EntityPage } from '../shared/odataQuery.js';
import { entityView } from '../shared/views.js';

/**
 * Reading contracts: a house's list (a tenant's own), one contract, their expands, and a contract's
 * history (`ContractChanges`).
 */

/**
 * A house's contracts (`HouseID`), optionally of one room or status; a lessee gets their own.
 * Expands: room, renterRepresentative, lesseeInfors (also `lessees`, `lesseeInfos`), vehicles,
 * contractServices, lessorInfo, monthlyBills, issues — each with its own nested options. A landlord's
 * or staff member's list expanding the room or representative reads them with the list (housePage.ts);
 * `readAlong: false` asks the store's paged query instead (the reply is the same; tests compare them).
 */
export async function listContracts(
  actor: Actor,
  scope: { houseID?: string; roomID?: string },
  query: ODataQuery,
  options: { readAlong?: boolean } = {},
): Promise<EntityPage> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const houseID = scope.houseID ?? user.account.houseID;
  const partitionKey = await authorizeHouseID(deps, user, requireID(houseID, 'Mã nhà trọ'));
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'contract' }];
  if (lessee) conditions.push({ op: 'eq', field: 'lesseeAccountID', value: user.userID });
  if (scope.roomID)
    conditions.push({ op: 'eq', field: 'roomID', value: requireID(scope.roomID, 'Mã phòng') });
  const current = lessee ? user.account.contractID : undefined;
  if (current) return tenantsContracts(actor, partitionKey, current, conditions, query);
  if (!lessee && options.readAlong !== false && readsAlongPage(query)) {
    const filter: Filter = { op: 'and', items: [...conditions, ...(query.filter ? [query.filter] : [])] };
    const page = await houseContractsWithRooms(actor, partitionKey, filter, query);
    if (page) return page;
  }
  return listEntities(
    houseDocs<ContractDoc>(deps),
    { partitionKey, filter: { op: 'and', items: conditions } },
    query,
    [{ field: 'startDate', desc: true }],
    entityView,
    pageExpansion(actor, CONTRACT_MODEL, query),
  );
}

/**
 * A tenant's contracts in their house (a few): with the house and what the `$expand` of their current
 * contract reads of the house (contractAlongside.ts) in one query of the house; ordered, paged and
 * counted in memory. Another contract of theirs (an earlier tenancy) is expanded as usual.
 */
async function tenantsContracts(
  actor: Actor,
  houseID: string,
  current: string,
  conditions: Filter[],
  query: ODataQuery,
): Promise<EntityPage> {
  const { deps } = actor;
  const along = contractAlongside(current, query.expand);
  const filter: Filter = { op: 'and', items: [...conditions, ...(query.filter ? [query.filter] : [])] };
  const inHouse = <T extends HouseScopedDoc>(which: Filter) =>
    loadChildren<T>(deps, { partitionKey: houseID, filter: which, groupBy: 'pk' }, houseID);
  const [contracts, alongside, house] = await Promise.all([
    inHouse<ContractDoc>(filter),
    along.filter ? inHouse(along.filter) : [],
    houseTogether(deps, houseID),
  ]);
  const contract = contracts.find((one) => one.contractID === current);
  const known = contract ? knownAlongContract(contract, alongside, along) : new Map();
  const expansion = expandContext(actor, [house], known);
  return listLoadedEntities(contracts, query, [{ field: 'startDate', desc: true }], entityView, (entities) =>
    expandEntities(expansion, CONTRACT_MODEL, entities, query.expand),
  );
}

/** One contract, and what its `$expand` needs of its house read in the same query (contractAlongside.ts). */
export async function getContract(actor: Actor, contractID: string, query: ODataQuery) {
  const along = contractAlongside(contractID, query.expand);
  const { doc: contract, alongside } = await docForCallerWith<ContractDoc>(
    actor,
    'contract',
    contractID,
    'contractID',
    along.filter,
  );
  const known = knownAlongContract(contract, alongside, along);
  return selectFields(
    await expandEntity(actor, CONTRACT_MODEL, entityView(contract), query, [], known),
    query,
  );
}

/** The history of a contract, newest first (landlord and staff only: the endpoint limits roles). */
export function listContractChanges(
  actor: Actor,
  scope: { contractID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  return listOfContract(actor, scope.contractID, 'contractChange', query, [
    { field: 'changedOn', desc: true },
  ]);
}
