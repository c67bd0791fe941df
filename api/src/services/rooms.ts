import { randomUUID } from 'node:crypto';
import type { RoomCreateInput, RoomUpdateInput } from '@nhatro/common';
import type { Caller } from '../domain/access.js';
import type { ContractDoc, DeviceDoc, HouseDoc, HouseScopedDoc, RoomDoc } from '../domain/model.js';
import { checkRoomQuota, quotaExceededMessage, roomDeletionBlocker, roomNameKey } from '../domain/rooms.js';
import { ApiError } from '../http/errors.js';
import type { Filter } from '../store/store.js';
import type { AppServices } from './context.js';
import { authorizeHouse } from './houses.js';
import { findUser } from './users.js';

export function houseDocs<T extends HouseScopedDoc = HouseScopedDoc>(services: AppServices) {
  return services.store.container<T>('houses');
}

/** Every document of one type in a house (all pages). */
export async function listInHouse<T extends HouseScopedDoc>(
  services: AppServices,
  houseID: string,
  type: T['type'],
  extra?: Filter,
): Promise<T[]> {
  const filter: Filter = { op: 'eq', field: 'type', value: type };
  const items: T[] = [];
  let continuation: string | undefined;
  do {
    const page = await houseDocs<T>(services).query({
      partitionKey: houseID,
      filter: extra ? { op: 'and', items: [filter, extra] } : filter,
      top: 1000,
      ...(continuation ? { continuation } : {}),
    });
    items.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return items;
}

/**
 * A house-scoped object by its id alone (the spec's `/odata/Room/{id}` carries no house),
 * returned with its house only if the caller may touch that house; otherwise 404.
 */
export async function findInCallersHouse<T extends HouseScopedDoc>(
  services: AppServices,
  caller: Caller,
  type: T['type'],
  id: string,
): Promise<{ doc: T; house: HouseDoc }> {
  const page = await houseDocs<T>(services).query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: type },
        { op: 'eq', field: 'id', value: id },
      ],
    },
    top: 2,
  });
  const doc = page.items[0];
  if (!doc) throw ApiError.notFound();
  const house = await authorizeHouse(services, caller, doc.pk);
  return { doc, house };
}

/** Rooms a landlord holds across all their houses, for the purchased quota. */
export async function roomsUsedByOwner(services: AppServices, ownerID: string): Promise<number> {
  const houses = await houseDocs<HouseDoc>(services).query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'house' },
        { op: 'eq', field: 'ownerID', value: ownerID },
      ],
    },
    top: 1000,
  });
  let used = 0;
  for (const house of houses.items) {
    used += await houseDocs(services).count({
      partitionKey: house.houseID,
      filter: { op: 'eq', field: 'type', value: 'room' },
    });
  }
  return used;
}

/** Throws 409 with how many rooms are left when adding `count` rooms would pass the owner's quota. */
export async function assertRoomQuota(services: AppServices, house: HouseDoc, count: number): Promise<void> {
  const owner = await findUser(services, house.ownerID);
  const decision = checkRoomQuota(
    owner?.roomQuota ?? 0,
    await roomsUsedByOwner(services, house.ownerID),
    count,
  );
  if (!decision.allowed) throw ApiError.conflict(quotaExceededMessage(decision.remaining, count));
}

export function duplicateRoomNameMessage(name: string): string {
  return `Tên phòng "${name}" đã tồn tại trong nhà trọ này.`;
}

async function assertRoomNameFree(
  services: AppServices,
  houseID: string,
  roomName: string,
  exceptRoomID?: string,
): Promise<void> {
  const rooms = await listInHouse<RoomDoc>(services, houseID, 'room');
  const key = roomNameKey(roomName);
  if (rooms.some((room) => room.roomID !== exceptRoomID && roomNameKey(room.roomName) === key)) {
    throw ApiError.conflict(duplicateRoomNameMessage(roomName.trim()));
  }
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

export async function createRoom(
  services: AppServices,
  caller: Caller,
  input: RoomCreateInput,
): Promise<RoomDoc> {
  const house = await authorizeHouse(services, caller, input.houseID);
  await assertRoomNameFree(services, house.houseID, input.roomName);
  await assertRoomQuota(services, house, 1);
  const { houseID: _houseID, ...fields } = input;
  return houseDocs<RoomDoc>(services).create(newRoomDoc(house.houseID, fields, services.now().toISOString()));
}

export async function updateRoom(
  services: AppServices,
  caller: Caller,
  roomID: string,
  input: RoomUpdateInput,
  ifMatch?: string,
): Promise<RoomDoc> {
  const { doc: room } = await findInCallersHouse<RoomDoc>(services, caller, 'room', roomID);
  if (input.roomName !== undefined)
    await assertRoomNameFree(services, room.houseID, input.roomName, room.roomID);
  const { roomID: _ignored, ...changes } = input;
  const next: RoomDoc = {
    ...room,
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  };
  return houseDocs<RoomDoc>(services).replace(next, { ifMatch: ifMatch ?? (room._etag as string) });
}

/** Deletes an empty room with its devices; returns the blobs (room and device photos) to remove. */
export async function deleteRoom(
  services: AppServices,
  caller: Caller,
  roomID: string,
): Promise<{ room: RoomDoc; blobs: string[] }> {
  const { doc: room } = await findInCallersHouse<RoomDoc>(services, caller, 'room', roomID);
  const activeContracts = await listInHouse<ContractDoc>(services, room.houseID, 'contract', {
    op: 'and',
    items: [
      { op: 'eq', field: 'roomID', value: room.roomID },
      { op: 'eq', field: 'status', value: 1 },
    ],
  });
  const reservations = await houseDocs(services).count({
    partitionKey: room.houseID,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'reservation' },
        { op: 'eq', field: 'roomID', value: room.roomID },
      ],
    },
  });
  const blocker = roomDeletionBlocker(room, activeContracts.length, reservations);
  if (blocker) throw ApiError.conflict(blocker);
  const devices = await listInHouse<DeviceDoc>(services, room.houseID, 'device', {
    op: 'eq',
    field: 'roomID',
    value: room.roomID,
  });
  await houseDocs(services).batch(room.houseID, [
    { op: 'delete', id: room.id, ...(room._etag ? { ifMatch: room._etag } : {}) },
    ...devices.map((device) => ({ op: 'delete' as const, id: device.id })),
  ]);
  return { room, blobs: [...room.images, ...devices.flatMap((device) => device.images)] };
}

export function requireID(value: string | undefined, what: string): string {
  if (!value || !/^[A-Za-z0-9_-]{6,64}$/.test(value)) throw ApiError.badRequest(`${what} không hợp lệ.`);
  return value;
}
