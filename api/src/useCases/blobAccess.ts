import { randomBytes } from 'node:crypto';
import { LEVEL, MESSAGES, ROLE } from '@nhatro/common';
import { hasPermission, lesseeScope } from '../domain/shared/access.js';
import {
  BLOB_AREAS,
  newBlobName,
  parseBlobName,
  isUploadExtension,
  thumbnailOriginal,
  type BlobContainer,
  type UploadExtension,
} from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import { REGISTRATION_UPLOAD_LIMIT } from '../domain/shared/throttle.js';
import type { Actor } from './shared/actor.js';
import type { RequestOrigin } from './shared/audit.js';
import { recordIdentityPhotoRead } from './shared/identityPhotos.js';
import { isPaperVersionOf, isReferenced, isTenantsOwnPhoto } from './shared/blobReferences.js';
import type { Deps } from './shared/deps.js';
import { authorizeHouse } from './shared/houseScope.js';
import { Throttle } from './shared/throttle.js';
import { type UploadGrant, grant, randomSuffix } from './shared/uploads.js';

const READ_MINUTES = 15;
export const EXTENSION_MESSAGE = 'Chỉ chấp nhận tệp .png, .jpg hoặc .pdf.';

/** A create-only SAS for one server-named blob of a house: create rights in the area and access to the house. */
export async function grantHouseUpload(
  actor: Actor,
  container: BlobContainer,
  houseID: string,
  extension: UploadExtension,
): Promise<UploadGrant> {
  const { deps, user } = actor;
  const area = BLOB_AREAS[container].area;
  if (area === null) throw AppError.forbidden();
  // Lessees upload their own identity papers and the photos of their issue reports (room images of
  // their own house, which only an issue report of theirs can take); everything else needs create rights.
  const lesseeUpload = container === 'lessee-infor' || container === 'room-images';
  const needed = lesseeUpload && user.roleID === ROLE.lessee ? LEVEL.read : LEVEL.create;
  // Staff with billing rights photograph expense receipts, kept as room images of the house.
  const receiptUpload = container === 'room-images' && hasPermission(user, 'billing', LEVEL.create);
  if (!hasPermission(user, area, needed) && !receiptUpload) throw AppError.forbidden();
  await authorizeHouse(deps, user, houseID);
  return grant(deps, container, newBlobName(container, houseID, extension, deps.now(), randomSuffix()));
}

/** Registration papers are uploaded before an account exists: a fresh scope per call, limited per address. */
export async function grantRegistrationUpload(
  deps: Deps,
  origin: RequestOrigin,
  extension: string,
): Promise<UploadGrant> {
  const throttle = new Throttle(deps);
  const key = `upload:registration:${origin.ip}`;
  const lockedMs = await throttle.remainingLockMs([key]);
  if (lockedMs > 0) {
    throw AppError.tooManyRequests('Bạn đã tải lên quá nhiều tệp. Vui lòng thử lại sau ít phút.', lockedMs);
  }
  // Counted before anything else is checked, as an abuse limit must be.
  await throttle.count(key, REGISTRATION_UPLOAD_LIMIT);
  if (!isUploadExtension(extension)) throw AppError.badRequest(EXTENSION_MESSAGE);
  const scope = `reg-${randomBytes(12).toString('base64url')}`;
  return grant(
    deps,
    'hm-registration',
    newBlobName('hm-registration', scope, extension, deps.now(), randomSuffix()),
  );
}

/** Whether a blob of the tenant's house (`houseID`) is one of theirs to read. */
async function isTenantsOwn(
  deps: Deps,
  container: BlobContainer,
  blobName: string,
  houseID: string,
  tenant: { roomID?: string; contractID?: string },
): Promise<boolean> {
  if (container === 'room-images') return isTenantsOwnPhoto(deps, blobName, houseID, tenant);
  if (container === 'paper-contracts' && tenant.contractID !== undefined) {
    return isPaperVersionOf(deps, blobName, houseID, tenant.contractID);
  }
  return false;
}

/**
 * A read-only URL for one blob, issued only after the caller's right to its house is checked and
 * only for a blob an object references; served with the type the server fixes (`servedAs`).
 */
export async function grantRead(
  actor: Actor,
  container: BlobContainer,
  blobName: string,
): Promise<{ url: string; expiresOn: string }> {
  const { deps, user } = actor;
  // A photo's thumbnail (`<photo>.thumb.jpg`) is the photo's to give: same house, same tenant.
  const original = BLOB_AREAS[container].thumbnails ? thumbnailOriginal(blobName) : undefined;
  const photo = original ?? blobName;
  const name = parseBlobName(container, photo);
  if (!name) throw AppError.badRequest(MESSAGES.blobNameInvalid);
  const area = BLOB_AREAS[container].area;
  if (area === null) {
    if (user.roleID !== ROLE.superAdmin) throw AppError.notFound();
  } else {
    // A lessee shares the house with other tenants: of its blobs they may read the photos of their own
    // room and of their own issue reports, and the paper versions of their own contract; their
    // contract's PDF comes from its own endpoint. Anything else is as if it did not exist.
    const lessee = lesseeScope(user);
    if (lessee && !(await isTenantsOwn(deps, container, photo, name.scope, lessee))) {
      throw AppError.notFound();
    }
    if (!hasPermission(user, area, LEVEL.read)) throw AppError.forbidden();
    await authorizeHouse(deps, user, name.scope);
  }
  // Only files an object references: an upload nothing took is not served, whoever uploaded it.
  if (!(await isReferenced(deps, container, blobName))) throw AppError.notFound();
  if (!(await deps.blobs.blobExists(container, blobName))) throw AppError.notFound();
  if (container === 'lessee-infor' && area !== null)
    await recordIdentityPhotoRead(actor, { houseID: name.scope, blobNames: [blobName] });
  const issued = await deps.blobs.readSas(container, blobName, READ_MINUTES);
  return { url: issued.url, expiresOn: issued.expiresOn };
}
