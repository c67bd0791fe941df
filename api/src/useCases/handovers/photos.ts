import { HANDOVER_MESSAGES, MAX_HANDOVER_PHOTOS, type HandoverView } from '@nhatro/common';
import { newBlobName, servedAs } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import { IMAGE_RULES } from '../../domain/shared/imageFiles.js';
import type { HandoverDoc } from '../../domain/shared/model.js';
import { decodeImage, type DecodedImage } from '../../images/decodeImage.js';
import type { Actor } from '../shared/actor.js';
import { houseDocs } from '../shared/houseScope.js';
import { deleteStoredFile, randomSuffix, storeThumbnail } from '../shared/uploads.js';
import {
  assertEditable,
  auditHandover,
  handoverForCaller,
  handoverView,
  refuseTenant,
  unsignOps,
} from './records.js';

/** A photo sent to a record (multipart `Images`). */
export interface HandoverPhoto {
  name: string;
  bytes: Uint8Array;
}

/**
 * Each photo decoded completely (JPEG or PNG within the photo budget) before anything is stored; the
 * first that is not refuses them all, naming the file (a PDF, a text, a broken image…).
 */
async function checkedPhotos(photos: HandoverPhoto[]) {
  const checked: Array<HandoverPhoto & { image: DecodedImage }> = [];
  for (const photo of photos) {
    const verdict = await decodeImage(photo.bytes, IMAGE_RULES.photo);
    if (!verdict.ok) {
      const message =
        verdict.fault === 'type' || verdict.fault === 'empty'
          ? HANDOVER_MESSAGES.photoType(photo.name)
          : `Tệp "${photo.name}": ${verdict.problem}`;
      throw AppError.validation([{ field: 'Images', errorMessage: message }]);
    }
    checked.push({ ...photo, image: verdict.image });
  }
  return checked;
}

/**
 * `POST /api/Handover/{id}/Photos`: adds photos of the room's state to a record that is not locked
 * (at most `MAX_HANDOVER_PHOTOS`). Like any change of content, it removes a signature already given.
 */
export async function addHandoverPhotos(
  actor: Actor,
  handoverID: string,
  photos: HandoverPhoto[],
): Promise<HandoverView> {
  refuseTenant(actor);
  const { deps } = actor;
  const record = await handoverForCaller(actor, handoverID);
  assertEditable(record);
  if (photos.length === 0) {
    throw AppError.validation([{ field: 'Images', errorMessage: HANDOVER_MESSAGES.noPhotos }]);
  }
  if (record.images.length + photos.length > MAX_HANDOVER_PHOTOS) {
    throw AppError.validation([{ field: 'Images', errorMessage: HANDOVER_MESSAGES.tooManyPhotos }]);
  }
  const checked = await checkedPhotos(photos);
  const names: string[] = [];
  for (const photo of checked) {
    const name = newBlobName(
      'room-images',
      record.houseID,
      photo.image.type,
      deps.now(),
      randomSuffix(),
      'handover',
    );
    await deps.blobs.upload('room-images', name, photo.bytes, servedAs(name).contentType);
    await storeThumbnail(deps, 'room-images', name, photo);
    names.push(name);
  }
  let saved: HandoverDoc;
  try {
    saved = await houseDocs<HandoverDoc>(deps).patch(
      record.houseID,
      record.handoverID,
      [
        { op: 'set', path: '/images', value: [...record.images, ...names] },
        { op: 'set', path: '/updatedOn', value: deps.now().toISOString() },
        ...unsignOps(record),
      ],
      record._etag ? { ifMatch: record._etag } : {},
    );
  } catch (error) {
    for (const name of names) await deleteStoredFile(deps, 'room-images', name);
    throw error;
  }
  await auditHandover(actor, saved, 'addPhotos');
  return handoverView(deps, saved);
}
