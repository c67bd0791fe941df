import { CONTRACT_MESSAGES } from '@nhatro/common';
import { AppError } from '../../domain/shared/errors.js';
import { IMAGE_RULES, type ImageFault } from '../../domain/shared/imageFiles.js';
import type { ContractDoc } from '../../domain/shared/model.js';
import { type DecodedImage, decodeImage } from '../../images/decodeImage.js';
import { log } from '../../telemetry/log.js';
import type { AuthUser } from './actor.js';
import { recordAudit, type RequestOrigin } from './audit.js';
import type { Deps } from './deps.js';
import { houseDocs } from './houseScope.js';

/** Who asked for what made the check: the audit entry of a discarded signature names them. */
export interface Asker {
  user: Pick<AuthUser, 'userID' | 'username' | 'roleID'> | null;
  origin: RequestOrigin;
}

const SIGNATURE_REFUSALS: Record<ImageFault, string> = {
  empty: CONTRACT_MESSAGES.signatureInvalid,
  type: CONTRACT_MESSAGES.signatureInvalid,
  damaged: CONTRACT_MESSAGES.signatureDamaged,
  foreign: CONTRACT_MESSAGES.signatureForeign,
  pixels: CONTRACT_MESSAGES.signatureTooLarge,
};

/**
 * A drawn signature as a kept one must be: a PNG that decodes completely within the signature budget
 * (`IMAGE_RULES.signature`). Its pixels, or a 400 telling the signer what is wrong.
 */
export async function checkSignature(png: Uint8Array): Promise<DecodedImage> {
  const verdict = await decodeImage(png, IMAGE_RULES.signature);
  if (!verdict.ok) {
    log.info('contract.signatureRefused', { fault: verdict.fault, detail: verdict.detail });
    throw AppError.validation([{ field: 'signature', errorMessage: SIGNATURE_REFUSALS[verdict.fault] }]);
  }
  return verdict.image;
}

/**
 * The representative's signature as the contract's documents use it: its pixels, decoded. Signatures
 * are decoded before they are kept, but one kept before that check was made, or whose blob is gone,
 * is not an image of anything: it proves nothing, and a contract holding it could never be rendered nor
 * signed again. Such a signature is discarded: the contract is unsigned again (guarded by its ETag),
 * the blob deleted, and an audit entry names the blob, when it was signed and why it was dropped. The
 * PDF is then the unsigned contract and the guest link offers signing again.
 */
export async function contractSignature(
  deps: Deps,
  contract: ContractDoc,
  asker: Asker,
): Promise<{ contract: ContractDoc; signature?: DecodedImage }> {
  const blobName = contract.representativeLesseeSignature;
  if (!blobName) return { contract };
  const bytes = await deps.blobs.download('contract-pdf', blobName);
  const verdict = bytes
    ? await decodeImage(bytes, IMAGE_RULES.signature)
    : {
        ok: false as const,
        fault: 'damaged',
        problem: 'missing',
        detail: 'the signature blob does not exist',
      };
  if (verdict.ok) return { contract, signature: verdict.image };
  const { houseID, contractID } = contract;
  const details = {
    blobName,
    signedOn: contract.representativeLesseeSignedOn ?? null,
    fault: verdict.fault,
    detail: verdict.detail ?? null,
  };
  log.warn('contract.signatureDiscarded', { houseID, contractID, ...details });
  const unsigned = await houseDocs<ContractDoc>(deps).patch(
    houseID,
    contractID,
    [
      { op: 'remove', path: '/representativeLesseeSignature' },
      { op: 'remove', path: '/representativeLesseeSignedOn' },
    ],
    contract._etag ? { ifMatch: contract._etag } : {},
  );
  await recordAudit(deps, asker.user, asker.origin, {
    action: 'discardSignature',
    entity: 'contract',
    entityID: contractID,
    houseID,
    details,
  });
  if (bytes) await deps.blobs.delete('contract-pdf', blobName);
  return { contract: unsigned };
}
