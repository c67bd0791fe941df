import { randomBytes, randomUUID } from 'node:crypto';
import {
  deviceCreateSchema,
  deviceUpdateSchema,
  IMAGE_MAX_BYTES,
  LEVEL,
  toFieldErrors,
} from '@nhatro/common';
import { lesseeScope } from '../domain/access.js';
import { newBlobName, sniffFileType } from '../domain/blobNames.js';
import type { DeviceDoc, RoomDoc } from '../domain/model.js';
import { DEVICE_MODEL } from '../domain/odata/model.js';
import { project } from '../domain/odata/evaluate.js';
import { parseODataQuery } from '../domain/odata/parse.js';
import { defineEndpoint, json, readJson, type AuthedCall } from '../http/endpoint.js';
import { ApiError } from '../http/errors.js';
import { formNumbers, isMultipart, readMultipart } from '../http/multipart.js';
import { entityView, ifMatch, imageLinks, JSON_LIMIT } from '../services/entities.js';
import { collectionBody, queryCollection } from '../services/odata.js';
import { findInCallersHouse, houseDocs, requireID } from '../services/rooms.js';

const MAX_DEVICE_IMAGES = 5;

async function deviceEntity(call: AuthedCall, device: DeviceDoc) {
  return { ...entityView(device), imageURLs: await imageLinks(call.services, 'room-images', device.images) };
}

/** A device the caller may see: in their house, and for a lessee in their own room. */
async function deviceForCaller(call: AuthedCall): Promise<DeviceDoc> {
  const { doc } = await findInCallersHouse<DeviceDoc>(
    call.services,
    call.user,
    'device',
    requireID(call.params.id, 'Mã thiết bị'),
  );
  const lessee = lesseeScope(call.user);
  if (lessee && lessee.roomID !== doc.roomID) throw ApiError.notFound();
  return doc;
}

async function roomForCaller(call: AuthedCall, roomID: string): Promise<RoomDoc> {
  const { doc } = await findInCallersHouse<RoomDoc>(
    call.services,
    call.user,
    'room',
    requireID(roomID, 'Mã phòng'),
  );
  const lessee = lesseeScope(call.user);
  if (lessee && lessee.roomID !== doc.roomID) throw ApiError.notFound();
  return doc;
}

defineEndpoint({
  name: 'deviceList',
  route: 'odata/Device',
  methods: ['GET'],
  permission: { area: 'device', level: LEVEL.read },
  async handle(call) {
    const params = new URLSearchParams(call.req.query);
    // A lessee without a roomID means their own room.
    const roomID = params.get('roomID') ?? params.get('RoomID') ?? lesseeScope(call.user)?.roomID;
    params.delete('roomID');
    params.delete('RoomID');
    const query = parseODataQuery(params, DEVICE_MODEL);
    const room = await roomForCaller(call, roomID ?? '');
    if (query.orderBy.length === 0) query.orderBy = [{ field: 'deviceName' }];
    const page = await queryCollection(
      houseDocs<DeviceDoc>(call.services),
      {
        partitionKey: room.houseID,
        filter: {
          op: 'and',
          items: [
            { op: 'eq', field: 'type', value: 'device' },
            { op: 'eq', field: 'roomID', value: room.roomID },
          ],
        },
      },
      query,
    );
    const value = [];
    for (const device of page.items) value.push(project(await deviceEntity(call, device), query.select));
    return json(200, collectionBody(call.req, 'Device', { ...page, value }));
  },
});

defineEndpoint({
  name: 'deviceGet',
  route: 'odata/Device/{id}',
  methods: ['GET'],
  permission: { area: 'device', level: LEVEL.read },
  async handle(call) {
    const doc = await deviceForCaller(call);
    return json(200, await deviceEntity(call, doc));
  },
});

/**
 * The spec's multipart form (field `Images` for photos); a JSON body without photos works too.
 * `POST /odata/Device/{id}` adds a device to room `{id}` (the `/deviceCD/{id}` screen).
 */
async function createDevice(call: AuthedCall, roomIDFromRoute: string | undefined) {
  const { req, services, audit } = call;
  let input;
  let photos: Uint8Array[] = [];
  if (isMultipart(req)) {
    const form = await readMultipart(req, {
      maxBytes: MAX_DEVICE_IMAGES * IMAGE_MAX_BYTES + 64 * 1024,
      maxFiles: MAX_DEVICE_IMAGES,
      maxFileBytes: IMAGE_MAX_BYTES,
    });
    const parsed = deviceCreateSchema.safeParse({
      ...formNumbers(form.fields, ['quantity', 'value']),
      ...(roomIDFromRoute ? { roomID: roomIDFromRoute } : {}),
    });
    if (!parsed.success) throw ApiError.validation(toFieldErrors(parsed.error));
    input = parsed.data;
    const images = form.files.filter((file) => file.field === 'Images' || file.field === 'images');
    for (const image of images) {
      if (sniffFileType(image.bytes) !== 'png') {
        throw ApiError.badRequest(`Tệp "${image.name}" không phải ảnh PNG.`);
      }
    }
    photos = images.map((image) => image.bytes);
  } else {
    const withRoom = roomIDFromRoute
      ? deviceCreateSchema
          .omit({ roomID: true })
          .transform((fields) => ({ ...fields, roomID: roomIDFromRoute }))
      : deviceCreateSchema;
    input = await readJson(req, withRoom, JSON_LIMIT);
  }
  const room = await roomForCaller(call, input.roomID);
  const names: string[] = [];
  for (const photo of photos) {
    const random = randomBytes(6).toString('hex').slice(0, 6);
    const name = newBlobName('room-images', room.houseID, 'png', services.now(), random, 'device');
    await services.blobs.upload('room-images', name, photo, 'image/png');
    names.push(name);
  }
  const deviceID = randomUUID();
  const device = await houseDocs<DeviceDoc>(services).create({
    id: deviceID,
    pk: room.houseID,
    type: 'device',
    deviceID,
    houseID: room.houseID,
    roomID: room.roomID,
    deviceName: input.deviceName,
    quantity: input.quantity,
    condition: input.condition,
    value: input.value,
    images: names,
    createdOn: services.now().toISOString(),
  });
  await audit({ action: 'create', entity: 'device', entityID: deviceID, houseID: room.houseID });
  return json(201, await deviceEntity(call, device));
}

defineEndpoint({
  name: 'deviceCreate',
  route: 'odata/Device',
  methods: ['POST'],
  permission: { area: 'device', level: LEVEL.create },
  handle: (call) => createDevice(call, undefined),
});

defineEndpoint({
  name: 'deviceCreateInRoom',
  route: 'odata/Device/{id}',
  methods: ['POST'],
  permission: { area: 'device', level: LEVEL.create },
  handle: (call) => createDevice(call, call.params.id),
});

defineEndpoint({
  name: 'devicePatch',
  route: 'odata/Device/{id}',
  methods: ['PATCH'],
  permission: { area: 'device', level: LEVEL.update },
  async handle(call) {
    const input = await readJson(call.req, deviceUpdateSchema, JSON_LIMIT);
    const doc = await deviceForCaller(call);
    const updated = await houseDocs<DeviceDoc>(call.services).replace(
      { ...doc, ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) },
      { ifMatch: ifMatch(call.req) ?? (doc._etag as string) },
    );
    await call.audit({ action: 'update', entity: 'device', entityID: doc.deviceID, houseID: doc.houseID });
    return json(200, await deviceEntity(call, updated));
  },
});

defineEndpoint({
  name: 'deviceDelete',
  route: 'odata/Device/{id}',
  methods: ['DELETE'],
  permission: { area: 'device', level: LEVEL.full },
  async handle(call) {
    const doc = await deviceForCaller(call);
    await houseDocs(call.services).delete(doc.pk, doc.id);
    for (const image of doc.images) await call.services.blobs.delete('room-images', image);
    await call.audit({ action: 'delete', entity: 'device', entityID: doc.deviceID, houseID: doc.houseID });
    return { status: 204 };
  },
});
