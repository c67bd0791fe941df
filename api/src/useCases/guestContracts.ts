import { randomBytes, randomUUID } from 'node:crypto';
import {
  CONTRACT_MESSAGES,
  CONTRACT_STATUS,
  type FileLink,
  type GuestContractSignInput,
  type GuestContractView,
  type GuestLink,
} from '@nhatro/common';
import { newBlobName } from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import type { ContractDoc } from '../domain/shared/model.js';
import { audit, type Actor } from './shared/actor.js';
import { recordAudit, type RequestOrigin } from './shared/audit.js';
import { verifyGuestToken, signGuestToken } from './shared/guestTokens.js';
import { contractPdfLink, contractParticulars } from './shared/contractPdf.js';
import { contractForCaller } from './shared/contractScope.js';
import { checkSignature, contractSignature } from './shared/contractSignatures.js';
import type { Deps } from './shared/deps.js';
import { houseDocs } from './shared/houseScope.js';
import { confirmIdentityConsent } from './shared/identityConsent.js';

/** How long a shared link works; a new link replaces the old one at once. */
export const GUEST_LINK_DAYS = 7;

/**
 * `POST /odata/Contract/{id}/GuestLink`: a signed link the landlord shares with the representative,
 * who reads and signs the contract without an account. Only the newest link works.
 */
export async function createGuestLink(actor: Actor, contractID: string): Promise<GuestLink> {
  const { deps, user } = actor;
  const contract = await contractForCaller(actor, contractID);
  if (contract.status === CONTRACT_STATUS.terminated) throw AppError.conflict(CONTRACT_MESSAGES.notActive);
  const now = deps.now();
  const expiresOn = new Date(now.getTime() + GUEST_LINK_DAYS * 24 * 60 * 60 * 1000);
  const linkID = randomUUID();
  const token = await signGuestToken(
    deps.config.jwt,
    { contractID: contract.contractID, houseID: contract.houseID, linkID },
    now,
    expiresOn,
  );
  await houseDocs<ContractDoc>(deps).patch(contract.houseID, contract.contractID, [
    {
      op: 'set',
      path: '/guestLink',
      value: { linkID, createdOn: now.toISOString(), createdBy: user.userID },
    },
    { op: 'set', path: '/guestLinkExpiresOn', value: expiresOn.toISOString() },
  ]);
  await audit(actor, {
    action: 'createGuestLink',
    entity: 'contract',
    entityID: contract.contractID,
    houseID: contract.houseID,
  });
  const url = new URL(`/guestContract/${encodeURIComponent(contract.contractID)}`, deps.config.webOrigin);
  url.searchParams.set('token', token);
  return { url: url.toString(), expiresOn: expiresOn.toISOString() };
}

/** `DELETE /odata/Contract/{id}/GuestLink`: the shared link stops working. */
export async function revokeGuestLink(actor: Actor, contractID: string): Promise<void> {
  const contract = await contractForCaller(actor, contractID);
  if (!contract.guestLink) return;
  await houseDocs<ContractDoc>(actor.deps).patch(contract.houseID, contract.contractID, [
    { op: 'remove', path: '/guestLink' },
    { op: 'remove', path: '/guestLinkExpiresOn' },
  ]);
  await audit(actor, {
    action: 'revokeGuestLink',
    entity: 'contract',
    entityID: contract.contractID,
    houseID: contract.houseID,
  });
}

/**
 * The contract a guest token opens: signed by us, unexpired, for this contract, and still the link the
 * contract holds (not replaced or revoked). Anything else is the same 404, whatever was wrong.
 */
async function contractOfGuest(deps: Deps, contractID: string, token: string): Promise<ContractDoc> {
  const claims = await verifyGuestToken(deps.config.jwt, token, deps.now());
  if (!claims || claims.contractID !== contractID)
    throw AppError.notFound(CONTRACT_MESSAGES.guestLinkInvalid);
  const contract = await houseDocs<ContractDoc>(deps).read(claims.houseID, claims.contractID);
  if (contract?.type !== 'contract' || contract.guestLink?.linkID !== claims.linkID) {
    throw AppError.notFound(CONTRACT_MESSAGES.guestLinkInvalid);
  }
  return contract;
}

async function guestView(deps: Deps, contract: ContractDoc): Promise<GuestContractView> {
  const particulars = await contractParticulars(deps, contract);
  const [representative, ...others] = particulars.lessees;
  return {
    contractID: contract.contractID,
    status: contract.status,
    createdOn: contract.createdOn,
    startDate: contract.startDate,
    endDate: contract.endDate,
    rentFee: contract.rentFee,
    deposit: contract.deposit,
    ...(contract.isIncreased !== undefined ? { isIncreased: contract.isIncreased } : {}),
    ...(contract.increasedFee !== undefined ? { increasedFee: contract.increasedFee } : {}),
    house: particulars.house,
    room: particulars.room,
    lessor: {
      fullName: particulars.lessor.fullName,
      ...(particulars.lessor.phoneNumber ? { phoneNumber: particulars.lessor.phoneNumber } : {}),
    },
    representative: {
      occupantName: representative?.occupantName ?? '',
      ...(representative?.phoneNumber ? { phoneNumber: representative.phoneNumber } : {}),
    },
    occupants: others.map((person) => person.occupantName),
    services: particulars.services.map(({ serviceName, price, unit }) => ({ serviceName, price, unit })),
    vehicles: particulars.vehicles,
    ...(contract.representativeLesseeSignedOn ? { signedOn: contract.representativeLesseeSignedOn } : {}),
    linkExpiresOn: contract.guestLinkExpiresOn ?? '',
  };
}

/**
 * The contract a guest link opens, with an unusable signature discarded (`contractSignature`), so a
 * contract signed with one shows as unsigned and can be signed again.
 */
async function guestsContract(
  deps: Deps,
  origin: RequestOrigin,
  contractID: string,
  token: string,
): Promise<ContractDoc> {
  const contract = await contractOfGuest(deps, contractID, token);
  return (await contractSignature(deps, contract, { user: null, origin })).contract;
}

/** `GET /api/GuestContract?contractID=…&token=…`: what the representative reads before signing. */
export async function readGuestContract(
  deps: Deps,
  origin: RequestOrigin,
  contractID: string,
  token: string,
): Promise<GuestContractView> {
  return guestView(deps, await guestsContract(deps, origin, contractID, token));
}

/** `GET /api/GuestContract/Document`: the PDF, with the signature once signed. */
export async function guestContractDocument(
  deps: Deps,
  origin: RequestOrigin,
  contractID: string,
  token: string,
): Promise<FileLink> {
  return contractPdfLink(deps, await contractOfGuest(deps, contractID, token), { user: null, origin });
}

/**
 * `POST /api/GuestContract/Sign`: the representative's drawn signature (PNG) is kept as a blob and
 * shown on the contract and in its PDF, once it decoded completely (`checkSignature`). A contract is
 * signed once, while it is active; one whose kept signature is not a usable image counts as unsigned.
 */
export async function signGuestContract(
  deps: Deps,
  origin: RequestOrigin,
  input: GuestContractSignInput,
): Promise<GuestContractView> {
  const contract = await guestsContract(deps, origin, input.contractID, input.token);
  if (contract.representativeLesseeSignedOn) throw AppError.conflict(CONTRACT_MESSAGES.alreadySigned);
  if (contract.status !== CONTRACT_STATUS.active) throw AppError.conflict(CONTRACT_MESSAGES.notActive);
  const png = Buffer.from(input.signature.slice(input.signature.indexOf(',') + 1), 'base64');
  await checkSignature(png);
  const blobName = newBlobName(
    'contract-pdf',
    contract.houseID,
    'png',
    deps.now(),
    randomBytes(6).toString('hex').slice(0, 6),
    'signature',
  );
  await deps.blobs.upload('contract-pdf', blobName, png, 'image/png');
  const signedOn = deps.now().toISOString();
  let signed: ContractDoc;
  try {
    // If-Match: two tabs signing at once sign once.
    signed = await houseDocs<ContractDoc>(deps).patch(
      contract.houseID,
      contract.contractID,
      [
        { op: 'set', path: '/representativeLesseeSignature', value: blobName },
        { op: 'set', path: '/representativeLesseeSignedOn', value: signedOn },
      ],
      contract._etag ? { ifMatch: contract._etag } : {},
    );
  } catch (error) {
    await deps.blobs.delete('contract-pdf', blobName);
    throw error;
  }
  if (input.identityConsent) await confirmIdentityConsent(deps, signed, signedOn);
  await recordAudit(deps, null, origin, {
    action: 'sign',
    entity: 'contract',
    entityID: contract.contractID,
    houseID: contract.houseID,
    details: { via: 'guestLink' },
  });
  return guestView(deps, signed);
}
