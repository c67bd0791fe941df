import { PHOTO_MAX_BYTES, type PermissionArea } from '@nhatro/common';
import { IMAGE_MESSAGES, IMAGE_RULES, type ImageRules, sniffImageType } from './imageFiles.js';

/** Containers of the storage account (Bicep creates the same list). */
export const BLOB_CONTAINERS = [
  'contract-pdf',
  'room-images',
  'lessee-infor',
  'hm-registration',
  'paper-contracts',
] as const;
export type BlobContainer = (typeof BLOB_CONTAINERS)[number];

export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'pdf'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export function isUploadExtension(value: string): value is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(value);
}

const MB = 1024 * 1024;

/**
 * Per storage area: the spec's SAS endpoint, the file prefix, the permission area guarding it, and
 * what may be kept there. A SAS cannot limit size or type, so the upload is checked when an object
 * takes it (`acceptUpload`): a blob over `maxBytes`, whose bytes are not one of `types`, an image that
 * breaks `images` or does not decode, or a PDF without its header and trailer, is deleted; one nothing
 * takes within a day is deleted by the nightly maintenance.
 */
export const BLOB_AREAS: Record<
  BlobContainer,
  {
    endpoint: string;
    prefix: string;
    serverPrefixes?: string[];
    area: PermissionArea | null;
    maxBytes: number;
    /**
     * The most a photo (PNG or JPEG) kept there may weigh, where the area also takes larger files
     * (PDFs): the browser scales photos down, so a bigger one is a camera's original.
     */
    photoMaxBytes?: number;
    /** Each photo kept there gets a thumbnail beside it (`thumbnailName`), for lists and grids. */
    thumbnails?: boolean;
    types: readonly UploadExtension[];
    /** The pixel budget of the images kept there. */
    images: ImageRules;
  }
> = {
  // Generated contract PDFs and the drawn signatures they embed are written by the server.
  'contract-pdf': {
    endpoint: 'GetContractPDFContainerSAS',
    prefix: 'contract',
    serverPrefixes: ['signature', 'handover'],
    area: 'contract',
    maxBytes: 10 * MB,
    types: ['pdf'],
    images: IMAGE_RULES.signature,
  },
  // Device photos arrive through the API (multipart) and are stored beside room photos.
  'room-images': {
    endpoint: 'GetRoomImageContainerSAS',
    prefix: 'room',
    serverPrefixes: ['device', 'handover'],
    area: 'room',
    maxBytes: PHOTO_MAX_BYTES,
    thumbnails: true,
    types: ['png', 'jpg'],
    images: IMAGE_RULES.photo,
  },
  // A landlord's own identity photos live beside their tenants' papers, named for the landlord
  // (`<userID>/lessor-…`, upload key GetLessorInforContainerSAS), never for a house its staff can read.
  'lessee-infor': {
    endpoint: 'GetLesseeInforContainerSAS',
    prefix: 'lessee',
    serverPrefixes: ['lessor'],
    area: 'lessee',
    maxBytes: 5 * MB,
    photoMaxBytes: PHOTO_MAX_BYTES,
    thumbnails: true,
    types: ['png', 'jpg', 'pdf'],
    images: IMAGE_RULES.photo,
  },
  'hm-registration': {
    endpoint: 'GetHMRegistrationDataContainerSAS',
    prefix: 'registration',
    area: null,
    maxBytes: 5 * MB,
    photoMaxBytes: PHOTO_MAX_BYTES,
    types: ['png', 'jpg', 'pdf'],
    images: IMAGE_RULES.photo,
  },
  'paper-contracts': {
    endpoint: 'GetPaperContractStorageSAS',
    prefix: 'paper',
    area: 'contract',
    maxBytes: 10 * MB,
    // Scans: the version's `fileType` is PNG or PDF (JPEG comes with the photo re-encoding).
    types: ['pdf', 'png'],
    images: IMAGE_RULES.photo,
  },
};

/** Uploads nothing references are removed once they are this old. */
export const UNREFERENCED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const CONTENT_TYPES: Record<UploadExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

/**
 * How a blob is served, decided by the server from its name, whatever the uploader declared:
 * PNG, JPEG and PDF with their own type, anything else as a download (`attachment`), so nothing
 * uploaded ever runs as a page of the storage origin.
 */
export function servedAs(blobName: string): { contentType: string; contentDisposition?: string } {
  const extension = /\.([a-z0-9]+)$/i.exec(blobName)?.[1]?.toLowerCase() ?? '';
  return isUploadExtension(extension)
    ? { contentType: CONTENT_TYPES[extension] }
    : { contentType: 'application/octet-stream', contentDisposition: 'attachment' };
}

const SCOPE = '[A-Za-z0-9_-]{6,64}';
const BLOB_NAME = new RegExp(`^(${SCOPE})/([a-z]+)-(\\d{13})-([a-z0-9]{6})\\.(png|jpg|pdf)$`);

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

const THUMBNAIL_SUFFIX = '.thumb.jpg';

/** Where a photo's thumbnail is kept: beside it, `<photo's name>.thumb.jpg` (a JPEG whatever the photo). */
export function thumbnailName(blobName: string): string {
  return `${blobName}${THUMBNAIL_SUFFIX}`;
}

/** The photo a thumbnail's name belongs to, or `undefined` when the name is not a thumbnail's. */
export function thumbnailOriginal(blobName: string): string | undefined {
  return blobName.endsWith(THUMBNAIL_SUFFIX) ? blobName.slice(0, -THUMBNAIL_SUFFIX.length) : undefined;
}

/** The scope (houseID) of a well-formed name of this container, or `undefined`. */
export function parseBlobName(container: BlobContainer, blobName: string): { scope: string } | undefined {
  const match = BLOB_NAME.exec(blobName);
  if (!match?.[1] || !match[2]) return undefined;
  const area = BLOB_AREAS[container];
  if (match[2] !== area.prefix && !area.serverPrefixes?.includes(match[2])) return undefined;
  return { scope: match[1] };
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** The real type of uploaded bytes, from their signature (names and headers can lie). */
export function sniffFileType(bytes: Uint8Array): UploadExtension | undefined {
  if (PDF_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'pdf';
  return sniffImageType(bytes);
}

const TYPE_NAMES: Record<UploadExtension, string> = { png: 'PNG', jpg: 'JPEG', pdf: 'PDF' };

function typeProblem(types: readonly UploadExtension[]): string {
  const images = types.filter((type) => type !== 'pdf');
  if (images.length === types.length) return IMAGE_MESSAGES.wrongType(images);
  const names = types.map((type) => TYPE_NAMES[type]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} hoặc ${names.at(-1)}` : names.join('');
  return `Tệp tải lên không phải tệp ${list} hợp lệ.`;
}

/**
 * Why an uploaded blob may not be kept in its area, from its size and first bytes (too big, empty, or
 * bytes that are not what the area takes and the name says), in Vietnamese; `undefined` when it may
 * (its content is checked next: `pdfProblem`, and an image decoded).
 */
export function uploadProblem(
  container: BlobContainer,
  blobName: string,
  size: number,
  firstBytes: Uint8Array,
  types: readonly UploadExtension[] = BLOB_AREAS[container].types,
): string | undefined {
  const { maxBytes, photoMaxBytes = maxBytes } = BLOB_AREAS[container];
  const photos = !types.includes('pdf');
  if (size > maxBytes) {
    return photos
      ? IMAGE_MESSAGES.photoTooLarge(size, maxBytes)
      : `Tệp quá lớn (tối đa ${maxBytes / MB} MB).`;
  }
  if (size === 0) return IMAGE_MESSAGES.empty;
  const actual = sniffFileType(firstBytes);
  if (!actual || !types.includes(actual) || !blobName.endsWith(`.${actual}`)) return typeProblem(types);
  if (actual !== 'pdf' && size > photoMaxBytes) return IMAGE_MESSAGES.photoTooLarge(size, photoMaxBytes);
  return undefined;
}

const PDF_MESSAGES = {
  damaged: 'Tệp PDF bị hỏng hoặc không đầy đủ (thiếu phần kết thúc). Vui lòng xuất lại tệp PDF rồi tải lên.',
  foreign: 'Tệp PDF có dữ liệu lạ sau phần kết thúc (tệp ghép). Vui lòng xuất lại tệp PDF rồi tải lên.',
} as const;

/** Bytes a PDF's trailer is looked for in: `startxref`, its offset and `%%EOF` fit in far less. */
const PDF_TAIL_BYTES = 1024;

/**
 * A PDF's frame, checked cheaply without rendering it: the `%PDF-x.y` header, and a trailer that ends
 * the file (`startxref`, `%%EOF`, then at most line ends), so a file cut short or with an archive or a
 * page appended is refused. What lies between is for the reader's PDF viewer, served as a download type.
 */
export function pdfProblem(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength === 0) return IMAGE_MESSAGES.empty;
  const head = String.fromCharCode(...bytes.subarray(0, 8));
  if (!/^%PDF-[12]\.\d/.test(head)) return typeProblem(['pdf']);
  let tail = '';
  for (const byte of bytes.subarray(Math.max(0, bytes.byteLength - PDF_TAIL_BYTES))) {
    tail += String.fromCharCode(byte);
  }
  const trimmed = tail.replace(/[\r\n\t \0]+$/, '');
  if (trimmed.endsWith('%%EOF'))
    return /startxref\s+\d+\s+%%EOF$/.test(trimmed) ? undefined : PDF_MESSAGES.damaged;
  return tail.includes('%%EOF') ? PDF_MESSAGES.foreign : PDF_MESSAGES.damaged;
}
