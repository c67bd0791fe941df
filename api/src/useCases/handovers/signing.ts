import { randomBytes, randomUUID } from 'node:crypto';
import {
  HANDOVER_LINK_HOURS,
  HANDOVER_MESSAGES,
  type FileLink,
  type GuestHandoverSignInput,
  type GuestHandoverView,
  type GuestLink,
  type HandoverSignInput,
  type HandoverView,
} from '@nhatro/common';
import { isLocked } from '../../domain/handovers.js';
import { newBlobName } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import type { HandoverDoc } from '../../domain/shared/model.js';
import { isStoreError } from '../../store/store.js';
import type { Actor } from '../shared/actor.js';
import { recordAudit, type RequestOrigin } from '../shared/audit.js';
import { checkSignature } from '../shared/contractSignatures.js';
import type { Deps } from '../shared/deps.js';
import { signHandoverGuestToken, verifyHandoverGuestToken } from '../shared/guestTokens.js';
import { houseDocs } from '../shared/houseScope.js';
import { handoverParticulars, handoverPdfLink } from './document.js';
import { auditHandover, handoverForCaller, handoverView, refuseTenant } from './records.js';

/**
 * Signing a record: the landlord (or staff) in the app, the tenant through a guest link made for that
 * record (its own token audience, short-lived, only the newest link works). Each side signs once.
 */

/** The drawn PNG checked (decodes completely within the signature budget) and kept as a blob. */
async function keepSignature(deps: Deps, houseID: string, dataUrl: string): Promise<string> {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  await checkSignature(png);
  const blobName = newBlobName(
    'contract-pdf',
    houseID,
    'png',
    deps.now(),
    randomBytes(6).toString('hex').slice(0, 6),
    'signature',
  );
  await deps.blobs.upload('contract-pdf', blobName, png, 'image/png');
  return blobName;
}

/**
 * Writes one side's signature, guarded by the record's ETag (an edit in between wins; sign again). When the
 * write lost to the same side's signature (a double tap, two phones), the caller hears it is signed.
 */
async function writeSignature(
  deps: Deps,
  record: HandoverDoc,
  blobName: string,
  fields: Record<string, string> & ({ lessorSignedOn: string } | { lesseeSignedOn: string }),
): Promise<HandoverDoc> {
  const side = 'lessorSignedOn' in fields ? 'lessorSignedOn' : 'lesseeSignedOn';
  try {
    return await houseDocs<HandoverDoc>(deps).patch(
      record.houseID,
      record.handoverID,
      Object.entries(fields).map(([field, value]) => ({ op: 'set' as const, path: `/${field}`, value })),
      record._etag ? { ifMatch: record._etag } : {},
    );
  } catch (error) {
    await deps.blobs.delete('contract-pdf', blobName);
    if (isStoreError(error, 'precondition_failed')) {
      const now = await houseDocs<HandoverDoc>(deps).read(record.houseID, record.handoverID);
      if (now?.[side] || (side === 'lesseeSignedOn' && now && isLocked(now)))
        throw AppError.conflict(HANDOVER_MESSAGES.alreadySigned);
    }
    throw error;
  }
}

/** `POST /api/Handover/{id}/Sign`: the landlord's side, drawn on the screen. */
export async function signHandover(
  actor: Actor,
  handoverID: string,
  input: HandoverSignInput,
): Promise<HandoverView> {
  refuseTenant(actor);
  const { deps, user } = actor;
  const record = await handoverForCaller(actor, handoverID);
  if (record.lessorSignedOn) throw AppError.conflict(HANDOVER_MESSAGES.alreadySigned);
  const blobName = await keepSignature(deps, record.houseID, input.signature);
  const signed = await writeSignature(deps, record, blobName, {
    lessorSignature: blobName,
    lessorSignedOn: deps.now().toISOString(),
    lessorSignedBy: user.userID,
    lessorSignerName: user.account.fullName,
  });
  await auditHandover(actor, signed, 'signHandover');
  return handoverView(deps, signed);
}

/** `POST /api/Handover/{id}/GuestLink`: a link for the tenant to read and sign on their phone. */
export async function createHandoverGuestLink(actor: Actor, handoverID: string): Promise<GuestLink> {
  refuseTenant(actor);
  const { deps } = actor;
  const record = await handoverForCaller(actor, handoverID);
  if (record.lesseeSignedOn) throw AppError.conflict(HANDOVER_MESSAGES.alreadySigned);
  const now = deps.now();
  const expiresOn = new Date(now.getTime() + HANDOVER_LINK_HOURS * 60 * 60 * 1000);
  const linkID = randomUUID();
  const token = await signHandoverGuestToken(
    deps.config.jwt,
    { handoverID: record.handoverID, houseID: record.houseID, linkID },
    now,
    expiresOn,
  );
  const saved = await houseDocs<HandoverDoc>(deps).patch(record.houseID, record.handoverID, [
    { op: 'set', path: '/guestLinkID', value: linkID },
    { op: 'set', path: '/guestLinkExpiresOn', value: expiresOn.toISOString() },
  ]);
  await auditHandover(actor, saved, 'createGuestLink');
  const url = new URL(`/guestHandover/${encodeURIComponent(record.handoverID)}`, deps.config.webOrigin);
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresOn: expiresOn.toISOString() };
}

/** `GET /api/Handover/{id}/Document`: the PDF, for the landlord, their staff and the contract's tenant. */
export async function getHandoverDocument(actor: Actor, handoverID: string): Promise<FileLink> {
  return handoverPdfLink(actor.deps, await handoverForCaller(actor, handoverID));
}

/**
 * The record a guest token opens: signed by us, unexpired, for this record, and still the newest link
 * the record holds. Anything else is the same 404, whatever was wrong.
 */
async function recordOfGuest(deps: Deps, handoverID: string, token: string): Promise<HandoverDoc> {
  const claims = await verifyHandoverGuestToken(deps.config.jwt, token, deps.now());
  if (!claims || claims.handoverID !== handoverID)
    throw AppError.notFound(HANDOVER_MESSAGES.guestLinkInvalid);
  const record = await houseDocs<HandoverDoc>(deps).read(claims.houseID, claims.handoverID);
  if (record?.type !== 'handover' || record.guestLinkID !== claims.linkID) {
    throw AppError.notFound(HANDOVER_MESSAGES.guestLinkInvalid);
  }
  return record;
}

async function guestView(deps: Deps, record: HandoverDoc): Promise<GuestHandoverView> {
  const [view, particulars] = await Promise.all([
    handoverView(deps, record),
    handoverParticulars(deps, record),
  ]);
  const { houseID: _house, createdBy: _creator, ...handover } = view;
  return {
    handover,
    houseName: particulars.house.houseName,
    houseAddress: particulars.house.houseAddress,
    roomName: particulars.roomName,
    lessorName: particulars.lessorName,
    representativeName: particulars.lesseeName,
  };
}

/** `GET /api/GuestHandover?handoverID=…&token=…`: what the tenant reads before signing. */
export async function readGuestHandover(
  deps: Deps,
  handoverID: string,
  token: string,
): Promise<GuestHandoverView> {
  return guestView(deps, await recordOfGuest(deps, handoverID, token));
}

/** `GET /api/GuestHandover/Document`: the PDF through the guest link. */
export async function guestHandoverDocument(
  deps: Deps,
  handoverID: string,
  token: string,
): Promise<FileLink> {
  return handoverPdfLink(deps, await recordOfGuest(deps, handoverID, token));
}

/** `POST /api/GuestHandover/Sign`: the tenant's side, drawn on their phone; signed once. */
export async function signGuestHandover(
  deps: Deps,
  origin: RequestOrigin,
  input: GuestHandoverSignInput,
): Promise<GuestHandoverView> {
  const record = await recordOfGuest(deps, input.handoverID, input.token);
  if (record.lesseeSignedOn || isLocked(record)) throw AppError.conflict(HANDOVER_MESSAGES.alreadySigned);
  const particulars = await handoverParticulars(deps, record);
  const blobName = await keepSignature(deps, record.houseID, input.signature);
  const signed = await writeSignature(deps, record, blobName, {
    lesseeSignature: blobName,
    lesseeSignedOn: deps.now().toISOString(),
    lesseeSignerName: particulars.lesseeName,
  });
  await recordAudit(deps, null, origin, {
    action: 'signHandover',
    entity: 'handover',
    entityID: record.handoverID,
    houseID: record.houseID,
    details: { via: 'guestLink', kind: record.kind },
  });
  return guestView(deps, signed);
}
