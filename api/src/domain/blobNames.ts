import type { PermissionArea } from '@nhatro/common';

/** Containers of the storage account (Bicep creates the same list). */
export const BLOB_CONTAINERS = [
  'contract-pdf',
  'room-images',
  'lessee-infor',
  'hm-registration',
  'paper-contracts',
] as const;
export type BlobContainer = (typeof BLOB_CONTAINERS)[number];

export const UPLOAD_EXTENSIONS = ['png', 'pdf'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export function isUploadExtension(value: string): value is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(value);
}

/** Per storage area: the spec's SAS endpoint, the file prefix and the permission area guarding it. */
export const BLOB_AREAS: Record<
  BlobContainer,
  { endpoint: string; prefix: string; serverPrefixes?: string[]; area: PermissionArea | null }
> = {
  'contract-pdf': { endpoint: 'GetContractPDFContainerSAS', prefix: 'contract', area: 'contract' },
  // Device photos arrive through the API (multipart) and are stored beside room photos.
  'room-images': {
    endpoint: 'GetRoomImageContainerSAS',
    prefix: 'room',
    serverPrefixes: ['device'],
    area: 'room',
  },
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
  prefix: string = BLOB_AREAS[container].prefix,
): string {
  return `${scope}/${prefix}-${now.getTime()}-${random}.${extension}`;
}

/** The scope (houseID) of a well-formed name of this container, or `undefined`. */
export function parseBlobName(container: BlobContainer, blobName: string): { scope: string } | undefined {
  const match = BLOB_NAME.exec(blobName);
  if (!match?.[1] || !match[2]) return undefined;
  const area = BLOB_AREAS[container];
  if (match[2] !== area.prefix && !area.serverPrefixes?.includes(match[2])) return undefined;
  return { scope: match[1] };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** The real type of uploaded bytes, from their signature (names and headers can lie). */
export function sniffFileType(bytes: Uint8Array): UploadExtension | undefined {
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png';
  if (PDF_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'pdf';
  return undefined;
}
