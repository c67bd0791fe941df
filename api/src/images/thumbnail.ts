import type { DecodedImage } from './decodeImage.js';

/**
 * The small JPEG a list or photo grid shows instead of the photo itself (a 1600 px photo is 150–400 KB,
 * its thumbnail about 10–25 KB). Made on the server from the pixels `decodeImage` already produced when
 * the upload was accepted: nothing more to upload or trust from the browser, every photo gets one
 * whichever client sent it (the web, a device form's multipart, the API), and the cost is one box
 * filter and one small encode.
 */

/** Longest side of a thumbnail, in pixels: a grid cell of ~130–200 CSS px on a 2× phone screen. */
export const THUMBNAIL_SIDE = 320;
const THUMBNAIL_QUALITY = 72;

/**
 * The image scaled so its longest side is at most `side` (never enlarged), each target pixel the mean
 * of the source pixels it covers, flattened on white (JPEG has no transparency).
 */
export function scaledRgba(
  image: Pick<DecodedImage, 'width' | 'height' | 'rgba'>,
  side: number,
): { width: number; height: number; data: Uint8Array } {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let sy = y0; sy < y1; sy += 1) {
        let at = (sy * image.width + x0) * 4;
        for (let sx = x0; sx < x1; sx += 1, at += 4) {
          const alpha = (image.rgba[at + 3] as number) / 255;
          const white = 255 * (1 - alpha);
          red += (image.rgba[at] as number) * alpha + white;
          green += (image.rgba[at + 1] as number) * alpha + white;
          blue += (image.rgba[at + 2] as number) * alpha + white;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const out = (y * width + x) * 4;
      data[out] = Math.round(red / count);
      data[out + 1] = Math.round(green / count);
      data[out + 2] = Math.round(blue / count);
      data[out + 3] = 255;
    }
  }
  return { width, height, data };
}

function readUint(bytes: Uint8Array, at: number, size: 2 | 4, little: boolean): number | undefined {
  if (at < 0 || at + size > bytes.byteLength) return undefined;
  let value = 0;
  for (let index = 0; index < size; index += 1) {
    value = value * 256 + (bytes[little ? at + size - 1 - index : at + index] as number);
  }
  return value;
}

/** The Orientation tag (1–8) of an EXIF block (`Exif\0\0` and a TIFF header), 1 when absent or unreadable. */
function exifOrientation(exif: Uint8Array): number {
  const tiff = exif.subarray(6);
  const order = String.fromCharCode(tiff[0] ?? 0, tiff[1] ?? 0);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const ifd = readUint(tiff, 4, 4, little) ?? 0;
  const count = readUint(tiff, ifd, 2, little) ?? 0;
  for (let entry = 0; entry < Math.min(count, 256); entry += 1) {
    const at = ifd + 2 + entry * 12;
    if (readUint(tiff, at, 2, little) !== 0x0112) continue;
    const value = readUint(tiff, at + 8, 2, little) ?? 1;
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/**
 * The EXIF orientation a JPEG asks viewers to apply (1 = as stored, 6 = turn 90° clockwise, …), read
 * from its APP1 segment before the first scan; 1 for a PNG or a JPEG without one. The web stores
 * photos upright (no tag); a JPEG sent by another client may carry one, and browsers honour it.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  let position = 2;
  while (position + 4 <= bytes.byteLength && bytes[position] === 0xff) {
    const marker = bytes[position + 1] as number;
    if (marker === 0xda || marker === 0xd9) return 1;
    const length = readUint(bytes, position + 2, 2, false) ?? 0;
    const data = bytes.subarray(position + 4, position + 2 + length);
    if (marker === 0xe1 && String.fromCharCode(...data.subarray(0, 6)) === 'Exif\0\0')
      return exifOrientation(data);
    position += 2 + Math.max(length, 2);
  }
  return 1;
}

/** Pixels turned as EXIF `orientation` says, so that they are upright. */
export function orientedRgba(
  image: { width: number; height: number; data: Uint8Array },
  orientation: number,
): { width: number; height: number; data: Uint8Array } {
  if (orientation <= 1 || orientation > 8) return image;
  const { width: w, height: h } = image;
  const swap = orientation >= 5;
  const width = swap ? h : w;
  const height = swap ? w : h;
  const data = new Uint8Array(image.data.byteLength);
  const source: Record<number, (x: number, y: number) => [number, number]> = {
    2: (x, y) => [w - 1 - x, y],
    3: (x, y) => [w - 1 - x, h - 1 - y],
    4: (x, y) => [x, h - 1 - y],
    5: (x, y) => [y, x],
    6: (x, y) => [y, h - 1 - x],
    7: (x, y) => [w - 1 - y, h - 1 - x],
    8: (x, y) => [w - 1 - y, x],
  };
  const from = source[orientation] as (x: number, y: number) => [number, number];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [sx, sy] = from(x, y);
      data.set(image.data.subarray((sy * w + sx) * 4, (sy * w + sx) * 4 + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/**
 * The thumbnail of a decoded photo: a JPEG at most `THUMBNAIL_SIDE` px on its longest side, upright
 * (the photo's EXIF `orientation` applied: the thumbnail carries no EXIF of its own).
 */
export async function thumbnailJpeg(image: DecodedImage, orientation = 1): Promise<Uint8Array> {
  const { encode } = (await import('jpeg-js')).default;
  const scaled = orientedRgba(scaledRgba(image, THUMBNAIL_SIDE), orientation);
  const { data } = encode(
    { width: scaled.width, height: scaled.height, data: scaled.data },
    THUMBNAIL_QUALITY,
  );
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
