import type { ContractDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import type { ExpandOption } from '../../domain/shared/odata/parse.js';
import type { Filter } from '../../store/store.js';
import { knownKey } from './expand.js';

/**
 * One contract's `$expand` read with the contract itself (`GET /odata/Contract/{id}`): its id is known
 * before it is read, so its occupants, vehicles and fees (by `contractID`) and its room (which lists the
 * contracts signed on it, `RoomDoc.contractIDs`) come in the contract's query, and the navigations take
 * them as complete sets (`ExpandContext.known`) instead of querying again.
 */

/** The navigations of a contract whose targets carry its `contractID`, and their type. */
const BY_CONTRACT: Readonly<Record<string, HouseScopedDoc['type']>> = {
  renterRepresentative: 'lesseeInfo',
  lesseeInfos: 'lesseeInfo',
  lesseeInfors: 'lesseeInfo',
  lessees: 'lesseeInfo',
  vehicles: 'vehicle',
  contractServices: 'contractService',
};

export interface ContractAlongside {
  /** The documents to read with the contract; none when the `$expand` needs nothing of its house. */
  filter?: Filter;
  types: ReadonlySet<HouseScopedDoc['type']>;
  room: boolean;
}

export function contractAlongside(contractID: string, expand: readonly ExpandOption[]): ContractAlongside {
  const properties = new Set(expand.map((option) => option.property));
  const types = new Set(
    [...properties].flatMap((property) => {
      const type = BY_CONTRACT[property];
      return type ? [type] : [];
    }),
  );
  const room = properties.has('room');
  const items: Filter[] = [];
  if (types.size > 0) {
    items.push({
      op: 'and',
      items: [
        { op: 'in', field: 'type', values: [...types] },
        { op: 'eq', field: 'contractID', value: contractID },
      ],
    });
  }
  if (room) {
    items.push({
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'room' },
        { op: 'arrayContains', field: 'contractIDs', value: contractID },
      ],
    });
  }
  const filter: Filter | undefined =
    items.length === 0 ? undefined : items.length === 1 ? items[0] : { op: 'or', items };
  return { ...(filter ? { filter } : {}), types, room };
}

/**
 * The complete sets the documents read with `contract` form: every document of each type asked with
 * its `contractID`; its representative by id and its room by `roomID` when they were among them (a room
 * from before `contractIDs` was not: the navigation reads it).
 */
export function knownAlongContract(
  contract: ContractDoc,
  docs: readonly HouseScopedDoc[],
  along: ContractAlongside,
): Map<string, readonly HouseScopedDoc[]> {
  const known = new Map<string, readonly HouseScopedDoc[]>();
  const { pk, contractID } = contract;
  for (const type of along.types) {
    const ofType = docs.filter(
      (doc) => doc.type === type && (doc as { contractID?: string }).contractID === contractID,
    );
    known.set(knownKey(pk, type, 'contractID', contractID), ofType);
  }
  const representative = docs.find(
    (doc) => doc.type === 'lesseeInfo' && doc.id === contract.representativeLesseeID,
  );
  if (representative) {
    known.set(knownKey(pk, 'lesseeInfo', 'id', contract.representativeLesseeID), [representative]);
  }
  const room = docs.find(
    (doc) => doc.type === 'room' && (doc as { roomID?: string }).roomID === contract.roomID,
  );
  if (along.room && room) known.set(knownKey(pk, 'room', 'roomID', contract.roomID), [room]);
  return known;
}
