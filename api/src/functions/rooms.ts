import { LEVEL, roomCreateSchema, roomImageSchema, roomUpdateSchema } from '@nhatro/common';
import { ROOM_MODEL } from '../domain/shared/odata/model.js';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { defineODataEntity, expandsAny } from '../http/odata.js';
import { entityJson } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import {
  addRoomImage,
  createRoom,
  deleteRoom,
  getRoom,
  listRooms,
  removeRoomImage,
  updateRoom,
} from '../useCases/rooms.js';

/**
 * `GET /odata/Room?houseID=…` lists a house's rooms; `GET /odata/Room?roomID=…` is the spec's
 * single-room form. Delete is refused while a contract or reservation holds the room.
 */
defineODataEntity({
  name: 'room',
  entitySet: 'Room',
  model: ROOM_MODEL,
  area: 'room',
  id: { field: 'roomID', label: 'Mã phòng' },
  // One room (`roomID=`) comes with its photos' read URLs, which expire: not kept.
  list: {
    scope: ['houseID', 'roomID'],
    run: listRooms,
    cacheReplies: (scope, options) => !scope.roomID && !expandsAny(options, ['issues']),
  },
  get: { run: getRoom },
  create: { schema: roomCreateSchema, run: createRoom },
  update: { schema: roomUpdateSchema, run: updateRoom },
  remove: { run: deleteRoom },
});

/** Registers a photo the browser uploaded with the create-only SAS of `GetRoomImageContainerSAS`. */
defineEndpoint({
  name: 'roomImageAdd',
  route: 'odata/Room/{id}/Images',
  methods: ['POST'],
  permission: { area: 'room', level: LEVEL.update },
  async handle({ req, actor, params }) {
    const { blobName } = await readJson(req, roomImageSchema);
    return entityJson(200, await addRoomImage(actor, requireID(params.id, 'Mã phòng'), blobName));
  },
});

defineEndpoint({
  name: 'roomImageDelete',
  route: 'odata/Room/{id}/Images',
  methods: ['DELETE'],
  permission: { area: 'room', level: LEVEL.update },
  async handle({ req, actor, params }) {
    const blobName = req.query.get('blobName') ?? '';
    return entityJson(200, await removeRoomImage(actor, requireID(params.id, 'Mã phòng'), blobName));
  },
});
