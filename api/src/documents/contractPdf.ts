import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentBlock } from '../domain/contractDocuments.js';
import { type DecodedImage, pngForPdf } from '../images/decodeImage.js';

/**
 * PDF rendering of documents (contracts) with pdfkit, loaded on first use. The built-in PDF fonts have
 * no Vietnamese letters, so DejaVu Sans (every diacritic, free licence) is embedded, subset to the
 * letters used. From the repository the fonts come from the `dejavu-fonts-ttf` package; in the
 * deployment bundle they sit in `fonts/` beside it (scripts/package-api.mjs copies them).
 */
export const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

function fontPath(file: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'fonts', file), join(here, '..', 'fonts', file)];
  try {
    candidates.unshift(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`));
  } catch {
    // Bundled: no node_modules to resolve from.
  }
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`Font ${file} not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** A4 for contracts; A5 (half of A4) for bills, with narrower margins and smaller type. */
const PAGES = {
  A4: { margin: 56, sizes: { title: 15, normal: 11, small: 9 } },
  A5: { margin: 32, sizes: { title: 13, normal: 9.5, small: 8 } },
} as const;
type PageSize = keyof typeof PAGES;

/** Where blocks are drawn: the document, its text column and type sizes. */
interface Page {
  doc: PDFKit.PDFDocument;
  pageSize: PageSize;
  sizes: (typeof PAGES)[PageSize]['sizes'];
  left: number;
  width: number;
  /** Starts a new page unless `height` still fits on this one. */
  ensureRoom(height: number): void;
}

type Block<K extends DocumentBlock['kind']> = Extract<DocumentBlock, { kind: K }>;

/** `label: value` lines, the label in bold, from `x` to the right margin. */
function labelledLines(page: Page, rows: ReadonlyArray<readonly [string, string]>, x: number): void {
  const { doc, sizes, left, width } = page;
  for (const [label, value] of rows) {
    doc
      .font('bold')
      .fontSize(sizes.normal)
      .text(`${label}: `, x, doc.y, { width: left + width - x, continued: true })
      .font('regular')
      .text(value, { paragraphGap: 2 });
  }
}

function drawTable(page: Page, block: Block<'table'>): void {
  const { doc, sizes, left, width } = page;
  const columns = block.widths.map((share) => share * width);
  const drawRow = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(sizes.small);
    const height =
      Math.max(
        ...cells.map((cell, index) => doc.heightOfString(cell, { width: (columns[index] ?? 0) - 8 })),
      ) + 8;
    page.ensureRoom(height);
    const top = doc.y;
    let x = left;
    cells.forEach((cell, index) => {
      const cellWidth = columns[index] ?? 0;
      doc.rect(x, top, cellWidth, height).stroke('#999999');
      doc
        .fillColor('#000000')
        .text(cell, x + 4, top + 4, { width: cellWidth - 8, align: block.align?.[index] ?? 'left' });
      x += cellWidth;
    });
    doc.x = left;
    doc.y = top + height;
  };
  doc.moveDown(0.3);
  drawRow(block.columns, 'bold');
  for (const row of block.rows) drawRow(row, 'regular');
  doc.moveDown(0.5);
}

/** A QR code (centred, or on the left with `rows` beside it) and its caption. */
async function drawQr(page: Page, block: Block<'qr'>): Promise<void> {
  const { doc, sizes, left, width } = page;
  const { create } = await import('qrcode');
  const modules = create(block.text, { errorCorrectionLevel: 'M' }).modules;
  const side = Math.min(page.pageSize === 'A5' ? 110 : 150, width * 0.6);
  // Four modules of white around the code: the quiet zone scanners need.
  const cell = side / (modules.size + 8);
  page.ensureRoom(side + 18);
  const beside = (block.rows?.length ?? 0) > 0;
  const x0 = beside ? left - 4 * cell : left + (width - side) / 2;
  const y0 = doc.y + 4;
  doc.rect(x0, y0, side, side).fill('#FFFFFF');
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      doc.rect(x0 + (column + 4) * cell, y0 + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  if (beside) {
    doc.y = y0 + 4 * cell;
    labelledLines(page, block.rows ?? [], x0 + side + 4);
  }
  doc.x = left;
  doc.y = y0 + side;
  if (block.caption) {
    doc
      .font('regular')
      .fontSize(sizes.small)
      .text(block.caption, left, doc.y, { width, align: beside ? 'left' : 'center' });
  }
  doc.moveDown(0.5);
}

/** Drawn signatures, decoded and ready for pdfkit: the representative's, and the landlord's on a handover. */
interface Signatures {
  lessee?: Uint8Array;
  lessor?: Uint8Array;
}

/** The two parties' signature blocks side by side, with the drawn signatures given. */
function drawSignatures(page: Page, block: Block<'signatures'>, signatures: Signatures): void {
  const { doc, sizes, left, width } = page;
  page.ensureRoom(150);
  doc.moveDown(1.5);
  const top = doc.y;
  const half = width / 2;
  doc.font('bold').fontSize(sizes.normal);
  doc.text(block.lessor.title, left, top, { width: half, align: 'center' });
  doc.text(block.lessee.title, left + half, top, { width: half, align: 'center' });
  doc.font('regular').fontSize(sizes.small);
  doc.text('(Ký, ghi rõ họ tên)', left, doc.y, { width: half, align: 'center' });
  doc.text('(Ký, ghi rõ họ tên)', left + half, top + 16, { width: half, align: 'center' });
  const signatureTop = top + 36;
  const place = { fit: [140, 60] as [number, number], align: 'center' as const, valign: 'center' as const };
  if (signatures.lessor) doc.image(Buffer.from(signatures.lessor), left + half / 2 - 70, signatureTop, place);
  if (signatures.lessee) {
    doc.image(Buffer.from(signatures.lessee), left + half + half / 2 - 70, signatureTop, place);
  }
  const namesTop = signatureTop + 70;
  doc.font('bold').fontSize(sizes.normal);
  doc.text(block.lessor.name, left, namesTop, { width: half, align: 'center' });
  doc.text(block.lessee.name, left + half, namesTop, { width: half, align: 'center' });
  const notesTop = doc.y;
  doc.font('regular').fontSize(sizes.small);
  if (block.lessor.signedNote)
    doc.text(block.lessor.signedNote, left, notesTop, { width: half, align: 'center' });
  if (block.lessee.signedNote) {
    doc.text(block.lessee.signedNote, left + half, notesTop, { width: half, align: 'center' });
  }
}

async function drawBlock(page: Page, block: DocumentBlock, signatures: Signatures): Promise<void> {
  const { doc, sizes, left, width } = page;
  switch (block.kind) {
    case 'center':
      doc
        .font(block.bold ? 'bold' : 'regular')
        .fontSize(sizes[block.size ?? 'normal'])
        .text(block.text, left, doc.y, { width, align: 'center' });
      if (block.size === 'title') doc.moveDown(0.3);
      break;
    case 'heading':
      page.ensureRoom(80);
      doc.moveDown(0.6).font('bold').fontSize(sizes.normal).text(block.text, left, doc.y, { width });
      doc.moveDown(0.2);
      break;
    case 'text':
      doc
        .font('regular')
        .fontSize(sizes.normal)
        .text(block.text, left, doc.y, { width, align: 'justify', paragraphGap: 3 });
      break;
    case 'fields':
      labelledLines(page, block.rows, left + 12);
      break;
    case 'table':
      drawTable(page, block);
      break;
    case 'qr':
      await drawQr(page, block);
      break;
    case 'signatures':
      drawSignatures(page, block, signatures);
      break;
  }
}

/**
 * Renders the blocks on A4 pages (or A5 with `size: 'A5'`); `signature` is the representative's drawn
 * signature and `lessorSignature` the landlord's (a handover record), decoded (`decodeImage`): the only images a document embeds are pixels a decoder already
 * read, handed to pdfkit as a PNG it copies without decoding (`pngForPdf`). pdfkit decodes some PNGs
 * itself (with alpha, transparency or interlacing) in a zlib callback whose error is thrown outside
 * any promise and ends the process; with these images every failure is a rejection of this promise.
 */
export async function renderPdf(
  blocks: DocumentBlock[],
  options: { title: string; signature?: DecodedImage; lessorSignature?: DecodedImage; size?: PageSize },
): Promise<Uint8Array> {
  const signatures: Signatures = {
    ...(options.signature ? { lessee: await pngForPdf(options.signature) } : {}),
    ...(options.lessorSignature ? { lessor: await pngForPdf(options.lessorSignature) } : {}),
  };
  const { default: PDFDocument } = await import('pdfkit');
  const pageSize = options.size ?? 'A4';
  const layout = PAGES[pageSize];
  const regular = fontPath(FONT_FILES.regular);
  const bold = fontPath(FONT_FILES.bold);
  const doc = new PDFDocument({
    size: pageSize,
    margin: layout.margin,
    font: regular,
    info: { Title: options.title, Author: 'Nhà trọ', Creator: 'Nhà trọ' },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolvePromise, reject) => {
    doc.on('end', () => resolvePromise());
    doc.on('error', reject);
  });

  const page: Page = {
    doc,
    pageSize,
    sizes: layout.sizes,
    left: doc.page.margins.left,
    width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
    ensureRoom: (height) => {
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    },
  };
  for (const block of blocks) await drawBlock(page, block, signatures);
  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
