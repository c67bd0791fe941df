import { parseBlobName } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import type { LesseeInfoDoc } from '../../domain/shared/model.js';
import { audit, type Actor } from './actor.js';
import type { Deps } from './deps.js';
import { acceptUpload, IDENTITY_PHOTO_TYPES } from './uploads.js';

/** An occupant's identity photos: blob names in the `lessee-infor` container. */
export const IDENTITY_IMAGES = ['citizenIDFrontImage', 'citizenIDBackImage', 'portraitImage'] as const;

/**
 * New identity photos of an occupant (a lessee added or changed, or the people a contract is created
 * with): names the server gave for this house, uploaded, and accepted as images (`acceptUpload`: PNG or
 * JPEG that decodes, at most 2 MB; a refused one is deleted). A photo the occupant already has is not
 * checked again. A refusal names the field (`fieldPrefix` places it in the payload, e.g.
 * `representative.`).
 */
export async function checkIdentityPhotos(
  deps: Deps,
  houseID: string,
  input: Partial<Record<(typeof IDENTITY_IMAGES)[number], string>>,
  current?: LesseeInfoDoc,
  fieldPrefix = '',
): Promise<void> {
  for (const name of IDENTITY_IMAGES) {
    const blobName = input[name];
    const field = `${fieldPrefix}${name}`;
    if (!blobName || blobName === current?.[name]) continue;
    const parsed = parseBlobName('lessee-infor', blobName);
    if (!parsed || parsed.scope !== houseID || blobName.endsWith('.pdf'))
      throw AppError.validation([{ field, errorMessage: 'Tên tệp ảnh không hợp lệ.' }]);
    try {
      await acceptUpload(deps, 'lessee-infor', blobName, IDENTITY_PHOTO_TYPES);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'badRequest') {
        throw AppError.validation([{ field, errorMessage: error.errorMessage }]);
      }
      throw error;
    }
  }
}

/**
 * The system log's line for every read of identity photos (Law 91/2025/QH15 on personal data): who
 * (the audit's user), when, of which occupant or blob. Written before the read URL is handed out.
 */
export function recordIdentityPhotoRead(
  actor: Actor,
  read: { houseID: string; lesseeInfoID?: string; blobNames: readonly string[] },
): Promise<void> {
  return audit(actor, {
    action: 'readIdentityPhotos',
    entity: 'lesseeInfo',
    entityID: read.lesseeInfoID ?? null,
    houseID: read.houseID,
    details: { photos: read.blobNames.length, blobNames: [...read.blobNames] },
  });
}
