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

/** The thumbnail of a decoded photo: a JPEG at most `THUMBNAIL_SIDE` px on its longest side. */
export async function thumbnailJpeg(image: DecodedImage): Promise<Uint8Array> {
  const { encode } = (await import('jpeg-js')).default;
  const scaled = scaledRgba(image, THUMBNAIL_SIDE);
  const { data } = encode(
    { width: scaled.width, height: scaled.height, data: scaled.data },
    THUMBNAIL_QUALITY,
  );
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
