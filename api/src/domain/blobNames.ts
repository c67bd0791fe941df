import type { PermissionArea } from '@nhatro/common';
import type { BlobContainer } from '../blob/sasIssuer.js';

export const UPLOAD_EXTENSIONS = ['png', 'pdf'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** Per storage area: the spec's SAS endpoint, the file prefix and the permission area guarding it. */
export const BLOB_AREAS: Record<
  BlobContainer,
  { endpoint: string; prefix: string; area: PermissionArea | null }
> = {
  'contract-pdf': { endpoint: 'GetContractPDFContainerSAS', prefix: 'contract', area: 'contract' },
  'room-images': { endpoint: 'GetRoomImageContainerSAS', prefix: 'room', area: 'room' },
  'lessee-infor': { endpoint: 'GetLesseeInforContainerSAS', prefix: 'lessee', area: 'lessee' },
  'hm-registration': { endpoint: 'GetHMRegistrationDataContainerSAS', prefix: 'registration', area: null },
  'paper-contracts': { endpoint: 'GetPaperContractStorageSAS', prefix: 'paper', area: 'contract' },
};

const SCOPE = '[A-Za-z0-9_-]{6,64}';
const BLOB_NAME = new RegExp(`^(${SCOPE})/([a-z]+)-(\\d{13})-([a-z0-9]{6})\\.(png|pdf)$`);

/** Server-chosen name: `<scope>/<prefix>-<timestamp>-<random>.<ext>`, the scope being a houseID or registration id. */
export function newBlobName(
  container: BlobContainer,
  scope: string,
  extension: UploadExtension,
  now: Date,
  random: string,
): string {
  return `${scope}/${BLOB_AREAS[container].prefix}-${now.getTime()}-${random}.${extension}`;
}

/** The scope (houseID) of a well-formed name of this container, or `undefined`. */
export function parseBlobName(container: BlobContainer, blobName: string): { scope: string } | undefined {
  const match = BLOB_NAME.exec(blobName);
  if (!match || match[2] !== BLOB_AREAS[container].prefix || !match[1]) return undefined;
  return { scope: match[1] };
}
