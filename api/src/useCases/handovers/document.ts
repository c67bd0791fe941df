import { createHash } from 'node:crypto';
import { HANDOVER_KIND_LABELS, handoverEntity, type FileLink } from '@nhatro/common';
import {
  handoverDamages,
  handoverDocument,
  handoverIDOf,
  type HandoverParticulars,
} from '../../domain/handovers.js';
import { newBlobName } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import { IMAGE_RULES } from '../../domain/shared/imageFiles.js';
import type { ContractDoc, HandoverDoc, LesseeInfoDoc, RoomDoc } from '../../domain/shared/model.js';
import { renderHandoverPdf } from '../../documents/handoverPdf.js';
import { decodeImage, type DecodedImage } from '../../images/decodeImage.js';
import type { Deps } from '../shared/deps.js';
import { houseDocs, readHouse } from '../shared/houseScope.js';
import { randomSuffix } from '../shared/uploads.js';
import { findUser } from '../shared/users.js';

/**
 * The record's PDF ("BIÊN BẢN BÀN GIAO PHÒNG"), kept in `contract-pdf` beside the contract's documents
 * and rendered again only when what it shows changed (a fingerprint is kept beside its blob name).
 */

const READ_MINUTES = 15;

/** The house, room, parties and (move-out) damages a record's document shows. */
export async function handoverParticulars(deps: Deps, record: HandoverDoc): Promise<HandoverParticulars> {
  const docs = houseDocs(deps);
  const [house, room, contract, moveIn] = await Promise.all([
    readHouse(deps, record.houseID),
    docs.read(record.houseID, record.roomID),
    docs.read(record.houseID, record.contractID),
    record.kind === 'moveOut'
      ? docs.read(record.houseID, handoverIDOf(record.contractID, 'moveIn'))
      : undefined,
  ]);
  if (!house || contract?.type !== 'contract') throw AppError.notFound();
  const representative = await docs.read(record.houseID, (contract as ContractDoc).representativeLesseeID);
  const owner = await findUser(deps, house.ownerID);
  return {
    record: handoverEntity.parse(record),
    house: { houseName: house.houseName, houseAddress: house.houseAddress },
    roomName: room?.type === 'room' ? (room as RoomDoc).roomName : '',
    lessorName: record.lessorSignerName ?? owner?.lessorInfo?.fullName ?? owner?.fullName ?? '',
    lesseeName:
      record.lesseeSignerName ??
      (representative?.type === 'lesseeInfo' ? (representative as LesseeInfoDoc).occupantName : ''),
    damages:
      record.kind === 'moveOut'
        ? handoverDamages(
            moveIn?.type === 'handover' ? (moveIn as HandoverDoc).devices : undefined,
            record.devices,
          )
        : [],
  };
}

/** A kept signature's pixels; one that is missing or does not decode is left out of the document. */
async function signatureImage(deps: Deps, blobName: string | undefined): Promise<DecodedImage | undefined> {
  if (!blobName) return undefined;
  const bytes = await deps.blobs.download('contract-pdf', blobName);
  if (!bytes) return undefined;
  const verdict = await decodeImage(bytes, IMAGE_RULES.signature);
  return verdict.ok ? verdict.image : undefined;
}

/** The PDF of the record as it is now: the stored one when nothing it shows changed. */
async function ensureHandoverPdf(deps: Deps, record: HandoverDoc): Promise<string> {
  const particulars = await handoverParticulars(deps, record);
  // What the document shows: a new guest link or the time of an edit is not on it.
  const { guestLinkExpiresOn: _link, updatedOn: _edited, ...shown } = particulars.record;
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        particulars: { ...particulars, record: shown },
        signatures: [record.lessorSignature ?? null, record.lesseeSignature ?? null],
      }),
    )
    .digest('hex');
  const stored = record.pdfBlobName;
  if (stored && record.pdfHash === fingerprint && (await deps.blobs.blobExists('contract-pdf', stored))) {
    return stored;
  }
  const [lessorSignature, lesseeSignature] = await Promise.all([
    signatureImage(deps, record.lessorSignature),
    signatureImage(deps, record.lesseeSignature),
  ]);
  const pdf = await renderHandoverPdf(handoverDocument(particulars), {
    title: `Biên bản bàn giao phòng ${particulars.roomName} – ${HANDOVER_KIND_LABELS[record.kind].toLowerCase()}`,
    ...(lessorSignature ? { lessorSignature } : {}),
    ...(lesseeSignature ? { lesseeSignature } : {}),
  });
  const blobName = newBlobName('contract-pdf', record.houseID, 'pdf', deps.now(), randomSuffix(), 'handover');
  await deps.blobs.upload('contract-pdf', blobName, pdf, 'application/pdf');
  await houseDocs<HandoverDoc>(deps).patch(record.houseID, record.handoverID, [
    { op: 'set', path: '/pdfBlobName', value: blobName },
    { op: 'set', path: '/pdfHash', value: fingerprint },
  ]);
  if (stored && stored !== blobName) await deps.blobs.delete('contract-pdf', stored).catch(() => undefined);
  return blobName;
}

/** A short-lived URL of the record's PDF (generated when missing or out of date). */
export async function handoverPdfLink(deps: Deps, record: HandoverDoc): Promise<FileLink> {
  const blobName = await ensureHandoverPdf(deps, record);
  const issued = await deps.blobs.readSas('contract-pdf', blobName, READ_MINUTES);
  return { blobName, url: issued.url, expiresOn: issued.expiresOn };
}
