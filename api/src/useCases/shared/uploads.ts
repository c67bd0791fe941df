import { randomBytes } from 'node:crypto';
import type { BlobContainer } from '../../blob/blobStorage.js';
import type { Deps } from './deps.js';
import { type UploadExtension, newBlobName, servedAs, uploadProblem } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';

/**
 * Upload grants (create-only SAS for one server-named blob) and the check an upload passes when an object
 * takes it.
 */

const UPLOAD_MINUTES = 60;
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
 * Checks an upload when an object takes it (a room its photo; lessees, contracts and registrations
 * their papers): it must exist, fit the area's size and be of a type the area takes. A blob that
 * does not is deleted. The stored Content-Type becomes the server's, not the uploader's.
 */
export async function acceptUpload(deps: Deps, container: BlobContainer, blobName: string): Promise<void> {
  const head = await deps.blobs.head(container, blobName, 16);
  if (!head) {
    throw AppError.badRequest(
      container === 'room-images'
        ? 'Không tìm thấy ảnh đã tải lên. Vui lòng tải lại ảnh.'
        : 'Không tìm thấy tệp đã tải lên. Vui lòng tải lại tệp.',
    );
  }
  const problem = uploadProblem(container, blobName, head.contentLength, head.firstBytes);
  if (problem) {
    await deps.blobs.delete(container, blobName);
    throw AppError.badRequest(problem);
  }
  const { contentType } = servedAs(blobName);
  if (head.contentType !== contentType) await deps.blobs.setContentType(container, blobName, contentType);
}
