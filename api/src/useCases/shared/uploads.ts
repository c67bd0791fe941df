import { randomBytes } from 'node:crypto';
import type { BlobContainer } from '../../blob/blobStorage.js';
import type { Deps } from './deps.js';
import {
  BLOB_AREAS,
  type UploadExtension,
  newBlobName,
  pdfProblem,
  servedAs,
  sniffFileType,
  thumbnailName,
  uploadProblem,
} from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import { decodeImage, type DecodedImage } from '../../images/decodeImage.js';
import { jpegOrientation, thumbnailJpeg } from '../../images/thumbnail.js';
import { log } from '../../telemetry/log.js';

/**
 * Upload grants (create-only SAS for one server-named blob) and the check an upload passes when an object
 * takes it.
 */

const UPLOAD_MINUTES = 60;
/** Identity papers are photos: of their area's types (which take PDFs too), the images. */
export const IDENTITY_PHOTO_TYPES: readonly UploadExtension[] = ['png', 'jpg'];
export interface UploadGrant {
  accessKey: string;
  blobName: string;
  uploadURL: string;
  expiresOn: string;
}

/** The random part of a server-chosen blob name: six of [a-z0-9]. */
export function randomSuffix(): string {
  return randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 6);
}

export async function grant(deps: Deps, container: BlobContainer, blobName: string): Promise<UploadGrant> {
  const issued = await deps.blobs.uploadSas(container, blobName, UPLOAD_MINUTES);
  return { accessKey: issued.sas, blobName, uploadURL: issued.url, expiresOn: issued.expiresOn };
}

/** A create-only SAS for one server-named blob of a scope the caller was already checked for (their own). */
export function grantScopedUpload(
  deps: Deps,
  container: BlobContainer,
  scope: string,
  extension: UploadExtension,
  prefix: string,
): Promise<UploadGrant> {
  return grant(deps, container, newBlobName(container, scope, extension, deps.now(), randomSuffix(), prefix));
}

/**
 * Why the bytes of a file may not be kept in its area, once its size and type passed: a PDF without
 * its header and trailer, an image that breaks the area's pixel budget or does not decode to every
 * one of its pixels. `{}` when they may, with an image's pixels.
 */
async function contentProblem(
  container: BlobContainer,
  blobName: string,
  bytes: Uint8Array,
): Promise<{ problem?: string; image?: DecodedImage }> {
  if (sniffFileType(bytes) === 'pdf') return { problem: pdfProblem(bytes) };
  const checked = await decodeImage(bytes, BLOB_AREAS[container].images);
  if (checked.ok) return { image: checked.image };
  log.info('upload.refused', { container, blobName, problem: checked.problem, detail: checked.detail });
  return { problem: checked.problem };
}

/**
 * Stores the thumbnail of a photo just accepted, where its area keeps thumbnails. A failure is logged
 * and the photo kept: lists then show the photo itself (the web falls back to it). A photo accepted again
 * (a tenant's meter photo when the landlord accepts their reading) keeps the thumbnail it has, quietly;
 * so does one whose thumbnail another request stored meanwhile.
 */
export async function storeThumbnail(
  deps: Deps,
  container: BlobContainer,
  blobName: string,
  photo: { image: DecodedImage; bytes: Uint8Array },
): Promise<void> {
  if (!BLOB_AREAS[container].thumbnails) return;
  const name = thumbnailName(blobName);
  if (await deps.blobs.blobExists(container, name)) return;
  try {
    const thumbnail = await thumbnailJpeg(photo.image, jpegOrientation(photo.bytes));
    await deps.blobs.upload(container, name, thumbnail, 'image/jpeg');
  } catch (error) {
    if (await deps.blobs.blobExists(container, name)) return;
    log.warn('upload.thumbnailFailed', { container, blobName, error: String(error).slice(0, 200) });
  }
}

/** Deletes a stored photo (or paper) and its thumbnail, if it has one. */
export async function deleteStoredFile(
  deps: Deps,
  container: BlobContainer,
  blobName: string,
): Promise<void> {
  await deps.blobs.delete(container, blobName);
  if (BLOB_AREAS[container].thumbnails) await deps.blobs.delete(container, thumbnailName(blobName));
}

/**
 * Checks an upload when an object takes it (a room its photo; lessees, contracts and registrations
 * their papers): it must exist, fit the area's size, be of a type the area takes and its name says,
 * and hold what that type promises (an image decodes completely within the area's pixel budget, a
 * PDF has its header and trailer). A blob that does not is deleted and the caller gets a 400 naming
 * what is wrong. The stored Content-Type becomes the server's, not the uploader's. `types` narrows
 * the area's (identity photos are images only). Returns the file's type.
 */
export async function acceptUpload(
  deps: Deps,
  container: BlobContainer,
  blobName: string,
  types: readonly UploadExtension[] = BLOB_AREAS[container].types,
): Promise<UploadExtension> {
  const missing = () =>
    AppError.badRequest(
      container === 'room-images'
        ? 'Không tìm thấy ảnh đã tải lên. Vui lòng tải lại ảnh.'
        : 'Không tìm thấy tệp đã tải lên. Vui lòng tải lại tệp.',
    );
  const head = await deps.blobs.head(container, blobName, 16);
  if (!head) throw missing();
  let problem = uploadProblem(container, blobName, head.contentLength, head.firstBytes, types);
  let image: DecodedImage | undefined;
  let bytes: Uint8Array | undefined;
  if (!problem) {
    // Read back whole (within the area's size): what the browser PUT with the SAS is checked here.
    bytes = await deps.blobs.download(container, blobName);
    if (!bytes) throw missing();
    problem = uploadProblem(container, blobName, bytes.byteLength, bytes, types);
    if (!problem) ({ problem, image } = await contentProblem(container, blobName, bytes));
  }
  if (problem) {
    await deps.blobs.delete(container, blobName);
    throw AppError.badRequest(problem);
  }
  const { contentType } = servedAs(blobName);
  if (head.contentType !== contentType) await deps.blobs.setContentType(container, blobName, contentType);
  if (image && bytes) await storeThumbnail(deps, container, blobName, { image, bytes });
  return sniffFileType(head.firstBytes) as UploadExtension;
}
