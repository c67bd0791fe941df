import {
  DEVICE_NUMBER_FIELDS,
  deviceCreateSchema,
  deviceUpdateSchema,
  PHOTO_MAX_BYTES,
  LEVEL,
  MAX_DEVICE_IMAGES,
  MESSAGES,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import { DEVICE_MODEL } from '../domain/shared/odata/model.js';
import { parseInput, readJson } from '../http/body.js';
import { defineEndpoint, type AuthedCall } from '../http/endpoint.js';
import { formNumbers, isMultipart, readMultipart } from '../http/multipart.js';
import { defineODataEntity } from '../http/odata.js';
import { entityJson } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import { createDevice, deleteDevice, getDevice, listDevices, updateDevice } from '../useCases/devices.js';

defineODataEntity({
  name: 'device',
  entitySet: 'Device',
  model: DEVICE_MODEL,
  area: 'device',
  id: { field: 'deviceID', label: 'Mã thiết bị' },
  list: { scope: ['roomID'], run: listDevices },
  get: { run: (actor, id) => getDevice(actor, id) },
  update: { schema: deviceUpdateSchema, run: updateDevice },
  remove: { run: deleteDevice },
});

/**
 * The spec's multipart form (field `Images` for photos); a JSON body without photos works too.
 * `POST /odata/Device/{id}` adds a device to room `{id}` (the `/deviceCD/{id}` screen).
 */
async function handleCreate({ req, actor }: AuthedCall, roomIDFromRoute: string | undefined) {
  const room = roomIDFromRoute ? { roomID: requireID(roomIDFromRoute, 'Mã phòng') } : {};
  /** A roomID sent beside the routed one must name the same room. */
  const sameRoom = (fromBody: unknown) => {
    if (room.roomID !== undefined && fromBody !== undefined && fromBody !== room.roomID) {
      throw AppError.validation([{ field: 'roomID', errorMessage: MESSAGES.idMismatch('Mã phòng') }]);
    }
  };
  if (!isMultipart(req)) {
    const schema = roomIDFromRoute ? deviceCreateSchema.partial({ roomID: true }) : deviceCreateSchema;
    const body = await readJson(req, schema);
    sameRoom(body.roomID);
    return entityJson(201, await createDevice(actor, parseInput(deviceCreateSchema, { ...body, ...room })));
  }
  const form = await readMultipart(req, {
    maxBytes: MAX_DEVICE_IMAGES * PHOTO_MAX_BYTES + 64 * 1024,
    maxFiles: MAX_DEVICE_IMAGES,
    maxFileBytes: PHOTO_MAX_BYTES,
  });
  sameRoom(form.fields.roomID);
  const input = parseInput(deviceCreateSchema, {
    ...formNumbers(form.fields, DEVICE_NUMBER_FIELDS),
    ...room,
  });
  const photos = form.files.filter((file) => file.field === 'Images' || file.field === 'images');
  return entityJson(201, await createDevice(actor, input, photos));
}

const CREATE = { methods: ['POST' as const], permission: { area: 'device' as const, level: LEVEL.create } };
defineEndpoint({
  name: 'deviceCreate',
  route: 'odata/Device',
  ...CREATE,
  handle: (call) => handleCreate(call, undefined),
});
defineEndpoint({
  name: 'deviceCreateInRoom',
  route: 'odata/Device/{id}',
  ...CREATE,
  handle: (call) => handleCreate(call, call.params.id),
});
