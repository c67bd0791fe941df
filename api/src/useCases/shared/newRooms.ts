import { METER_KINDS, type RoomCreateInput } from '@nhatro/common';
import { randomUUID } from 'node:crypto';
import { checkRoomQuota, quotaExceededMessage } from '../../domain/rooms.js';
import { AppError } from '../../domain/shared/errors.js';
import type { HouseDoc, HouseScopedDoc, MeterDoc, RoomDoc } from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { houseDocs } from './houseScope.js';
import { queryAll } from './queryAll.js';
import { findUser } from './users.js';
import { newMeterDoc, CURRENT_INDEX_FIELD } from '../../domain/meterRecords.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { eq, ofType } from '../../domain/shared/query.js';

/**
 * New rooms with their two meters, and the room quota they count against: creating and importing rooms.
 */

/**
 * Rooms in all of an owner's houses. The houses their account lists (`ownedHouseIDs`) are counted in the
 * same query that finds the owner's houses (room ids only); a house missing from the list (an older
 * account) is counted on its own.
 */
export async function roomsUsedByOwner(
  deps: Deps,
  ownerID: string,
  listed: readonly string[] = [],
): Promise<number> {
  const found = await queryAll(houseDocs<HouseScopedDoc>(deps), {
    filter: {
      op: 'or',
      items: [
        ofType('house', eq('ownerID', ownerID)),
        ...(listed.length > 0 ? [ofType('room', { op: 'in', field: 'pk', values: [...listed] })] : []),
      ],
    },
    select: ['id', 'pk', 'type'],
  });
  const houses = found.filter((doc) => doc.type === 'house').map((doc) => doc.pk);
  const counted = new Set(listed.filter((houseID) => houses.includes(houseID)));
  const rooms = found.filter((doc) => doc.type === 'room' && counted.has(doc.pk)).length;
  const others = await Promise.all(
    houses
      .filter((houseID) => !counted.has(houseID))
      .map((houseID) => houseDocs(deps).count({ partitionKey: houseID, filter: ofType('room') })),
  );
  return others.reduce((sum, count) => sum + count, rooms);
}

/** Throws 409 with how many rooms are left when adding `count` rooms would pass the owner's quota. */
export async function assertRoomQuota(deps: Deps, house: HouseDoc, count: number): Promise<void> {
  const owner = await findUser(deps, house.ownerID);
  const decision = checkRoomQuota(
    owner?.roomQuota ?? 0,
    await roomsUsedByOwner(deps, house.ownerID, owner?.ownedHouseIDs),
    count,
  );
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
