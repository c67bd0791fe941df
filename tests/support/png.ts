import { crc32, deflateSync } from 'node:zlib';

/** The eight signature bytes every PNG file starts with. */
const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

export interface PngOptions {
  width?: number;
  height?: number;
  /** Colour of every pixel (RGBA, 0–255); vary it to get different files. */
  rgba?: readonly [number, number, number, number];
}

/** A small, valid PNG (8-bit RGBA, one colour), 1×1 by default; no image library needed. */
export function makePng(options: PngOptions = {}): Uint8Array<ArrayBuffer> {
  const width = options.width ?? 1;
  const height = options.height ?? 1;
  const [r, g, b, a] = options.rgba ?? [0x2e, 0x7d, 0x32, 0xff];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  header[10] = 0; // compression
  header[11] = 0; // filter
  header[12] = 0; // no interlace
  const stride = 1 + width * 4;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * stride] = 0; // filter type "None"
    for (let x = 0; x < width; x += 1) {
      raw.set([r, g, b, a], y * stride + 1 + x * 4);
    }
  }
  return new Uint8Array(
    Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array(0)),
    ]),
  );
}
