import { CONTRACT_STATUS } from '@nhatro/common';
import type { ContractDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import type { Actor } from './actor.js';
import { houseDocs, listInHouse, requireID, docForCaller } from './houseScope.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import type { OrderBy } from '../../store/store.js';
import { type EntityPage, listEntities } from './odataQuery.js';
import { toView } from './views.js';

/**
 * A contract as the caller may reach it (a tenant only their own), the active contract of a room, and one
 * kind of a contract's documents as an OData page.
 */

/** Contract status 1 (spec): the one active contract of a room. */
export const ACTIVE_CONTRACT = CONTRACT_STATUS.active;
/** A contract the caller may see: in a house they may touch; a lessee only their own. */
export async function contractForCaller(actor: Actor, contractID: string): Promise<ContractDoc> {
  return docForCaller<ContractDoc>(actor, 'contract', contractID, 'contractID');
}

/** The active contract of a room, if any. */
export async function activeContractOfRoom(
  actor: Actor,
  houseID: string,
  roomID: string,
): Promise<ContractDoc | undefined> {
  const contracts = await listInHouse<ContractDoc>(actor.deps, houseID, 'contract', {
    op: 'and',
    items: [
      { op: 'eq', field: 'roomID', value: roomID },
      { op: 'eq', field: 'status', value: ACTIVE_CONTRACT },
    ],
  });
  return contracts[0];
}

/**
 * `GET /odata/<Set>?contractID=…`: one kind of document of a contract the caller may see (a tenant:
 * their own), as an OData page in `defaultOrder` unless the query orders it.
 */
export async function listOfContract(
  actor: Actor,
  contractID: string | undefined,
  type: HouseScopedDoc['type'],
  query: ODataQuery,
  defaultOrder: OrderBy[],
): Promise<EntityPage> {
  const contract = await contractForCaller(actor, requireID(contractID, 'Mã hợp đồng'));
  return listEntities(
    houseDocs<HouseScopedDoc>(actor.deps),
    {
      partitionKey: contract.houseID,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: type },
          { op: 'eq', field: 'contractID', value: contract.contractID },
        ],
      },
    },
    query,
    defaultOrder,
    toView,
  );
}
