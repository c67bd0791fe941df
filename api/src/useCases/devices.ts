import { randomUUID } from 'node:crypto';
import type { DeviceCreateInput, DeviceUpdateInput } from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { newBlobName, servedAs } from '../domain/shared/blobNames.js';
import { IMAGE_RULES, type ImageType } from '../domain/shared/imageFiles.js';
import { decodeImage, type DecodedImage } from '../images/decodeImage.js';
import { AppError } from '../domain/shared/errors.js';
import type { DeviceDoc, RoomDoc } from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { type Actor, createAudited, replaceAudited, writeAudited } from './shared/actor.js';
import {
  assertCurrent,
  deleteAsRead,
  docForCallerWith,
  findForCaller,
  requireID,
  roomForCaller,
  withChanges,
} from './shared/houseScope.js';
import { matches } from '../domain/shared/odata/evaluate.js';
import type { Filter } from '../domain/shared/query.js';
import { listLoadedEntities, type EntityPage } from './shared/odataQuery.js';
import { entityView, imageLinks } from './shared/views.js';
import { deleteStoredFile, randomSuffix, storeThumbnail } from './shared/uploads.js';

/** A photo sent with a new device (multipart `Images`). */
export interface DevicePhoto {
  name: string;
  bytes: Uint8Array;
}

async function deviceEntity(actor: Actor, device: DeviceDoc) {
  return { ...entityView(device), imageURLs: await imageLinks(actor.deps, 'room-images', device.images) };
}

/** A device the caller may see: in their house, and for a lessee in their own room. */
async function deviceForCaller(actor: Actor, deviceID: string): Promise<DeviceDoc> {
  return (await findForCaller<DeviceDoc>(actor, 'device', deviceID, 'roomID')).doc;
}

/** A room's devices; a lessee without a roomID means their own room. */
export async function listDevices(
  actor: Actor,
  scope: { roomID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const roomID = requireID(scope.roomID ?? lesseeScope(actor.user)?.roomID, 'Mã phòng');
  // The room's devices (with the client's `$filter`) read in the room's own query, handed on only once
  // the caller may see the room; then ordered, paged and counted in memory.
  const ofRoom: Filter = {
    op: 'and',
    items: [
      { op: 'eq', field: 'type', value: 'device' },
      { op: 'eq', field: 'roomID', value: roomID },
      ...(query.filter ? [query.filter] : []),
    ],
  };
  const { alongside } = await docForCallerWith<RoomDoc>(actor, 'room', roomID, 'roomID', ofRoom);
  return listLoadedEntities(
    alongside.filter((doc): doc is DeviceDoc => matches(doc, ofRoom)),
    query,
    [{ field: 'deviceName' }],
    (device) => deviceEntity(actor, device),
  );
}

export async function getDevice(actor: Actor, deviceID: string) {
  return deviceEntity(actor, await deviceForCaller(actor, deviceID));
}

/**
 * Each photo decoded completely (PNG or JPEG within the photo budget) before anything is stored; the
 * first that is not refuses the whole form, naming the file.
 */
async function checkedPhotos(
  photos: DevicePhoto[],
): Promise<Array<DevicePhoto & { type: ImageType; image: DecodedImage }>> {
  const checked: Array<DevicePhoto & { type: ImageType; image: DecodedImage }> = [];
  for (const photo of photos) {
    const verdict = await decodeImage(photo.bytes, IMAGE_RULES.photo);
    if (!verdict.ok) throw AppError.badRequest(`Tệp "${photo.name}": ${verdict.problem}`);
    checked.push({ ...photo, type: verdict.image.type, image: verdict.image });
  }
  return checked;
}

/** Adds a device to a room, storing its photos (PNG or JPEG) beside the room's. */
export async function createDevice(actor: Actor, input: DeviceCreateInput, photos: DevicePhoto[] = []) {
  const { deps } = actor;
  const room = await roomForCaller(actor, input.roomID);
  const images = await checkedPhotos(photos);
  const names: string[] = [];
  for (const photo of images) {
    const name = newBlobName('room-images', room.houseID, photo.type, deps.now(), randomSuffix(), 'device');
    await deps.blobs.upload('room-images', name, photo.bytes, servedAs(name).contentType);
    await storeThumbnail(deps, 'room-images', name, photo);
    names.push(name);
  }
  const deviceID = randomUUID();
  const device = await createAudited<DeviceDoc>(
    actor,
    {
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
      createdOn: deps.now().toISOString(),
    },
    { action: 'create', entity: 'device', entityID: deviceID },
  );
  return deviceEntity(actor, device);
}

export async function updateDevice(
  actor: Actor,
  deviceID: string,
  input: DeviceUpdateInput,
  ifMatch?: string,
) {
  const device = await deviceForCaller(actor, deviceID);
  assertCurrent(device, ifMatch);
  const { next, changed } = withChanges(device, input);
  if (changed.length === 0) return deviceEntity(actor, device);
  const updated = await replaceAudited(actor, next, ifMatch ?? device._etag, {
    action: 'update',
    entity: 'device',
    entityID: device.deviceID,
    details: { fields: changed },
  });
  return deviceEntity(actor, updated);
}

export async function deleteDevice(actor: Actor, deviceID: string, ifMatch?: string): Promise<void> {
  const device = await deviceForCaller(actor, deviceID);
  await writeAudited(actor, device.pk, [deleteAsRead(device, ifMatch)], {
    action: 'delete',
    entity: 'device',
    entityID: device.deviceID,
  });
  for (const image of device.images) await deleteStoredFile(actor.deps, 'room-images', image);
}
