import {
  LESSOR_INFO_MESSAGES,
  ROLE,
  missingLessorFields,
  type LessorAccount,
  type LessorIdentityImages,
  type LessorInfo,
  type LessorInfoUpdateInput,
} from '@nhatro/common';
import { parseBlobName } from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import type { HouseDoc, UserDoc } from '../domain/shared/model.js';
import { eq, ofType } from '../domain/shared/query.js';
import { isStoreError } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { acceptUpload, grantScopedUpload, IDENTITY_PHOTO_TYPES, type UploadGrant } from './shared/uploads.js';
import type { Deps } from './shared/deps.js';
import { assertCurrent, houseDocs, withChanges } from './shared/houseScope.js';
import { queryAll } from './shared/queryAll.js';
import { findUser, accountNumberHolders } from './shared/users.js';
import { imageLinks } from './shared/views.js';

/**
 * The landlord's own details (`GET`/`PATCH /odata/LessorInfor`). The status turns from 2 to 1 once
 * every field of `LESSOR_REQUIRED_FIELDS` is filled, and stays 1 (no field can be emptied). The name,
 * phone number and e-mail also become the account's, which password recovery reaches.
 */

type StoredLessorInfo = LessorInfo & LessorIdentityImages;

const IDENTITY_IMAGES = ['citizenIDFrontImage', 'citizenIDBackImage'] as const;
const LESSOR_PREFIX = 'lessor';

function requireLandlord(actor: Actor): void {
  if (actor.user.roleID !== ROLE.houseModerator) throw AppError.forbidden();
}

/** The account as stored now (the caller's copy may be one kept by the caller cache). */
async function ownAccount(actor: Actor): Promise<UserDoc> {
  const account = await findUser(actor.deps, actor.user.userID);
  if (!account) throw AppError.notFound();
  return account;
}

async function view(deps: Deps, account: UserDoc): Promise<LessorAccount & { '@odata.etag'?: string }> {
  const info: StoredLessorInfo = account.lessorInfo ?? { status: 2 };
  const photos = IDENTITY_IMAGES.map((field) => info[field]).filter((name): name is string => Boolean(name));
  return {
    ...info,
    missingFields: missingLessorFields(info),
    imageURLs: await imageLinks(deps, 'lessee-infor', photos),
    ...(account._etag ? { '@odata.etag': account._etag } : {}),
  };
}

/** `GET /odata/LessorInfor`: the landlord's own details, with read URLs of their identity photos. */
export async function getLessorInfo(actor: Actor) {
  requireLandlord(actor);
  return view(actor.deps, await ownAccount(actor));
}

/** `GET /api/BlobAccess/GetLessorInforContainerSAS`: an upload key for one identity photo of the caller. */
export function grantLessorImageUpload(actor: Actor, extension = 'png'): Promise<UploadGrant> {
  requireLandlord(actor);
  const photoType = IDENTITY_PHOTO_TYPES.find((type) => type === extension);
  if (!photoType) throw AppError.badRequest('Chỉ chấp nhận ảnh .png hoặc .jpg.');
  return grantScopedUpload(actor.deps, 'lessee-infor', actor.user.userID, photoType, LESSOR_PREFIX);
}

/** A new identity photo: named for this landlord, uploaded, a JPEG or PNG of at most 2 MB. */
async function checkIdentityImage(
  actor: Actor,
  field: (typeof IDENTITY_IMAGES)[number],
  blobName: string,
): Promise<void> {
  const name = parseBlobName('lessee-infor', blobName);
  if (!name || name.scope !== actor.user.userID || !blobName.includes(`/${LESSOR_PREFIX}-`)) {
    throw AppError.validation([{ field, errorMessage: LESSOR_INFO_MESSAGES.imageInvalid }]);
  }
  try {
    await acceptUpload(actor.deps, 'lessee-infor', blobName, IDENTITY_PHOTO_TYPES);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'badRequest') {
      throw AppError.validation([{ field, errorMessage: error.errorMessage }]);
    }
    throw error;
  }
}

/** Landlords never share a receiving account: the bank feed credits bills by the account it names. */
async function assertAccountNumberFree(deps: Deps, accountNumber: string, userID: string): Promise<void> {
  const holders = await accountNumberHolders(deps, accountNumber);
  if (holders.some((user) => user.userID !== userID)) {
    throw AppError.conflict(LESSOR_INFO_MESSAGES.bankAccountTaken);
  }
}

/**
 * Marks each house of the landlord with the time their details change: tokens of tenants and staff
 * signed before it carry the old details and are not trusted with them there (`claimedLessorInfo`).
 */
async function markLessorInfoChanged(deps: Deps, ownerID: string): Promise<void> {
  const at = deps.now().toISOString();
  const houses = await queryAll(houseDocs<HouseDoc>(deps), {
    filter: ofType('house', eq('ownerID', ownerID)),
    select: ['id', 'pk'],
  });
  await Promise.all(
    houses.map((house) =>
      houseDocs<HouseDoc>(deps).patch(house.pk, house.id, [
        { op: 'set', path: '/lessorInfoChangedAt', value: at },
      ]),
    ),
  );
}

/**
 * `PATCH /odata/LessorInfor`: the fields given replace the stored ones; a PATCH that changes nothing
 * writes nothing. Completing the required fields turns the status to 1.
 */
export async function updateLessorInfo(actor: Actor, input: LessorInfoUpdateInput, ifMatch?: string) {
  requireLandlord(actor);
  const { deps } = actor;
  const account = await ownAccount(actor);
  assertCurrent(account, ifMatch);
  const current: StoredLessorInfo = account.lessorInfo ?? { status: 2 };
  const { next, changed } = withChanges(current, input);
  if (changed.length === 0) return view(deps, account);

  for (const field of IDENTITY_IMAGES) {
    const blobName = input[field];
    if (blobName !== undefined && changed.includes(field)) await checkIdentityImage(actor, field, blobName);
  }
  if (input.bankAccountNumber !== undefined && changed.includes('bankAccountNumber')) {
    await assertAccountNumberFree(deps, input.bankAccountNumber, account.userID);
  }
  const status = current.status === 1 || missingLessorFields(next).length === 0 ? 1 : 2;
  const lessorInfo: StoredLessorInfo = { ...next, status };
  const updated: UserDoc = {
    ...account,
    lessorInfo,
    ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
    ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
  };
  // First, so a token signed while the account is written is not trusted with what it read then.
  await markLessorInfoChanged(deps, account.userID);
  let written: UserDoc;
  try {
    written = await deps.store
      .container<UserDoc>('users')
      .replace(updated, { ifMatch: ifMatch ?? (account._etag as string) });
  } catch (error) {
    if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
    throw error;
  }
  await audit(actor, {
    action: 'update',
    entity: 'lessorInfo',
    entityID: account.userID,
    // Field names only: the audit trail keeps no identity or bank numbers.
    details: { fields: changed, status, ...(current.status !== status ? { completed: true } : {}) },
  });
  return view(deps, written);
}
