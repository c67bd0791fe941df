/**
 * What an uploaded or drawn image must be before the server keeps it, checked on its bytes without
 * decoding them: its real type (the signature, whatever the name or the uploader says), its dimensions
 * from the header, so that a decompression bomb is refused before a decoder allocates anything, and a
 * well-formed container with nothing hidden beside the picture: a PNG's chunks up to IEND and nothing
 * after it, a JPEG's segments up to EOI and nothing after it, no ZIP, PDF or markup in the metadata (a
 * file that is also an archive or a page is refused). Proving that the pixels are really there is the
 * decoder's job (`images/decodeImage.ts`); these checks are what it may rely on.
 */

export type ImageType = 'png' | 'jpg';

/** How big an image may be, in pixels, and which types it may be. */
export interface ImageRules {
  types: readonly ImageType[];
  /** Widest and tallest side, in pixels. */
  maxSide: number;
  /** Width × height. */
  maxPixels: number;
}

export const IMAGE_RULES = {
  /**
   * Photos (rooms, devices, issues, meters, identity and registration papers): a phone's full
   * resolution at most (40 MP decodes to 160 MB of pixels), though the web sends about 1600 px.
   */
  photo: { types: ['png', 'jpg'], maxSide: 12_000, maxPixels: 40_000_000 },
  /** A signature drawn on a screen (`signature_pad`): a PNG of a few hundred pixels. */
  signature: { types: ['png'], maxSide: 4_000, maxPixels: 4_000_000 },
} as const satisfies Record<string, ImageRules>;

/** "2", "3,4": megabytes the way a Vietnamese reader writes them (one decimal, a comma). */
function megabytes(bytes: number): string {
  const value = Math.ceil((bytes / (1024 * 1024)) * 10) / 10;
  return String(value).replace('.', ',');
}

export const IMAGE_MESSAGES = {
  empty: 'Tệp tải lên trống (0 byte).',
  damaged: 'Ảnh bị hỏng hoặc không đầy đủ nên không đọc được. Vui lòng chọn hoặc chụp lại ảnh.',
  foreign:
    'Ảnh có chứa dữ liệu khác ngoài hình ảnh (tệp ghép). Vui lòng mở ảnh, lưu lại thành ảnh mới rồi tải lên.',
  tooManyPixels: (width: number, height: number, rules: ImageRules) =>
    `Ảnh quá lớn: ${width}×${height} điểm ảnh (tối đa ${rules.maxSide} điểm ảnh mỗi cạnh và ` +
    `${rules.maxPixels / 1_000_000} triệu điểm ảnh).`,
  /** A stored photo over its byte limit: the web scales photos down, so this is a camera's original. */
  photoTooLarge: (bytes: number, maxBytes: number) =>
    `Ảnh quá lớn (${megabytes(bytes)} MB, tối đa ${megabytes(maxBytes)} MB cho một ảnh đã thu nhỏ). ` +
    'Vui lòng tải ảnh lên từ trang web Nhà trọ (ảnh được tự thu nhỏ) hoặc chọn ảnh nhỏ hơn.',
  wrongType: (types: readonly ImageType[]) =>
    `Tệp tải lên không phải ảnh ${types.map((type) => (type === 'jpg' ? 'JPEG' : 'PNG')).join(' hoặc ')}.`,
} as const;

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** A PNG as its chunks lay it out: the header's fields and its compressed image data. */
export interface PngLayout extends ImageHeader {
  type: 'png';
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
  /** The IDAT chunks' data, in order: one zlib stream. */
  imageData: Uint8Array[];
  /** What that stream must inflate to, exactly (filter bytes included). */
  inflatedBytes: number;
}

export interface JpegLayout extends ImageHeader {
  type: 'jpg';
  components: number;
}

export type ImageLayout = PngLayout | JpegLayout;

/** What is wrong with refused bytes. */
export type ImageFault = 'empty' | 'type' | 'damaged' | 'foreign' | 'pixels';

/** The checks' verdict: the layout, or what is wrong and why (Vietnamese, for the person). */
export type LayoutCheck =
  { ok: true; layout: ImageLayout } | { ok: false; fault: ImageFault; problem: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.byteLength >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes.byteLength >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return undefined;
}

/**
 * Signatures of other formats that have no business in an image's metadata: an archive (ZIP, and so
 * DOCX/JAR/APK), a PDF, a page or script a browser would run.
 */
const FOREIGN_BINARY = ['PK\u0003\u0004', 'PK\u0005\u0006', '%PDF-'];
const FOREIGN_MARKUP = ['<html', '<script', '<svg', '<!doctype', '<iframe', '<body', '<?php'];

function containsForeign(data: Uint8Array): boolean {
  let text = '';
  for (let index = 0; index < data.length; index += 1) text += String.fromCharCode(data[index] as number);
  if (FOREIGN_BINARY.some((signature) => text.includes(signature))) return true;
  const lower = text.toLowerCase();
  return FOREIGN_MARKUP.some((tag) => lower.includes(tag));
}

const FAULTS = new Map<string, ImageFault>([
  [IMAGE_MESSAGES.damaged, 'damaged'],
  [IMAGE_MESSAGES.foreign, 'foreign'],
]);

function fail(fault: ImageFault, problem: string): LayoutCheck {
  return { ok: false, fault, problem };
}

function withinRules(layout: ImageLayout, rules: ImageRules): LayoutCheck {
  const { width, height } = layout;
  if (width > rules.maxSide || height > rules.maxSide || width * height > rules.maxPixels) {
    return fail('pixels', IMAGE_MESSAGES.tooManyPixels(width, height, rules));
  }
  return { ok: true, layout };
}

function uint32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] as number) * 0x1000000 +
      (((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number))) >>>
    0
  );
}

function uint16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
}

/** Channels per colour type, and the bit depths each allows (PNG specification, table 11.1). */
const PNG_COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** The Adam7 passes: first column and row, then the step in each direction. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes the image data inflates to: per scanline one filter byte and the packed pixels. */
export function pngInflatedBytes(
  width: number,
  height: number,
  bitsPerPixel: number,
  interlaced: boolean,
): number {
  const scanlines = (columns: number, rows: number) =>
    columns > 0 && rows > 0 ? rows * (1 + Math.ceil((columns * bitsPerPixel) / 8)) : 0;
  if (!interlaced) return scanlines(width, height);
  return ADAM7.reduce(
    (total, [x0, y0, dx, dy]) =>
      total + scanlines(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)),
    0,
  );
}

/** Ancillary chunks of the PNG specification (3rd edition) and its registered extensions. */
const KNOWN_ANCILLARY = new Set([
  'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'mDCV', 'mDCv', 'cLLI', 'cLLi',
  'tEXt', 'zTXt', 'iTXt', 'bKGD', 'hIST', 'pHYs', 'sPLT', 'eXIf', 'tIME', 'acTL', 'fcTL', 'fdAT',
]); // prettier-ignore
const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

function pngHeader(bytes: Uint8Array): PngLayout | string {
  if (bytes.byteLength < 8 + 25 || uint32(bytes, 8) !== 13) return IMAGE_MESSAGES.damaged;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return IMAGE_MESSAGES.damaged;
  const width = uint32(bytes, 16);
  const height = uint32(bytes, 20);
  const [bitDepth, colourType, compression, filter, interlace] = bytes.subarray(24, 29);
  const colour = PNG_COLOUR_TYPES[colourType as number];
  if (
    width === 0 ||
    height === 0 ||
    !colour?.depths.includes(bitDepth as number) ||
    compression !== 0 ||
    filter !== 0 ||
    (interlace !== 0 && interlace !== 1)
  ) {
    return IMAGE_MESSAGES.damaged;
  }
  const interlaced = interlace === 1;
  return {
    type: 'png',
    width,
    height,
    bitDepth: bitDepth as number,
    colourType: colourType as number,
    interlaced,
    imageData: [],
    inflatedBytes: pngInflatedBytes(width, height, colour.channels * (bitDepth as number), interlaced),
  };
}

/**
 * A PNG's chunks, walked from the header to IEND: every length inside the file, only chunk types the
 * specification names, the image data in one run, metadata without foreign content, and nothing after
 * IEND (where a ZIP or a page would sit in a polyglot).
 */
function pngLayout(bytes: Uint8Array): PngLayout | string {
  const layout = pngHeader(bytes);
  if (typeof layout === 'string') return layout;
  let position = 8;
  let dataEnded = false;
  while (position + 12 <= bytes.byteLength) {
    const length = uint32(bytes, position);
    const type = String.fromCharCode(...bytes.subarray(position + 4, position + 8));
    const end = position + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.byteLength) return IMAGE_MESSAGES.damaged;
    const data = bytes.subarray(position + 8, position + 8 + length);
    if (type === 'IEND') {
      if (length !== 0) return IMAGE_MESSAGES.damaged;
      if (end !== bytes.byteLength) return IMAGE_MESSAGES.foreign;
      return layout.imageData.length > 0 ? layout : IMAGE_MESSAGES.damaged;
    }
    if (type === 'IDAT') {
      if (dataEnded) return IMAGE_MESSAGES.damaged;
      layout.imageData.push(data);
    } else {
      if (layout.imageData.length > 0) dataEnded = true;
      const critical = type.charCodeAt(0) < 0x61;
      if (
        critical ? !CRITICAL.has(type) || (type === 'IHDR' && position !== 8) : !KNOWN_ANCILLARY.has(type)
      ) {
        return critical ? IMAGE_MESSAGES.damaged : IMAGE_MESSAGES.foreign;
      }
      if (type !== 'IHDR' && containsForeign(data)) return IMAGE_MESSAGES.foreign;
    }
    position = end;
  }
  // The file ends before IEND: cut short.
  return IMAGE_MESSAGES.damaged;
}

/** Start-of-frame markers (SOF0–SOF15 but DHT, JPG and DAC), which carry the dimensions. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** After a scan's header: the entropy-coded data runs to the next marker that is not a stuffed 0xFF or a restart. */
function endOfScan(bytes: Uint8Array, from: number): number {
  for (let index = from; index + 1 < bytes.byteLength; index += 1) {
    if (bytes[index] !== 0xff) continue;
    const next = bytes[index + 1] as number;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return index;
  }
  return bytes.byteLength;
}

/**
 * A JPEG's segments, walked from SOI to EOI: every length inside the file, one frame header before
 * the first scan, metadata (APPn, COM) without foreign content, and nothing after EOI.
 */
function jpegLayout(bytes: Uint8Array): JpegLayout | string {
  let position = 2;
  let frame: JpegLayout | undefined;
  while (position + 1 < bytes.byteLength) {
    if (bytes[position] !== 0xff) return IMAGE_MESSAGES.damaged;
    const marker = bytes[position + 1] as number;
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      if (!frame) return IMAGE_MESSAGES.damaged;
      return position + 2 === bytes.byteLength ? frame : IMAGE_MESSAGES.foreign;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      position += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0x00 || position + 4 > bytes.byteLength) return IMAGE_MESSAGES.damaged;
    const length = uint16(bytes, position + 2);
    const end = position + 2 + length;
    if (length < 2 || end > bytes.byteLength) return IMAGE_MESSAGES.damaged;
    const data = bytes.subarray(position + 4, end);
    if (isStartOfFrame(marker)) {
      if (frame || data.byteLength < 6) return IMAGE_MESSAGES.damaged;
      const height = uint16(data, 1);
      const width = uint16(data, 3);
      if (width === 0 || height === 0) return IMAGE_MESSAGES.damaged;
      frame = { type: 'jpg', width, height, components: data[5] as number };
    } else if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      if (containsForeign(data)) return IMAGE_MESSAGES.foreign;
    }
    if (marker === 0xda) {
      if (!frame) return IMAGE_MESSAGES.damaged;
      position = endOfScan(bytes, end);
      continue;
    }
    position = end;
  }
  // The file ends before EOI: cut short.
  return IMAGE_MESSAGES.damaged;
}

/**
 * The image's layout when its bytes are an image of a type the rules take, well formed, with nothing
 * beside the picture and within the rules' dimensions; otherwise why not. Cheap: no pixel is decoded.
 */
export function imageLayout(bytes: Uint8Array, rules: ImageRules): LayoutCheck {
  if (bytes.byteLength === 0) return fail('empty', IMAGE_MESSAGES.empty);
  const type = sniffImageType(bytes);
  if (!type || !rules.types.includes(type)) return fail('type', IMAGE_MESSAGES.wrongType(rules.types));
  const layout = type === 'png' ? pngLayout(bytes) : jpegLayout(bytes);
  if (typeof layout === 'string') return fail(FAULTS.get(layout) ?? 'damaged', layout);
  return withinRules(layout, rules);
}
