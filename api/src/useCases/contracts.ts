import { lesseeScope } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import type { ContractDoc } from '../domain/model.js';
import type { Actor } from './actor.js';
import { findInCallersHouse, listInHouse } from './houseScope.js';

/** Contract status 1 (spec): the one active contract of a room. */
export const ACTIVE_CONTRACT = 1;

/** A contract the caller may see: in a house they may touch; a lessee only their own. */
export async function contractForCaller(actor: Actor, contractID: string): Promise<ContractDoc> {
  const { doc } = await findInCallersHouse<ContractDoc>(actor.deps, actor.user, 'contract', contractID);
  const lessee = lesseeScope(actor.user);
  if (lessee && lessee.contractID !== doc.contractID) throw AppError.notFound();
  return doc;
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
