/**
 * Photos from a phone camera (tests/fixtures/photos, made by make-photos.py there with ImageMagick)
 * on the server's side: their real type and dimensions, the 2 MB limit a stored photo keeps (a camera
 * original is refused with a message the landlord can act on), HEIC refused by its bytes, and the
 * thumbnail the server makes from the decoded pixels.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { thumbnailName, thumbnailOriginal, uploadProblem } from '../../api/src/domain/shared/blobNames.js';
import { IMAGE_RULES, imageLayout } from '../../api/src/domain/shared/imageFiles.js';
import { decodeImage, type DecodedImage } from '../../api/src/images/decodeImage.js';
import { jpegOrientation, orientedRgba, scaledRgba, thumbnailJpeg } from '../../api/src/images/thumbnail.js';
import { makePng } from '../support/png.js';

const PHOTOS = join(import.meta.dirname, '../fixtures/photos');
const photo = (name: string) => new Uint8Array(readFileSync(join(PHOTOS, name)));

async function decoded(bytes: Uint8Array): Promise<DecodedImage> {
  const verdict = await decodeImage(bytes, IMAGE_RULES.photo);
  if (!verdict.ok) throw new Error(verdict.problem);
  return verdict.image;
}

function pixel(image: { width: number; rgba?: Uint8Array; data?: Uint8Array }, x: number, y: number) {
  const data = image.rgba ?? image.data ?? new Uint8Array();
  const at = (y * image.width + x) * 4;
  return [data[at], data[at + 1], data[at + 2]] as [number, number, number];
}

const isRed = ([red, green, blue]: [number, number, number]) => red > 180 && green < 70 && blue < 70;

describe('a 12 MP camera JPEG with EXIF rotation', () => {
  const bytes = photo('camera-12mp-rotated.jpg');

  it('is a camera original: 4000×3000 stored, 3–6 MB', () => {
    const checked = imageLayout(bytes, IMAGE_RULES.photo);
    expect(checked).toMatchObject({ ok: true, layout: { type: 'jpg', width: 4000, height: 3000 } });
    expect(bytes.byteLength).toBeGreaterThan(3 * 1024 * 1024);
    expect(bytes.byteLength).toBeLessThan(6 * 1024 * 1024);
  });

  it('is refused as it is (over 2 MB): the message says the web scales it down', () => {
    const size = (Math.ceil((bytes.byteLength / 1024 / 1024) * 10) / 10).toString().replace('.', ',');
    expect(uploadProblem('room-images', 'h/room-1-abcdef.jpg', bytes.byteLength, bytes)).toBe(
      `Ảnh quá lớn (${size} MB, tối đa 2 MB cho một ảnh đã thu nhỏ). ` +
        'Vui lòng tải ảnh lên từ trang web Nhà trọ (ảnh được tự thu nhỏ) hoặc chọn ảnh nhỏ hơn.',
    );
    expect(uploadProblem('lessee-infor', 'h/lessee-1-abcdef.jpg', bytes.byteLength, bytes)).toMatch(
      /^Ảnh quá lớn \(\d+,\d MB, tối đa 2 MB/,
    );
  });

  it('decodes completely, and its thumbnail is an upright 240×320 JPEG (EXIF orientation applied)', async () => {
    const image = await decoded(bytes);
    expect([image.width, image.height]).toEqual([4000, 3000]);
    // Stored turned (EXIF says so): the red square of the upright top-left sits bottom-left here.
    expect(isRed(pixel(image, 100, 2900))).toBe(true);
    expect(isRed(pixel(image, 100, 100))).toBe(false);
    expect(jpegOrientation(bytes)).toBe(6);
    const thumbnail = await thumbnailJpeg(image, jpegOrientation(bytes));
    expect(thumbnail.byteLength).toBeLessThan(40 * 1024);
    const small = await decoded(thumbnail);
    expect(small).toMatchObject({ type: 'jpg', width: 240, height: 320 });
    expect(isRed(pixel(small, 8, 8))).toBe(true);
    expect(isRed(pixel(small, 8, 312))).toBe(false);
    // 12 million pixels through a pure-JavaScript decoder on a shared machine.
  }, 60_000);
});

describe('other files a phone makes', () => {
  it('a PNG screenshot is a PNG of its real size', async () => {
    const image = await decoded(photo('screenshot.png'));
    expect(image).toMatchObject({ type: 'png', width: 1080, height: 2340 });
  }, 15_000);

  it('a HEIC is refused by its bytes, naming the types the server keeps', () => {
    expect(imageLayout(photo('camera.heic'), IMAGE_RULES.photo)).toEqual({
      ok: false,
      fault: 'type',
      problem: 'Tệp tải lên không phải ảnh PNG hoặc JPEG.',
    });
  });
});

describe('EXIF orientation', () => {
  // 3×2 pixels numbered 0–5 row by row (the red channel holds the number).
  const numbered = {
    width: 3,
    height: 2,
    data: Uint8Array.from([0, 1, 2, 3, 4, 5].flatMap((n) => [n, 0, 0, 255])),
  };
  const numbers = (image: { width: number; height: number; data: Uint8Array }) =>
    [...image.data].filter((_, index) => index % 4 === 0);

  it.each([
    [1, 3, 2, [0, 1, 2, 3, 4, 5]],
    [2, 3, 2, [2, 1, 0, 5, 4, 3]],
    [3, 3, 2, [5, 4, 3, 2, 1, 0]],
    [4, 3, 2, [3, 4, 5, 0, 1, 2]],
    [5, 2, 3, [0, 3, 1, 4, 2, 5]],
    [6, 2, 3, [3, 0, 4, 1, 5, 2]],
    [7, 2, 3, [5, 2, 4, 1, 3, 0]],
    [8, 2, 3, [2, 5, 1, 4, 0, 3]],
  ])('orientation %i turns the pixels upright (%i×%i)', (orientation, width, height, expected) => {
    const turned = orientedRgba(numbered, orientation);
    expect([turned.width, turned.height]).toEqual([width, height]);
    expect(numbers(turned)).toEqual(expected);
  });

  it('is 1 for files without it and for every damaged or hostile file of the corpus, never a crash', () => {
    const corpus = join(import.meta.dirname, '../fixtures/images');
    for (const name of readdirSync(corpus).filter((file) => /\.(jpg|png|pdf|gif)$/.test(file))) {
      expect(jpegOrientation(new Uint8Array(readFileSync(join(corpus, name)))), name).toBe(1);
    }
    const withExif = photo('camera-12mp-rotated.jpg').subarray(0, 64);
    expect(jpegOrientation(withExif)).toBe(6);
    expect(jpegOrientation(withExif.subarray(0, 40))).toBe(1);
  });
});

describe('thumbnails', () => {
  it('live beside their photo under a name that leads back to it', () => {
    const name = 'house-123/room-1795143600000-abc123.png';
    expect(thumbnailName(name)).toBe(`${name}.thumb.jpg`);
    expect(thumbnailOriginal(thumbnailName(name))).toBe(name);
    expect(thumbnailOriginal(name)).toBeUndefined();
  });

  it('average the pixels they cover, flatten transparency on white and never enlarge', async () => {
    const half = await decoded(makePng({ width: 4, height: 2, rgba: [0, 0, 0, 0] }));
    expect(scaledRgba(half, 320)).toMatchObject({ width: 4, height: 2 });
    expect(pixel(scaledRgba(half, 2), 0, 0)).toEqual([255, 255, 255]);
    const red = await decoded(makePng({ width: 1000, height: 500, rgba: [200, 20, 20, 255] }));
    const scaled = scaledRgba(red, 320);
    expect(scaled).toMatchObject({ width: 320, height: 160 });
    expect(pixel(scaled, 319, 159)).toEqual([200, 20, 20]);
  });
});
