import { PHOTO_INPUT_MAX_BYTES, PHOTO_MAX_BYTES } from '@nhatro/common';

/**
 * Photos as the product stores them, prepared in the browser: any image a phone camera makes (JPEG,
 * PNG, HEIC where the browser decodes it) up to `PHOTO_INPUT_MAX_BYTES`, turned upright (EXIF
 * orientation applied to the pixels), scaled to `MAX_IMAGE_SIDE` on its longest side, and encoded as
 * JPEG at the highest quality that keeps it under `PHOTO_TARGET_BYTES`. A PNG with transparency (a
 * drawing, a logo) or one already that small (a screenshot) stays PNG, where JPEG would blur text or
 * lose the transparency. The server decodes every upload again before it keeps it.
 */

/** Longest side of an uploaded photo, in pixels. */
export const MAX_IMAGE_SIDE = 1600;
/** What a typical stored photo weighs at most: tenants open them on mobile data. */
export const PHOTO_TARGET_BYTES = 400 * 1024;
/** JPEG qualities tried in turn, the first that fits the target wins. */
const JPEG_QUALITIES = [0.82, 0.76, 0.7, 0.64, 0.58, 0.52, 0.46, 0.4] as const;

const MB = 1024 * 1024;

export const PHOTO_MESSAGES = {
  tooLarge: (bytes: number) =>
    `Ảnh quá lớn (${String(Math.ceil((bytes / MB) * 10) / 10).replace('.', ',')} MB, tối đa ` +
    `${PHOTO_INPUT_MAX_BYTES / MB} MB). ` +
    'Vui lòng chọn ảnh khác.',
  heic:
    'Trình duyệt này không đọc được ảnh HEIC/HEIF. Vui lòng chọn ảnh JPEG, hoặc đặt camera của điện thoại ' +
    'chụp ảnh ở định dạng JPEG ("Tương thích nhất") rồi chụp lại.',
  unreadable: 'Không đọc được ảnh. Vui lòng chọn tệp ảnh JPEG hoặc PNG.',
  noCanvas: 'Trình duyệt không hỗ trợ thu nhỏ ảnh. Vui lòng dùng Chrome, Safari hoặc Firefox bản mới.',
  stillTooLarge: `Ảnh vẫn lớn hơn ${PHOTO_MAX_BYTES / MB} MB sau khi thu nhỏ. Vui lòng chọn ảnh khác.`,
} as const;

/** An image file decoded for a canvas, EXIF orientation applied (width and height are the upright ones). */
export async function decodeImage(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  // An <img> follows the EXIF orientation by default (CSS `image-orientation: from-image`).
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}

export type PhotoExtension = 'jpg' | 'png';

/** A photo ready to upload: its bytes, their type and the extension its blob name takes. */
export interface PreparedPhoto {
  blob: Blob;
  extension: PhotoExtension;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

async function headOf(file: Blob, bytes: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

function isPng(head: Uint8Array): boolean {
  return head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
}

/** HEIC/HEIF (ISO base media `ftyp` with a HEIF brand), or named or typed so. */
function looksHeic(file: Blob, head: Uint8Array): boolean {
  const text = String.fromCharCode(...head.subarray(4, 12));
  const named = file instanceof File && /\.(heic|heif)$/i.test(file.name);
  return named || /heic|heif/i.test(file.type) || /^ftyp(heic|heix|hevc|heim|heis|mif1|msf1)/.test(text);
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(PHOTO_MESSAGES.noCanvas))),
      type,
      quality,
    );
  });
}

function hasTransparency(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  const { data } = context.getImageData(0, 0, width, height);
  for (let index = 3; index < data.length; index += 4) if ((data[index] as number) < 255) return true;
  return false;
}

/** The first JPEG quality whose file fits the target (the last tried when none does). */
async function jpegUnderTarget(canvas: HTMLCanvasElement): Promise<Blob> {
  let blob: Blob | undefined;
  for (const quality of JPEG_QUALITIES) {
    blob = await toBlob(canvas, 'image/jpeg', quality);
    if (blob.size <= PHOTO_TARGET_BYTES) break;
  }
  return blob as Blob;
}

/**
 * Prepares a photo the person chose for upload (see the module's note). Throws an `Error` whose
 * message tells the person what to do: too big a file, a HEIC the browser cannot read, not an image.
 */
export async function preparePhoto(file: Blob, maxSide = MAX_IMAGE_SIDE): Promise<PreparedPhoto> {
  if (file.size > PHOTO_INPUT_MAX_BYTES) throw new Error(PHOTO_MESSAGES.tooLarge(file.size));
  const head = await headOf(file, 16);
  let decoded;
  try {
    decoded = await decodeImage(file);
  } catch {
    throw new Error(looksHeic(file, head) ? PHOTO_MESSAGES.heic : PHOTO_MESSAGES.unreadable);
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(decoded.width, decoded.height, 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(decoded.width * scale));
    canvas.height = Math.max(1, Math.round(decoded.height * scale));
    const { width, height } = canvas;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error(PHOTO_MESSAGES.noCanvas);
    if (isPng(head)) {
      context.drawImage(decoded.source, 0, 0, width, height);
      const png = await toBlob(canvas, 'image/png');
      const keep =
        png.size <= PHOTO_TARGET_BYTES ||
        (png.size <= PHOTO_MAX_BYTES && hasTransparency(context, width, height));
      if (keep) return { blob: png, extension: 'png', contentType: 'image/png', width, height };
    }
    // JPEG has no transparency: what was transparent becomes white, the paper's colour.
    context.globalCompositeOperation = 'source-over';
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(decoded.source, 0, 0, width, height);
    const jpeg = await jpegUnderTarget(canvas);
    if (jpeg.size > PHOTO_MAX_BYTES) throw new Error(PHOTO_MESSAGES.stillTooLarge);
    return { blob: jpeg, extension: 'jpg', contentType: 'image/jpeg', width, height };
  } finally {
    decoded.close();
  }
}

/** "anh-phong.heic" → "anh-phong.jpg" */
export function photoFileName(name: string, extension: PhotoExtension): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'anh';
  return `${base}.${extension}`;
}
