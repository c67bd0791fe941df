import { IMAGE_MAX_BYTES, type PermissionArea } from '@nhatro/common';

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

const MB = 1024 * 1024;

/**
 * Per storage area: the spec's SAS endpoint, the file prefix, the permission area guarding it, and
 * what may be kept there. A SAS cannot limit size or type, so the upload is checked when an object
 * takes it (`acceptUpload`): a blob over `maxBytes`, or whose bytes are not one of `types`, is
 * deleted; one nothing takes within a day is deleted by the nightly maintenance.
 */
export const BLOB_AREAS: Record<
  BlobContainer,
  {
    endpoint: string;
    prefix: string;
    serverPrefixes?: string[];
    area: PermissionArea | null;
    maxBytes: number;
    types: readonly UploadExtension[];
  }
> = {
  // Generated contract PDFs and the drawn signatures they embed are written by the server.
  'contract-pdf': {
    endpoint: 'GetContractPDFContainerSAS',
    prefix: 'contract',
    serverPrefixes: ['signature'],
    area: 'contract',
    maxBytes: 10 * MB,
    types: ['pdf'],
  },
  // Device photos arrive through the API (multipart) and are stored beside room photos.
  'room-images': {
    endpoint: 'GetRoomImageContainerSAS',
    prefix: 'room',
    serverPrefixes: ['device'],
    area: 'room',
    maxBytes: IMAGE_MAX_BYTES,
    types: ['png'],
  },
  // A landlord's own identity photos live beside their tenants' papers, named for the landlord
  // (`<userID>/lessor-…`, upload key GetLessorInforContainerSAS), never for a house its staff can read.
  'lessee-infor': {
    endpoint: 'GetLesseeInforContainerSAS',
    prefix: 'lessee',
    serverPrefixes: ['lessor'],
    area: 'lessee',
    maxBytes: 5 * MB,
    types: ['png', 'pdf'],
  },
  'hm-registration': {
    endpoint: 'GetHMRegistrationDataContainerSAS',
    prefix: 'registration',
    area: null,
    maxBytes: 5 * MB,
    types: ['png', 'pdf'],
  },
  'paper-contracts': {
    endpoint: 'GetPaperContractStorageSAS',
    prefix: 'paper',
    area: 'contract',
    maxBytes: 10 * MB,
    types: ['pdf', 'png'],
  },
};

/** Uploads nothing references are removed once they are this old. */
export const UNREFERENCED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const CONTENT_TYPES: Record<UploadExtension, string> = { png: 'image/png', pdf: 'application/pdf' };

/**
 * How a blob is served, decided by the server from its name, whatever the uploader declared:
 * PNG and PDF with their own type, anything else as a download (`attachment`), so nothing
 * uploaded ever runs as a page of the storage origin.
 */
export function servedAs(blobName: string): { contentType: string; contentDisposition?: string } {
  const extension = /\.([a-z0-9]+)$/i.exec(blobName)?.[1]?.toLowerCase() ?? '';
  return isUploadExtension(extension)
    ? { contentType: CONTENT_TYPES[extension] }
    : { contentType: 'application/octet-stream', contentDisposition: 'attachment' };
}

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

/**
 * Why an uploaded blob may not be kept in its area (too big, or bytes that are not what the area
 * takes and the name says), in Vietnamese; `undefined` when it may.
 */
export function uploadProblem(
  container: BlobContainer,
  blobName: string,
  size: number,
  firstBytes: Uint8Array,
): string | undefined {
  const { maxBytes, types } = BLOB_AREAS[container];
  const photos = types.length === 1 && types[0] === 'png';
  if (size > maxBytes) return `${photos ? 'Ảnh' : 'Tệp'} quá lớn (tối đa ${maxBytes / MB} MB).`;
  const actual = sniffFileType(firstBytes);
  if (!actual || !types.includes(actual) || !blobName.endsWith(`.${actual}`)) {
    return photos
      ? 'Tệp tải lên không phải ảnh PNG.'
      : `Tệp tải lên không phải tệp ${types.map((type) => type.toUpperCase()).join(' hoặc ')} hợp lệ.`;
  }
  return undefined;
}
