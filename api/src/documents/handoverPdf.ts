import type { DocumentBlock } from '../domain/contractDocuments.js';
import type { DecodedImage } from '../images/decodeImage.js';
import { renderPdf } from './contractPdf.js';

/**
 * The handover record's PDF ("BIÊN BẢN BÀN GIAO PHÒNG"): the blocks `handoverDocument` builds, laid out
 * on A4 with the same embedded DejaVu Sans as the contract, and both drawn signatures (the landlord's
 * on the left, the tenant's on the right), each decoded before it is embedded.
 */
export function renderHandoverPdf(
  blocks: DocumentBlock[],
  options: { title: string; lessorSignature?: DecodedImage; lesseeSignature?: DecodedImage },
): Promise<Uint8Array> {
  return renderPdf(blocks, {
    title: options.title,
    ...(options.lessorSignature ? { lessorSignature: options.lessorSignature } : {}),
    ...(options.lesseeSignature ? { signature: options.lesseeSignature } : {}),
  });
}
