import { type RoomCreateInput, type RoomUpdateInput } from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { parseBlobName } from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import type {
  ContractDoc,
  DeviceDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  RoomDoc,
} from '../domain/shared/model.js';
import { ROOM_MODEL } from '../domain/shared/odata/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { eq, type Filter } from '../domain/shared/query.js';
import {
  duplicateRoomNameMessage,
  MAX_ROOM_IMAGES,
  roomDeletionBlocker,
  roomNameKey,
} from '../domain/rooms.js';
import { replaceAudited, writeAudited, type Actor } from './shared/actor.js';
import { acceptUpload, deleteStoredFile } from './shared/uploads.js';
import type { Deps } from './shared/deps.js';
import {
  assertCurrent,
  authorizeHouse,
  authorizeHouseID,
  deleteAsRead,
  findDocInCallersHouse,
  findInCallersHouse,
  houseDocs,
  listInHouse,
  listInHouseTogether,
  namedHouse,
  requireID,
  roomForCaller,
  withChanges,
} from './shared/houseScope.js';
import { listEntities, listLoadedEntities, selectFields, type EntityPage } from './shared/odataQuery.js';
import { matches } from '../domain/shared/odata/evaluate.js';
import { expandEntity, pageExpansion } from './shared/navigations.js';
import { entityView, imageLinks } from './shared/views.js';
import { knownKey } from './shared/expand.js';
import { assertRoomQuota, newRoomDoc, newRoomMeterDocs } from './shared/newRooms.js';

async function roomEntity(actor: Actor, room: RoomDoc, withImages: boolean) {
  return {
    ...entityView(room),
    ...(withImages ? { imageURLs: await imageLinks(actor.deps, 'room-images', room.images) } : {}),
  };
}

/**
 * A house's rooms (`houseID`), or the spec's single-room form (`roomID`, with photo URLs).
 * A lessee sees only their room; without a house they get their own.
 */
export async function listRooms(
  actor: Actor,
  scope: { houseID?: string; roomID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const { deps, user } = actor;
  const lessee = lesseeScope(user);
  const houseID = scope.houseID ?? (lessee ? user.account.houseID : undefined);
  if (scope.roomID && !(lessee && lessee.roomID === scope.roomID && houseID === user.account.houseID)) {
    // A room named by id (a tenant's own is in their house): the room is the page, read in one query.
    const roomID = requireID(scope.roomID, 'Mã phòng');
    // In the house the caller names beside it, the room and what its `$expand` starts from are one query
    // (`roomInNamedHouse`); a room elsewhere, or no house named, is looked up as the room.
    const named = lessee ? undefined : namedHouse(user, scope.houseID);
    const read = named === undefined ? undefined : await roomInNamedHouse(deps, named, roomID, query);
    const known = read?.known ?? new Map<string, readonly HouseScopedDoc[]>();
    const doc = read?.room ?? (await findDocInCallersHouse<RoomDoc>(deps, user, 'room', roomID)).doc;
    // A tenant sees only their own room (another room of their house: an empty page, as the store gave).
    const own = !lessee || doc.roomID === lessee.roomID;
    const shown = own && (!query.filter || matches(doc, query.filter)) ? [doc] : [];
    return listLoadedEntities(
      shown,
      query,
      [{ field: 'roomName' }],
      (room) => roomEntity(actor, room, true),
      pageExpansion(actor, ROOM_MODEL, query, [], known),
    );
  }
  if (!houseID) throw AppError.badRequest('Thiếu mã nhà trọ (houseID).');
  const partitionKey = await authorizeHouseID(deps, user, requireID(houseID, 'Mã nhà trọ'));
  const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'room' }];
  if (scope.roomID) conditions.push({ op: 'eq', field: 'roomID', value: scope.roomID });
  if (lessee) conditions.push({ op: 'eq', field: 'roomID', value: lessee.roomID ?? '' });
  return listEntities(
    houseDocs<RoomDoc>(deps),
    { partitionKey, filter: { op: 'and', items: conditions } },
    query,
    [{ field: 'roomName' }],
    (room) => roomEntity(actor, room, Boolean(scope.roomID)),
    pageExpansion(actor, ROOM_MODEL, query),
  );
}

/** The `$expand` items whose targets are a room's occupants (both spellings the spec uses). */
const OCCUPANT_NAVIGATIONS = new Set(['lesseeInfos', 'lesseeInfors']);

/**
 * A room named with its house, in one query of that house: the room, and for its `$expand` the contracts
 * signed on it and (when asked) their occupants. Occupants are found by the room they were written with:
 * each is written with its contract's room, which a contract never changes. Those stored before occupants
 * carried a room (none or `null`) are read too and kept only when their contract is one of the room's.
 */
async function roomInNamedHouse(
  deps: Deps,
  houseID: string,
  roomID: string,
  query: ODataQuery,
): Promise<{ room: RoomDoc | undefined; known: Map<string, readonly HouseScopedDoc[]> }> {
  const expands = query.expand.length > 0;
  const occupants = query.expand.some((option) => OCCUPANT_NAVIGATIONS.has(option.property));
  const [rooms, contracts, people] = await Promise.all([
    listInHouseTogether<RoomDoc>(deps, houseID, 'room', eq('id', roomID)),
    expands ? listInHouseTogether<ContractDoc>(deps, houseID, 'contract', eq('roomID', roomID)) : undefined,
    occupants
      ? listInHouseTogether<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', {
          op: 'or',
          items: [
            eq('roomID', roomID),
            eq('roomID', null),
            { op: 'not', item: { op: 'exists', field: 'roomID' } },
          ],
        })
      : undefined,
  ]);
  const known = new Map<string, readonly HouseScopedDoc[]>();
  const room = rooms[0];
  if (!room || !contracts) return { room, known };
  known.set(knownKey(houseID, 'contract', 'roomID', roomID), contracts);
  for (const contract of people ? contracts : []) {
    const ofContract = (people ?? []).filter((person) => person.contractID === contract.contractID);
    known.set(knownKey(houseID, 'lesseeInfo', 'contractID', contract.contractID), ofContract);
  }
  return { room, known };
}

export async function getRoom(actor: Actor, roomID: string, query: ODataQuery) {
  const room = await roomEntity(actor, await roomForCaller(actor, roomID), true);
  return selectFields(await expandEntity(actor, ROOM_MODEL, room, query), query);
}

async function assertRoomNameFree(deps: Deps, houseID: string, roomName: string, exceptRoomID?: string) {
  const rooms = await listInHouse<RoomDoc>(deps, houseID, 'room');
  const key = roomNameKey(roomName);
  if (rooms.some((room) => room.roomID !== exceptRoomID && roomNameKey(room.roomName) === key)) {
    throw AppError.conflict(duplicateRoomNameMessage(roomName.trim()));
  }
}

export async function createRoom(actor: Actor, input: RoomCreateInput) {
  const { deps, user } = actor;
  const house = await authorizeHouse(deps, user, input.houseID);
  await assertRoomNameFree(deps, house.houseID, input.roomName);
  await assertRoomQuota(deps, house, 1);
  const { houseID: _houseID, ...fields } = input;
  const doc = newRoomDoc(house.houseID, fields, deps.now().toISOString());
  // The room, its two meters and the audit entry in one write; the room as stored (its ETag) answers.
  const [room = doc] = await writeAudited<HouseScopedDoc>(
    actor,
    house.houseID,
    [doc, ...newRoomMeterDocs(doc, deps.now())].map((item) => ({ op: 'create' as const, doc: item })),
    { action: 'create', entity: 'room', entityID: doc.roomID },
  );
  return entityView(room);
}

export async function updateRoom(
  actor: Actor,
  roomID: string,
  input: Omit<RoomUpdateInput, 'roomID'>,
  ifMatch?: string,
) {
  const { deps, user } = actor;
  const { doc: room } = await findInCallersHouse<RoomDoc>(deps, user, 'room', roomID);
  assertCurrent(room, ifMatch);
  const { next, changed } = withChanges(room, input);
  if (changed.length === 0) return entityView(room);
  if (changed.includes('roomName')) await assertRoomNameFree(deps, room.houseID, next.roomName, room.roomID);
  const updated = await replaceAudited(actor, next, ifMatch ?? room._etag, {
    action: 'update',
    entity: 'room',
    entityID: room.roomID,
    details: { fields: changed },
  });
  return entityView(updated);
}

/** Deletes an empty room with its devices and their photos. */
export async function deleteRoom(actor: Actor, roomID: string, ifMatch?: string): Promise<void> {
  const { deps, user } = actor;
  const { doc: room } = await findInCallersHouse<RoomDoc>(deps, user, 'room', roomID);
  const activeContracts = await listInHouse<ContractDoc>(deps, room.houseID, 'contract', {
    op: 'and',
    items: [
      { op: 'eq', field: 'roomID', value: room.roomID },
      { op: 'eq', field: 'status', value: 1 },
    ],
  });
  const reservations = await houseDocs(deps).count({
    partitionKey: room.houseID,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'reservation' },
        { op: 'eq', field: 'roomID', value: room.roomID },
        { op: 'eq', field: 'status', value: 'active' },
      ],
    },
  });
  const blocker = roomDeletionBlocker(room, activeContracts.length, reservations);
  if (blocker) throw AppError.conflict(blocker);
  const devices = await listInHouse<DeviceDoc>(deps, room.houseID, 'device', {
    op: 'eq',
    field: 'roomID',
    value: room.roomID,
  });
  await writeAudited(
    actor,
    room.houseID,
    [deleteAsRead(room, ifMatch), ...devices.map((device) => ({ op: 'delete' as const, id: device.id }))],
    { action: 'delete', entity: 'room', entityID: room.roomID },
  );
  for (const blob of [...room.images, ...devices.flatMap((device) => device.images)]) {
    await deleteStoredFile(deps, 'room-images', blob);
  }
}

/** Saves a room's new image list, records it and answers with fresh read URLs. */
async function saveRoomImages(
  actor: Actor,
  room: RoomDoc,
  images: string[],
  action: 'addImage' | 'deleteImage',
  blobName: string,
) {
  const updated = await replaceAudited(actor, { ...room, images }, room._etag, {
    action,
    entity: 'room',
    entityID: room.roomID,
    details: { blobName },
  });
  return { ...entityView(updated), imageURLs: await imageLinks(actor.deps, 'room-images', updated.images) };
}

/** Registers a photo the browser uploaded with a create-only SAS, after checking name, size and type. */
export async function addRoomImage(actor: Actor, roomID: string, blobName: string) {
  const { deps } = actor;
  const room = await roomForCaller(actor, roomID);
  const name = parseBlobName('room-images', blobName);
  if (!name || name.scope !== room.houseID || !blobName.includes('/room-')) {
    throw AppError.badRequest('Tên tệp ảnh không hợp lệ.');
  }
  if (room.images.includes(blobName)) return entityView(room);
  const holders = await houseDocs(deps).count({
    partitionKey: room.houseID,
    filter: { op: 'arrayContains', field: 'images', value: blobName },
  });
  if (holders > 0) throw AppError.conflict('Ảnh này đã được gắn cho phòng hoặc thiết bị khác.');
  if (room.images.length >= MAX_ROOM_IMAGES) {
    throw AppError.conflict(`Mỗi phòng có tối đa ${MAX_ROOM_IMAGES} ảnh.`);
  }
  await acceptUpload(deps, 'room-images', blobName);
  return saveRoomImages(actor, room, [...room.images, blobName], 'addImage', blobName);
}

export async function removeRoomImage(actor: Actor, roomID: string, blobName: string) {
  const room = await roomForCaller(actor, roomID);
  if (!room.images.includes(blobName)) throw AppError.notFound('Không tìm thấy ảnh này trong phòng.');
  const reply = await saveRoomImages(
    actor,
    room,
    room.images.filter((image) => image !== blobName),
    'deleteImage',
    blobName,
  );
  // Only once the room no longer lists it, so a failed save never leaves a broken image.
  await deleteStoredFile(actor.deps, 'room-images', blobName);
  return reply;
}
