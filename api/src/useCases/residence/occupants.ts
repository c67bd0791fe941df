import { CONTRACT_STATUS } from '@nhatro/common';
import type { OccupantResidence } from '../../domain/residence.js';
import type { ContractDoc, LesseeInfoDoc, RoomDoc } from '../../domain/shared/model.js';
import type { Deps } from '../shared/deps.js';
import { listInHouseTogether } from '../shared/houseScope.js';

/** A house's current occupant with what the residence rules read. */
export interface CurrentOccupant {
  lessee: LesseeInfoDoc;
  contract: ContractDoc;
  roomName: string;
  residence: OccupantResidence;
}

/** The stay the rules read: moved in on the residence start (else the contract's), until its end. */
export function occupantResidence(lessee: LesseeInfoDoc, contract: ContractDoc): OccupantResidence {
  return {
    moveInDate: lessee.residentialStartDate ?? contract.startDate,
    plannedEndDate: lessee.residentialEndDate ?? contract.endDate,
    declaredOn: lessee.residenceDeclaredOn,
    lesseeStatus: lessee.status,
  };
}

/** Everyone living in the house now: occupants still there, of active contracts, by room (one query). */
export async function currentOccupants(deps: Deps, houseID: string): Promise<CurrentOccupant[]> {
  const [rooms, contracts, lessees] = await Promise.all([
    listInHouseTogether<RoomDoc>(deps, houseID, 'room'),
    listInHouseTogether<ContractDoc>(deps, houseID, 'contract', {
      op: 'eq',
      field: 'status',
      value: CONTRACT_STATUS.active,
    }),
    listInHouseTogether<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', { op: 'eq', field: 'status', value: 1 }),
  ]);
  const contractByID = new Map(contracts.map((contract) => [contract.contractID, contract]));
  const roomNames = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  const occupants: CurrentOccupant[] = [];
  for (const lessee of lessees) {
    const contract = contractByID.get(lessee.contractID);
    if (!contract) continue;
    occupants.push({
      lessee,
      contract,
      roomName: roomNames.get(contract.roomID) ?? '',
      residence: occupantResidence(lessee, contract),
    });
  }
  return occupants.sort(
    (a, b) =>
      a.roomName.localeCompare(b.roomName, 'vi', { numeric: true, sensitivity: 'base' }) ||
      a.lessee.occupantName.localeCompare(b.lessee.occupantName, 'vi'),
  );
}
