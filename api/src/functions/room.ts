import { IMAGE_MAX_BYTES, LEVEL, roomCreateSchema, roomImageSchema, roomUpdateSchema } from '@nhatro/common';
import { lesseeScope } from '../domain/access.js';
import { parseBlobName, sniffFileType } from '../domain/blobNames.js';
import type { RoomDoc } from '../domain/model.js';
import { project } from '../domain/odata/evaluate.js';
import { ROOM_MODEL } from '../domain/odata/model.js';
import { parseODataQuery, type ODataQuery } from '../domain/odata/parse.js';
import { defineEndpoint, json, readJson, type AuthedCall } from '../http/endpoint.js';
import { ApiError } from '../http/errors.js';
import type { Filter } from '../store/store.js';
import { authorizeHouse } from '../services/houses.js';
import { collectionBody, queryCollection } from '../services/odata.js';
import { expandRoom } from '../services/roomExpand.js';
import {
  createRoom,
  deleteRoom,
  findInCallersHouse,
  houseDocs,
  requireID,
  updateRoom,
} from '../services/rooms.js';
import { entityView, ifMatch, imageLinks, JSON_LIMIT } from '../services/entities.js';

const MAX_ROOM_IMAGES = 20;

/** The room `{id}` of the route, if the caller may see it (a lessee: only their own). */
async function roomFromRoute(call: AuthedCall): Promise<RoomDoc> {
  const { doc } = await findInCallersHouse<RoomDoc>(
    call.services,
    call.user,
    'room',
    requireID(call.params.id, 'Mã phòng'),
  );
  const lessee = lesseeScope(call.user);
  if (lessee && lessee.roomID !== doc.roomID) throw ApiError.notFound();
  return doc;
}

async function roomEntity(call: AuthedCall, room: RoomDoc, query: ODataQuery, withImages: boolean) {
  const entity: Record<string, unknown> = {
    ...entityView(room),
    ...(withImages ? { imageURLs: await imageLinks(call.services, 'room-images', room.images) } : {}),
    ...(await expandRoom(call.services, call.user, room, query.expand)),
  };
  const select = query.select
    ? [...query.select, ...query.expand.map((option) => option.property)]
    : undefined;
  return project(entity, select);
}

/**
 * `GET /odata/Room?houseID=…` lists a house's rooms (paged, OData options);
 * `GET /odata/Room?roomID=…` is the spec's single-room form. A lessee sees only their room.
 */
defineEndpoint({
  name: 'roomList',
  route: 'odata/Room',
  methods: ['GET'],
  permission: { area: 'room', level: LEVEL.read },
  async handle(call) {
    const { req, services, user } = call;
    const params = new URLSearchParams(req.query);
    const roomID = params.get('roomID') ?? params.get('RoomID');
    const lessee = lesseeScope(user);
    let houseID =
      params.get('houseID') ?? params.get('HouseID') ?? (lessee ? user.account.houseID : undefined);
    for (const key of ['roomID', 'RoomID', 'houseID', 'HouseID']) params.delete(key);
    const query = parseODataQuery(params, ROOM_MODEL);
    if (roomID) {
      const { doc } = await findInCallersHouse<RoomDoc>(
        services,
        user,
        'room',
        requireID(roomID, 'Mã phòng'),
      );
      houseID = doc.houseID;
    }
    if (!houseID) throw ApiError.badRequest('Thiếu mã nhà trọ (houseID).');
    const house = await authorizeHouse(services, user, requireID(houseID, 'Mã nhà trọ'));
    const conditions: Filter[] = [{ op: 'eq', field: 'type', value: 'room' }];
    if (roomID) conditions.push({ op: 'eq', field: 'roomID', value: roomID });
    if (lessee) conditions.push({ op: 'eq', field: 'roomID', value: lessee.roomID ?? '' });
    if (query.orderBy.length === 0) query.orderBy = [{ field: 'roomName' }];
    const page = await queryCollection(
      houseDocs<RoomDoc>(services),
      { partitionKey: house.houseID, filter: { op: 'and', items: conditions } },
      query,
    );
    const value = [];
    for (const room of page.items) value.push(await roomEntity(call, room, query, Boolean(roomID)));
    return json(200, collectionBody(req, 'Room', { ...page, value }));
  },
});

defineEndpoint({
  name: 'roomGet',
  route: 'odata/Room/{id}',
  methods: ['GET'],
  permission: { area: 'room', level: LEVEL.read },
  async handle(call) {
    const query = parseODataQuery(call.req.query, ROOM_MODEL);
    return json(200, await roomEntity(call, await roomFromRoute(call), query, true));
  },
});

defineEndpoint({
  name: 'roomCreate',
  route: 'odata/Room',
  methods: ['POST'],
  permission: { area: 'room', level: LEVEL.create },
  async handle({ req, services, user, audit }) {
    const input = await readJson(req, roomCreateSchema, JSON_LIMIT);
    const room = await createRoom(services, user, input);
    await audit({ action: 'create', entity: 'room', entityID: room.roomID, houseID: room.houseID });
    return json(201, entityView(room));
  },
});

async function patchRoom(call: AuthedCall, idFromRoute: string | undefined) {
  const input = await readJson(call.req, roomUpdateSchema, JSON_LIMIT);
  const roomID = requireID(idFromRoute ?? input.roomID, 'Mã phòng');
  const room = await updateRoom(call.services, call.user, roomID, input, ifMatch(call.req));
  await call.audit({
    action: 'update',
    entity: 'room',
    entityID: room.roomID,
    houseID: room.houseID,
    details: { fields: Object.keys(input).filter((key) => key !== 'roomID') },
  });
  return json(200, entityView(room));
}

/** The spec's `PATCH /odata/Room` carries the id in the body; `/odata/Room/{id}` works too. */
defineEndpoint({
  name: 'roomPatch',
  route: 'odata/Room',
  methods: ['PATCH'],
  permission: { area: 'room', level: LEVEL.update },
  handle: (call) => patchRoom(call, undefined),
});

defineEndpoint({
  name: 'roomPatchById',
  route: 'odata/Room/{id}',
  methods: ['PATCH'],
  permission: { area: 'room', level: LEVEL.update },
  handle: (call) => patchRoom(call, call.params.id),
});

defineEndpoint({
  name: 'roomDelete',
  route: 'odata/Room/{id}',
  methods: ['DELETE'],
  permission: { area: 'room', level: LEVEL.full },
  async handle({ services, user, params, audit }) {
    const { room, blobs } = await deleteRoom(services, user, requireID(params.id, 'Mã phòng'));
    for (const blob of blobs) await services.blobs.delete('room-images', blob);
    await audit({ action: 'delete', entity: 'room', entityID: room.roomID, houseID: room.houseID });
    return { status: 204 };
  },
});

/** Saves a room's new image list, records it and answers with fresh read URLs. */
async function saveRoomImages(
  call: AuthedCall,
  room: RoomDoc,
  images: string[],
  action: 'addImage' | 'deleteImage',
  blobName: string,
) {
  const updated = await houseDocs<RoomDoc>(call.services).replace(
    { ...room, images },
    room._etag ? { ifMatch: room._etag } : {},
  );
  await call.audit({
    action,
    entity: 'room',
    entityID: room.roomID,
    houseID: room.houseID,
    details: { blobName },
  });
  return json(200, {
    ...entityView(updated),
    imageURLs: await imageLinks(call.services, 'room-images', updated.images),
  });
}

/** Registers a photo the browser uploaded with a create-only SAS, after checking name, size and type. */
defineEndpoint({
  name: 'roomImageAdd',
  route: 'odata/Room/{id}/Images',
  methods: ['POST'],
  permission: { area: 'room', level: LEVEL.update },
  async handle(call) {
    const { req, services } = call;
    const { blobName } = await readJson(req, roomImageSchema, JSON_LIMIT);
    const room = await roomFromRoute(call);
    const name = parseBlobName('room-images', blobName);
    if (!name || name.scope !== room.houseID || !blobName.includes('/room-')) {
      throw ApiError.badRequest('Tên tệp ảnh không hợp lệ.');
    }
    if (room.images.includes(blobName)) return json(200, entityView(room));
    const holders = await houseDocs(services).count({
      partitionKey: room.houseID,
      filter: { op: 'arrayContains', field: 'images', value: blobName },
    });
    if (holders > 0) throw ApiError.conflict('Ảnh này đã được gắn cho phòng hoặc thiết bị khác.');
    if (room.images.length >= MAX_ROOM_IMAGES) {
      throw ApiError.conflict(`Mỗi phòng có tối đa ${MAX_ROOM_IMAGES} ảnh.`);
    }
    const head = await services.blobs.head('room-images', blobName, 16);
    if (!head) throw ApiError.badRequest('Không tìm thấy ảnh đã tải lên. Vui lòng tải lại ảnh.');
    if (head.contentLength > IMAGE_MAX_BYTES || sniffFileType(head.firstBytes) !== 'png') {
      await services.blobs.delete('room-images', blobName);
      throw ApiError.badRequest(
        head.contentLength > IMAGE_MAX_BYTES
          ? `Ảnh quá lớn (tối đa ${IMAGE_MAX_BYTES / 1024 / 1024} MB).`
          : 'Tệp tải lên không phải ảnh PNG.',
      );
    }
    return saveRoomImages(call, room, [...room.images, blobName], 'addImage', blobName);
  },
});

defineEndpoint({
  name: 'roomImageDelete',
  route: 'odata/Room/{id}/Images',
  methods: ['DELETE'],
  permission: { area: 'room', level: LEVEL.update },
  async handle(call) {
    const { req, services } = call;
    const blobName = req.query.get('blobName') ?? '';
    const room = await roomFromRoute(call);
    if (!room.images.includes(blobName)) throw ApiError.notFound('Không tìm thấy ảnh này trong phòng.');
    const reply = await saveRoomImages(
      call,
      room,
      room.images.filter((image) => image !== blobName),
      'deleteImage',
      blobName,
    );
    // Only once the room no longer lists it, so a failed save never leaves a broken image.
    await services.blobs.delete('room-images', blobName);
    return reply;
  },
});
