import type { ResidenceDeclarationInput } from '@nhatro/common';
import { RESIDENCE_MESSAGES } from '@nhatro/common';
import { checkDeclaration } from '../../domain/residence.js';
import { lesseeScope } from '../../domain/shared/access.js';
import { parseBlobName } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc, LesseeInfoDoc } from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { type Actor, replaceAudited } from '../shared/actor.js';
import { findInCallersHouse, houseDocs } from '../shared/houseScope.js';
import { acceptUpload, IDENTITY_PHOTO_TYPES } from '../shared/uploads.js';
import { entityView } from '../shared/views.js';
import { occupantResidence } from './occupants.js';

/**
 * `POST /api/Residence/Declaration`: the landlord (or staff) records that an occupant's residence was
 * declared: the date, how (VNeID, the portal, at the police office) and a photo of the receipt.
 */
export async function declareResidence(actor: Actor, input: ResidenceDeclarationInput) {
  const { deps } = actor;
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  const { doc: lessee } = await findInCallersHouse<LesseeInfoDoc>(
    deps,
    actor.user,
    'lesseeInfo',
    input.lesseeInfoID,
  );
  const contract = await houseDocs<ContractDoc>(deps).read(lessee.houseID, lessee.contractID);
  if (contract?.type !== 'contract') throw AppError.notFound();
  checkDeclaration(occupantResidence(lessee, contract), input.declaredOn, vietnamDate(deps.now()));
  // The same declaration again (a retried request, a second click): nothing to write nor to log.
  if (
    lessee.residenceDeclaredOn === input.declaredOn &&
    lessee.residenceMethod === input.method &&
    (input.receiptImage === undefined || input.receiptImage === lessee.residenceReceiptImage)
  ) {
    return entityView(lessee);
  }
  if (input.receiptImage && input.receiptImage !== lessee.residenceReceiptImage) {
    const parsed = parseBlobName('lessee-infor', input.receiptImage);
    if (!parsed || parsed.scope !== lessee.houseID || input.receiptImage.endsWith('.pdf'))
      throw AppError.validation([{ field: 'receiptImage', errorMessage: RESIDENCE_MESSAGES.receipt }]);
    await acceptUpload(deps, 'lessee-infor', input.receiptImage, IDENTITY_PHOTO_TYPES);
  }
  const next: LesseeInfoDoc = {
    ...lessee,
    residenceDeclaredOn: input.declaredOn,
    residenceMethod: input.method,
    ...(input.receiptImage ? { residenceReceiptImage: input.receiptImage } : {}),
  };
  const saved = await replaceAudited(actor, next, lessee._etag, {
    action: 'declareResidence',
    entity: 'lesseeInfo',
    entityID: lessee.lesseeInfoID,
    details: { method: input.method, declaredOn: input.declaredOn },
  });
  return entityView(saved);
}
