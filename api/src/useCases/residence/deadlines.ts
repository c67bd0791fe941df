import type { ResidenceDeadline } from '@nhatro/common';
import { residenceDeadline } from '../../domain/residence.js';
import { lesseeScope } from '../../domain/shared/access.js';
import { AppError } from '../../domain/shared/errors.js';
import { vietnamDate } from '../../domain/shared/time.js';
import type { Actor } from '../shared/actor.js';
import { authorizeHouseID } from '../shared/houseScope.js';
import { currentOccupants } from './occupants.js';

/**
 * `GET /api/Residence/Deadlines?houseID=…`: the house's current occupants whose residence is not yet
 * declared, with the due date and the days left (negative: overdue), the most urgent first. The
 * landlord and the house's staff only.
 */
export async function residenceDeadlines(actor: Actor, houseID: string): Promise<ResidenceDeadline[]> {
  const { deps } = actor;
  await authorizeHouseID(deps, actor.user, houseID);
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  const today = vietnamDate(deps.now());
  const deadlines: ResidenceDeadline[] = [];
  for (const { lessee, contract, roomName, residence } of await currentOccupants(deps, houseID)) {
    const due = residenceDeadline(residence, today);
    if (!due) continue;
    deadlines.push({
      lesseeInfoID: lessee.lesseeInfoID,
      contractID: contract.contractID,
      roomID: contract.roomID,
      roomName,
      occupantName: lessee.occupantName,
      moveInDate: residence.moveInDate,
      ...due,
    });
  }
  return deadlines.sort((a, b) => a.daysLeft - b.daysLeft);
}
