import { PDFParse } from 'pdf-parse';

/** The text of a PDF as a reader extracts it (pdf.js through pdf-parse), composed (NFC). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.normalize('NFC');
  } finally {
    await parser.destroy();
  }
}
