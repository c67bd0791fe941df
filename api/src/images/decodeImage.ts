import { inflateSync, type ZlibOptions } from 'node:zlib';
import {
  IMAGE_MESSAGES,
  imageLayout,
  type ImageFault,
  type ImageRules,
  type ImageType,
  type PngLayout,
} from '../domain/shared/imageFiles.js';

/**
 * Decoding images, to prove the pixels are there before an image is kept or embedded: `pngjs` for
 * PNG and `jpeg-js` for JPEG, both pure JavaScript (nothing native to package with the Functions
 * bundle), loaded on first use. They run only on bytes that passed `imageLayout` (type, structure and
 * dimensions, checked without decoding), so no decoder ever allocates for a decompression bomb.
 *
 * An adapter of its own, beside `documents/`: use cases decide with it whether a file may be kept, and
 * the PDF renderer takes nothing else (`DecodedImage`). It is computation without I/O, but it is not a
 * rule: it needs `node:zlib` and third-party decoders, which `domain/` may not import, and the renderer
 * (which may not import use cases) needs it as much as the use cases do.
 */

declare const decodedBrand: unique symbol;

/** Pixels a real decoder made from checked bytes; only `decodeImage` makes one. */
export interface DecodedImage {
  readonly type: ImageType;
  readonly width: number;
  readonly height: number;
  /** 8-bit RGBA, row by row. */
  readonly rgba: Uint8Array;
  readonly [decodedBrand]: true;
}

/** The verdict on an image: its pixels, or why it is refused (for the person) and what the decoder said (for the log). */
export type ImageCheck =
  { ok: true; image: DecodedImage } | { ok: false; fault: ImageFault; problem: string; detail?: string };

interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

async function pngjs() {
  return (await import('pngjs')).default.PNG;
}

/**
 * The image data inflated within the header's promise: exactly the bytes it announces (a bomb stops at
 * the bound; data cut short or padded is refused), and the zlib stream ends where the IDAT data ends
 * (nothing hidden after it). pngjs does not check all of that for interlaced images.
 */
function checkImageData(layout: PngLayout): string | undefined {
  const stream = Buffer.concat(layout.imageData);
  const options: ZlibOptions & { info: true } = { maxOutputLength: layout.inflatedBytes, info: true };
  const { buffer, engine } = inflateSync(stream, options) as unknown as {
    buffer: Buffer;
    engine: { bytesWritten: number };
  };
  if (buffer.byteLength !== layout.inflatedBytes) return `image data inflates to ${buffer.byteLength} bytes`;
  if (engine.bytesWritten !== stream.byteLength) return 'bytes after the end of the zlib stream';
  return undefined;
}

async function decodePng(bytes: Uint8Array, layout: PngLayout): Promise<Pixels | string> {
  const problem = checkImageData(layout);
  if (problem) return problem;
  const PNG = await pngjs();
  return PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { checkCRC: true });
}

async function decodeJpeg(bytes: Uint8Array, rules: ImageRules): Promise<Pixels> {
  const { decode } = (await import('jpeg-js')).default;
  return decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    tolerantDecoding: false,
    maxResolutionInMP: rules.maxPixels / 1_000_000,
    // The RGBA output and the component planes, with room for the decoder's tables.
    maxMemoryUsageInMB: Math.ceil((rules.maxPixels * 8) / 1_000_000) + 64,
  });
}

function damaged(detail: string): ImageCheck {
  return { ok: false, fault: 'damaged', problem: IMAGE_MESSAGES.damaged, detail };
}

/**
 * Checks the bytes (`imageLayout`), then decodes every pixel with a real decoder. A decoder's error is
 * the verdict on the file (it is damaged), returned with the decoder's words for the log.
 */
export async function decodeImage(bytes: Uint8Array, rules: ImageRules): Promise<ImageCheck> {
  const checked = imageLayout(bytes, rules);
  if (!checked.ok) return checked;
  const { layout } = checked;
  let pixels: Pixels | string;
  try {
    pixels = layout.type === 'png' ? await decodePng(bytes, layout) : await decodeJpeg(bytes, rules);
  } catch (error) {
    return damaged(String(error).slice(0, 200));
  }
  if (typeof pixels === 'string') return damaged(pixels);
  const { width, height, data } = pixels;
  if (width !== layout.width || height !== layout.height || data.byteLength !== width * height * 4) {
    return damaged(`decoded ${width}×${height}`);
  }
  const image = {
    type: layout.type,
    width,
    height,
    rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
  return { ok: true, image: image as DecodedImage };
}

/**
 * The image as a PDF embeds it without reading it again: an 8-bit RGB PNG, not interlaced, without
 * transparency (flattened on white, the paper's colour). pdfkit decodes PNGs that have an alpha channel,
 * a palette with transparency or interlacing in a zlib callback, where a failure is thrown outside any
 * promise and ends the process; a PNG like this one it embeds as it is, synchronously.
 */
export async function pngForPdf(image: DecodedImage): Promise<Buffer> {
  const PNG = await pngjs();
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.rgba.buffer, image.rgba.byteOffset, image.rgba.byteLength);
  return PNG.sync.write(png, {
    colorType: 2,
    inputColorType: 6,
    bitDepth: 8,
    inputHasAlpha: true,
    bgColor: { red: 255, green: 255, blue: 255 },
  });
}
