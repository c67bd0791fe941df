/**
 * The image checks on the corpus of tests/fixtures/images (README.md there says which tool made each
 * file): what ImageMagick and libjpeg write is accepted with its real dimensions, each hostile file is
 * refused for the right reason, a PDF is checked by its frame, and the renderer embeds any decoded
 * image. The last test shows why the renderer takes decoded images only: pdfkit, handed a PNG whose
 * data is corrupt, ends the process.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOB_AREAS, pdfProblem, uploadProblem } from '../../api/src/domain/shared/blobNames.js';
import { IMAGE_RULES, imageLayout, type ImageFault } from '../../api/src/domain/shared/imageFiles.js';
import { renderPdf } from '../../api/src/documents/contractPdf.js';
import { decodeImage, pngForPdf } from '../../api/src/images/decodeImage.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/images');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

const VALID: Array<[file: string, width: number, height: number]> = [
  ['signature-rgba.png', 600, 200],
  ['photo-rgb.png', 320, 240],
  ['interlaced.png', 320, 240],
  ['palette-transparent.png', 200, 80],
  ['gray16.png', 120, 90],
  ['photo-baseline.jpg', 480, 360],
  ['photo-progressive.jpg', 480, 360],
  ['photo-cmyk.jpg', 160, 120],
];

/** Each hostile file, the fault it is refused for, and whether the cheap checks already see it. */
const HOSTILE: Array<[file: string, fault: ImageFault, seenWithoutDecoding: boolean]> = [
  ['zero-bytes.png', 'empty', true],
  ['html-named.png', 'type', true],
  ['text-named.jpg', 'type', true],
  ['wrong-type.gif', 'type', true],
  ['paper.pdf', 'type', true],
  ['truncated.png', 'damaged', true],
  ['header-then-junk.png', 'damaged', true],
  ['truncated.jpg', 'damaged', true],
  ['bomb-50000x50000.png', 'pixels', true],
  ['bomb-50000x50000.jpg', 'pixels', true],
  ['polyglot-png-zip.png', 'foreign', true],
  ['polyglot-png-html.png', 'foreign', true],
  ['polyglot-png-private-zip.png', 'foreign', true],
  ['polyglot-jpg-zip.jpg', 'foreign', true],
  ['polyglot-jpg-html.jpg', 'foreign', true],
  // Well-formed containers whose pixels are not there: only decoding finds out.
  ['corrupt-idat.png', 'damaged', false],
  ['flipped-idat.png', 'damaged', false],
  ['bomb-inflate.png', 'damaged', false],
  ['corrupt-huffman.jpg', 'damaged', false],
];

describe('decodeImage on files other tools made', () => {
  it.each(VALID)('accepts %s as %i×%i, every pixel decoded', async (file, width, height) => {
    const verdict = await decodeImage(fixture(file), IMAGE_RULES.photo);
    expect(verdict).toMatchObject({ ok: true, image: { width, height } });
    if (verdict.ok) expect(verdict.image.rgba.byteLength).toBe(width * height * 4);
  });

  it.each(HOSTILE)('refuses %s (%s)', async (file, fault, seenWithoutDecoding) => {
    const bytes = fixture(file);
    const verdict = await decodeImage(bytes, IMAGE_RULES.photo);
    expect(verdict).toMatchObject({ ok: false, fault });
    if (!verdict.ok) expect(verdict.problem).toMatch(/[À-ỹ]/u);
    expect(imageLayout(bytes, IMAGE_RULES.photo).ok).toBe(!seenWithoutDecoding);
  });

  it('refuses a bomb by its header, before any decoder runs: milliseconds, no memory', async () => {
    const started = performance.now();
    const verdict = await decodeImage(fixture('bomb-50000x50000.png'), IMAGE_RULES.photo);
    expect(verdict).toMatchObject({
      ok: false,
      problem: 'Ảnh quá lớn: 50000×50000 điểm ảnh (tối đa 12000 điểm ảnh mỗi cạnh và 40 triệu điểm ảnh).',
    });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('keeps drawn signatures to PNG and a few million pixels', async () => {
    expect(await decodeImage(fixture('photo-baseline.jpg'), IMAGE_RULES.signature)).toMatchObject({
      ok: false,
      fault: 'type',
      problem: 'Tệp tải lên không phải ảnh PNG.',
    });
    expect(await decodeImage(fixture('signature-rgba.png'), IMAGE_RULES.signature)).toMatchObject({
      ok: true,
    });
  });
});

describe('uploads by area', () => {
  it('photo areas take PNG and JPEG; paper contracts PDF and PNG; the name must say the real type', () => {
    const jpeg = fixture('photo-baseline.jpg');
    expect(BLOB_AREAS['room-images'].types).toEqual(['png', 'jpg']);
    expect(uploadProblem('room-images', 'h0use1/room-1767225600000-abc123.jpg', jpeg.byteLength, jpeg)).toBe(
      undefined,
    );
    expect(uploadProblem('room-images', 'h0use1/room-1767225600000-abc123.png', jpeg.byteLength, jpeg)).toBe(
      'Tệp tải lên không phải ảnh PNG hoặc JPEG.',
    );
    expect(uploadProblem('paper-contracts', 'h0use1/paper-1767225600000-abc123.jpg', 10, jpeg)).toBe(
      'Tệp tải lên không phải tệp PDF hoặc PNG hợp lệ.',
    );
    expect(
      uploadProblem(
        'hm-registration',
        'reg-abcdefgh/registration-1767225600000-abc123.png',
        0,
        new Uint8Array(),
      ),
    ).toBe('Tệp tải lên trống (0 byte).');
  });

  it('checks a PDF by its header and trailer, not by rendering it', () => {
    expect(pdfProblem(fixture('paper.pdf'))).toBeUndefined();
    expect(pdfProblem(fixture('truncated.pdf'))).toMatch(/^Tệp PDF bị hỏng hoặc không đầy đủ/);
    expect(pdfProblem(fixture('polyglot-pdf-zip.pdf'))).toMatch(/^Tệp PDF có dữ liệu lạ sau phần kết thúc/);
    expect(pdfProblem(fixture('html-named.pdf'))).toBe('Tệp tải lên không phải tệp PDF hợp lệ.');
    expect(pdfProblem(fixture('zero-bytes.pdf'))).toBe('Tệp tải lên trống (0 byte).');
  });
});

describe('the PDF renderer embeds decoded images only', () => {
  it('hands pdfkit an 8-bit RGB PNG, not interlaced, whatever the source', async () => {
    for (const [file] of VALID) {
      const verdict = await decodeImage(fixture(file), IMAGE_RULES.photo);
      if (!verdict.ok) throw new Error(`${file}: ${verdict.problem}`);
      const png = await pngForPdf(verdict.image);
      // IHDR: bit depth 8, colour type 2 (RGB), interlace 0.
      expect([png[24], png[25], png[28]], file).toEqual([8, 2, 0]);
      const pdf = await renderPdf(
        [
          {
            kind: 'signatures',
            lessor: { title: 'BÊN A', name: 'A' },
            lessee: { title: 'BÊN B', name: 'B' },
          },
        ],
        { title: file, signature: verdict.image },
      );
      expect(Buffer.from(pdf).toString('latin1'), file).toMatch(/\/Subtype \/Image/);
    }
    // One PDF per image of the corpus (fonts embedded each time): seconds on a busy machine.
  }, 60_000);

  it('why: pdfkit given a PNG whose data is corrupt throws from a zlib callback and the process ends', () => {
    // In a child process, as the product ran before: pdfkit straight from node_modules.
    const script = `
      const PDFDocument = require('pdfkit');
      const doc = new PDFDocument();
      doc.on('error', () => console.log('error event'));
      try {
        doc.image(require('node:fs').readFileSync(process.argv[1]), 0, 0, { width: 100 });
        doc.end();
        console.log('image accepted');
      } catch (error) {
        console.log('caught', error.message);
      }`;
    const run = spawnSync(process.execPath, ['-e', script, join(FIXTURES, 'corrupt-idat.png')], {
      cwd: join(import.meta.dirname, '../../api'),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stdout).toContain('image accepted');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/incorrect header check/);
  });
});
