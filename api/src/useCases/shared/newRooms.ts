import { METER_KINDS, type RoomCreateInput } from '@nhatro/common';
import { randomUUID } from 'node:crypto';
import { checkRoomQuota, quotaExceededMessage } from '../../domain/rooms.js';
import { AppError } from '../../domain/shared/errors.js';
import type { HouseDoc, MeterDoc, RoomDoc } from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { houseDocs, acrossHouses } from './houseScope.js';
import { findUser } from './users.js';
import { newMeterDoc, CURRENT_INDEX_FIELD } from '../../domain/meterRecords.js';
import { vietnamDate } from '../../domain/shared/time.js';

/**
 * New rooms with their two meters, and the room quota they count against: creating and importing rooms.
 */

/** Rooms a landlord holds across all their houses, for the purchased quota. */
export async function roomsUsedByOwner(deps: Deps, ownerID: string): Promise<number> {
  const houses = await acrossHouses<HouseDoc>(deps, {
    op: 'and',
    items: [
      { op: 'eq', field: 'type', value: 'house' },
      { op: 'eq', field: 'ownerID', value: ownerID },
    ],
  });
  const counts = await Promise.all(
    houses.map((house) =>
      houseDocs(deps).count({
        partitionKey: house.houseID,
        filter: { op: 'eq', field: 'type', value: 'room' },
      }),
    ),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Throws 409 with how many rooms are left when adding `count` rooms would pass the owner's quota. */
export async function assertRoomQuota(deps: Deps, house: HouseDoc, count: number): Promise<void> {
  const owner = await findUser(deps, house.ownerID);
  const decision = checkRoomQuota(owner?.roomQuota ?? 0, await roomsUsedByOwner(deps, house.ownerID), count);
  if (!decision.allowed) throw AppError.conflict(quotaExceededMessage(decision.remaining, count));
}

export function newRoomDoc(
  houseID: string,
  input: Omit<RoomCreateInput, 'houseID'>,
  createdOn: string,
): RoomDoc {
  const roomID = randomUUID();
  return {
    id: roomID,
    pk: houseID,
    type: 'room',
    roomID,
    houseID,
    roomName: input.roomName,
    roomDescription: input.roomDescription,
    acreage: input.acreage,
    floor: input.floor,
    price: input.price,
    status: 'empty',
    currentElectricityIndex: input.currentElectricityIndex,
    currentWaterIndex: input.currentWaterIndex,
    images: [],
    createdOn,
  };
}

/** A new room's electricity and water meters, starting at its current indexes, installed today in Vietnam. */
export function newRoomMeterDocs(room: RoomDoc, now: Date): MeterDoc[] {
  return METER_KINDS.map((kind) =>
    newMeterDoc(room, kind, {
      meterID: randomUUID(),
      startIndex: room[CURRENT_INDEX_FIELD[kind]],
      installedOn: vietnamDate(now),
    }),
  );
}
