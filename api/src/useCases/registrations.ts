import { randomBytes, randomUUID } from 'node:crypto';
import {
  REGISTRATION_MESSAGES,
  ROLE,
  VERIFICATION_CHANNELS,
  type PaymentUrlReply,
  type RegistrationCreateInput,
  type RegistrationDecisionInput,
  type RegistrationUpdateInput,
  type VerificationChannel,
} from '@nhatro/common';
import { parseBlobName } from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import {
  REGISTRATIONS_PARTITION,
  type HouseScopedDoc,
  type RegistrationDoc,
  type UserDoc,
  type UsernameClaimDoc,
  type VerificationDoc,
} from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { landlordAccountTexts, registrationRejectedText } from '../domain/shared/outboxTexts.js';
import {
  assertMayDelete,
  assertRegistrantMayEdit,
  checkDecision,
  paymentBlocker,
  REGISTRATION_CREATE_LIMIT,
  registrationCode,
  registrationFee,
  termEndDate,
} from '../domain/registrations.js';
import { vietnamDate } from '../domain/shared/time.js';
import { isStoreError, type StoredDoc } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { recordAudit, type RequestOrigin } from './shared/audit.js';
import { hashOneTimePassword, oneTimePassword } from './shared/passwords.js';
import { acceptUpload } from './shared/uploads.js';
import type { Deps } from './shared/deps.js';
import { assertCurrent, houseDocs, withChanges } from './shared/houseScope.js';
import { newMeteredFeeDocs, newHouseDoc } from './shared/newHouses.js';
import { listEntities, type EntityPage } from './shared/odataQuery.js';
import { outboxCreate } from './shared/outboxMessages.js';
import { requestPlatformPayment } from './shared/paymentRequests.js';
import { currentPricing } from './shared/platformSettings.js';
import { Throttle } from './shared/throttle.js';
import { createUser, usernameClaimID } from './shared/users.js';
import { entityView, toView } from './shared/views.js';
import {
  hashToken,
  platformDocs,
  readRegistration,
  registrationOfRegistrant,
  verificationDocID,
} from './shared/registrationAccess.js';

/**
 * A landlord signs up (spec `HMRegistration`): the public registration with its identity papers, the
 * registrant's own changes and payment (proved by the registration token the creation returned, kept in
 * their browser), and the super admin's list, approval (account, house, quota, paid term, credentials by
 * the outbox), rejection and deletion. Registrations, their verification codes, payments and messages
 * share the `platform` partition "registrations".
 */

/** Who acts on a registration: the super admin (signed in) or the registrant (their registration token). */
export type RegistrationCaller =
  | { kind: 'superAdmin'; actor: Actor }
  | { kind: 'registrant'; deps: Deps; origin: RequestOrigin; token: string };

/** The registration as the API shows it: no storage fields, never its token's hash. */
function registrationView(doc: RegistrationDoc): Record<string, unknown> {
  const { tokenHash: _tokenHash, ...rest } = doc;
  return entityView(rest);
}

async function registrationOf(caller: RegistrationCaller, registrationID: string): Promise<RegistrationDoc> {
  if (caller.kind === 'registrant')
    return registrationOfRegistrant(caller.deps, registrationID, caller.token);
  const doc = await readRegistration(caller.actor.deps, registrationID);
  if (!doc) throw AppError.notFound(REGISTRATION_MESSAGES.notFound);
  return doc;
}

function depsOf(caller: RegistrationCaller): Deps {
  return caller.kind === 'registrant' ? caller.deps : caller.actor.deps;
}

/** The verification codes a registration has now (deleted with it, or when its address changes). */
async function verificationDocs(
  deps: Deps,
  registrationID: string,
  channels: readonly VerificationChannel[] = VERIFICATION_CHANNELS,
): Promise<VerificationDoc[]> {
  const found = await Promise.all(
    channels.map((channel) =>
      platformDocs<VerificationDoc>(deps).read(
        REGISTRATIONS_PARTITION,
        verificationDocID(registrationID, channel),
      ),
    ),
  );
  return found.filter((doc): doc is VerificationDoc => doc?.type === 'verification');
}

/**
 * Takes the uploaded papers a registration names: well-formed names of anonymous registration uploads,
 * each checked by its bytes (`acceptUpload`: a PDF of 5 MB, a JPEG or PNG of 2 MB; a file that breaks the rule is deleted).
 * A refusal names the field.
 */
async function acceptPapers(deps: Deps, papers: readonly string[], alreadyTaken: readonly string[] = []) {
  for (const blobName of papers) {
    if (alreadyTaken.includes(blobName)) continue;
    if (!parseBlobName('hm-registration', blobName)?.scope.startsWith('reg-')) {
      throw AppError.validation([
        { field: 'papers', errorMessage: 'Tệp giấy tờ không hợp lệ. Vui lòng tải lại tệp.' },
      ]);
    }
    try {
      await acceptUpload(deps, 'hm-registration', blobName);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'badRequest') {
        throw AppError.validation([{ field: 'papers', errorMessage: error.errorMessage }]);
      }
      throw error;
    }
  }
}

/** Lessor registrations for the super admin, newest first unless the client orders otherwise. */
export function listRegistrations(actor: Actor, query: ODataQuery): Promise<EntityPage> {
  return listEntities(
    platformDocs<RegistrationDoc>(actor.deps),
    { partitionKey: REGISTRATIONS_PARTITION, filter: { op: 'eq', field: 'type', value: 'registration' } },
    query,
    [{ field: 'createdOn', desc: true }],
    (doc) => {
      const { tokenHash: _tokenHash, ...rest } = doc;
      return toView(rest);
    },
  );
}

/**
 * `POST /odata/HMRegistration` (public). Any phone number or e-mail may register, whether or not it has
 * an account: the answer never says (an existing username is the super admin's concern at approval).
 * Answers the registration and, this once, its token.
 */
export async function createRegistration(
  deps: Deps,
  origin: RequestOrigin,
  input: RegistrationCreateInput,
): Promise<Record<string, unknown> & { registrationToken: string }> {
  const throttle = new Throttle(deps);
  const key = `registration:create:${origin.ip}`;
  const lockedMs = await throttle.remainingLockMs([key]);
  if (lockedMs > 0) throw AppError.tooManyRequests(REGISTRATION_MESSAGES.tooManyRegistrations, lockedMs);
  await throttle.count(key, REGISTRATION_CREATE_LIMIT);

  await acceptPapers(deps, input.papers);
  const registrationID = randomUUID();
  const registrationToken = randomBytes(32).toString('base64url');
  const doc: RegistrationDoc = {
    id: registrationID,
    pk: REGISTRATIONS_PARTITION,
    type: 'registration',
    registrationID,
    ...input,
    ...registrationFee(input.roomQuota, await currentPricing(deps)),
    emailVerified: false,
    phoneVerified: false,
    status: 'pending',
    createdOn: deps.now().toISOString(),
    tokenHash: hashToken(registrationToken),
  };
  const written = await platformDocs<RegistrationDoc>(deps).create(doc);
  await recordAudit(deps, null, origin, {
    action: 'create',
    entity: 'registration',
    entityID: registrationID,
  });
  return { ...registrationView(written), registrationToken };
}

/** `GET /odata/HMRegistration/{id}`: the super admin's, or the registrant's own. */
export async function getRegistration(
  caller: RegistrationCaller,
  registrationID: string,
): Promise<Record<string, unknown>> {
  return registrationView(await registrationOf(caller, registrationID));
}

/**
 * The registrant changes their registration while it is pending. A new phone number or e-mail must be
 * verified again (its code is dropped); new rooms change the fee (today's prices); new papers are checked.
 */
export async function updateOwnRegistration(
  deps: Deps,
  origin: RequestOrigin,
  token: string,
  registrationID: string,
  input: Omit<RegistrationUpdateInput, 'registrationID'>,
  ifMatch: string | undefined,
): Promise<Record<string, unknown>> {
  const doc = await registrationOfRegistrant(deps, registrationID, token);
  assertCurrent(doc, ifMatch);
  assertRegistrantMayEdit(doc.status);
  const { next, changed } = withChanges(doc, input);
  if (changed.length === 0) return registrationView(doc);
  if (changed.includes('papers')) await acceptPapers(deps, next.papers, doc.papers);
  const reverify: VerificationChannel[] = [
    ...(changed.includes('email') ? (['email'] as const) : []),
    ...(changed.includes('phoneNumber') ? (['sms'] as const) : []),
  ];
  const updated: RegistrationDoc = {
    ...next,
    ...(changed.includes('roomQuota') ? registrationFee(next.roomQuota, await currentPricing(deps)) : {}),
    ...(reverify.includes('email') ? { emailVerified: false } : {}),
    ...(reverify.includes('sms') ? { phoneVerified: false } : {}),
    updatedOn: deps.now().toISOString(),
  };
  const stale = await verificationDocs(deps, registrationID, reverify);
  await platformDocs<StoredDoc>(deps).batch(REGISTRATIONS_PARTITION, [
    { op: 'replace', doc: updated, ifMatch: ifMatch ?? (doc._etag as string) },
    ...stale.map((code) => ({ op: 'delete' as const, id: code.id })),
  ]);
  await recordAudit(deps, null, origin, {
    action: 'update',
    entity: 'registration',
    entityID: registrationID,
    details: { fields: changed },
  });
  return registrationView((await readRegistration(deps, registrationID)) ?? updated);
}

/** A write guarded by an ETag that lost to another one: the caller reloads and decides again. */
function staleOn(error: unknown): never {
  if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
  throw error;
}

/**
 * Approval: the landlord's account (username = the phone number, a one-time password to replace at the
 * first login, role 2, the rooms paid for, the paid term from today, lessor info prefilled and still
 * incomplete), their house with its electricity and water fees, the registration marked approved, and
 * the credentials sent (the password by e-mail only). Three partitions: written in that order, and what
 * was written is taken back if a later step fails.
 */
async function approveRegistration(actor: Actor, registration: RegistrationDoc): Promise<RegistrationDoc> {
  const { deps } = actor;
  const now = deps.now();
  const accountExpiresOn = termEndDate(vietnamDate(now), registration.termMonths);
  const password = oneTimePassword();
  const contact = {
    fullName: registration.fullName,
    phoneNumber: registration.phoneNumber,
    email: registration.email,
  };
  let account: UserDoc;
  try {
    account = await createUser(deps, {
      username: registration.phoneNumber,
      password,
      passwordHash: await hashOneTimePassword(password),
      roleID: ROLE.houseModerator,
      ...contact,
      extra: {
        roomQuota: registration.roomQuota,
        accountExpiresOn,
        lessorInfo: { status: 2, ...contact },
        mustChangePassword: true,
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.kind === 'conflict') {
      throw AppError.conflict(REGISTRATION_MESSAGES.phoneHasAccount);
    }
    throw error;
  }
  const house = newHouseDoc(
    { houseName: registration.houseName, houseAddress: registration.houseAddress, ownerID: account.userID },
    now.toISOString(),
  );
  const houseWrites = [house, ...newMeteredFeeDocs(house.houseID)];
  const approved: RegistrationDoc = {
    ...registration,
    status: 'approved',
    decidedOn: now.toISOString(),
    decidedBy: actor.user.userID,
    landlordUserID: account.userID,
    houseID: house.houseID,
    accountExpiresOn,
  };
  const recipient = { userID: account.userID, name: registration.fullName };
  const texts = landlordAccountTexts(
    { username: account.username, oneTimePassword: password, houseName: house.houseName, accountExpiresOn },
    recipient,
    deps.config.webOrigin,
  );
  let houseWritten = false;
  try {
    await houseDocs<HouseScopedDoc>(deps).batch(
      house.houseID,
      houseWrites.map((doc) => ({ op: 'create' as const, doc })),
    );
    houseWritten = true;
    await platformDocs<StoredDoc>(deps).batch(REGISTRATIONS_PARTITION, [
      { op: 'replace', doc: approved, ...(registration._etag ? { ifMatch: registration._etag } : {}) },
      outboxCreate(deps, REGISTRATIONS_PARTITION, {
        event: 'landlordAccountOpened',
        recipient: { ...recipient, email: registration.email },
        channels: ['email'],
        ...texts.email,
        subjectID: registration.registrationID,
        secret: true,
      }),
      outboxCreate(deps, REGISTRATIONS_PARTITION, {
        event: 'landlordAccountOpened',
        recipient: { ...recipient, phoneNumber: registration.phoneNumber },
        ...texts.phone,
        subjectID: registration.registrationID,
      }),
    ]);
  } catch (error) {
    if (houseWritten) {
      await houseDocs(deps).batch(
        house.houseID,
        houseWrites.map((doc) => ({ op: 'delete' as const, id: doc.id })),
      );
    }
    const users = deps.store.container<UserDoc | UsernameClaimDoc>('users');
    const claimID = usernameClaimID(account.username);
    await users.delete(account.userID, account.userID);
    await users.delete(claimID, claimID);
    staleOn(error);
  }
  await audit(actor, {
    action: 'approve',
    entity: 'registration',
    entityID: registration.registrationID,
    houseID: house.houseID,
    details: { userID: account.userID, roomQuota: registration.roomQuota, accountExpiresOn },
  });
  return approved;
}

async function rejectRegistration(
  actor: Actor,
  registration: RegistrationDoc,
  rejectionReason: string,
): Promise<RegistrationDoc> {
  const { deps } = actor;
  const rejected: RegistrationDoc = {
    ...registration,
    status: 'rejected',
    rejectionReason,
    decidedOn: deps.now().toISOString(),
    decidedBy: actor.user.userID,
  };
  const recipient = {
    name: registration.fullName,
    email: registration.email,
    phoneNumber: registration.phoneNumber,
  };
  await platformDocs<StoredDoc>(deps)
    .batch(REGISTRATIONS_PARTITION, [
      { op: 'replace', doc: rejected, ...(registration._etag ? { ifMatch: registration._etag } : {}) },
      outboxCreate(deps, REGISTRATIONS_PARTITION, {
        event: 'registrationRejected',
        recipient,
        ...registrationRejectedText(
          { houseName: registration.houseName, rejectionReason, paid: registration.status === 'paid' },
          recipient,
        ),
        subjectID: registration.registrationID,
      }),
    ])
    .catch(staleOn);
  await audit(actor, {
    action: 'reject',
    entity: 'registration',
    entityID: registration.registrationID,
    details: { rejectionReason, wasPaid: registration.status === 'paid' },
  });
  return rejected;
}

/** `PATCH /odata/HMRegistration[/{id}]` by the super admin: approve a paid registration, or reject one. */
export async function decideRegistration(
  actor: Actor,
  registrationID: string,
  decision: Omit<RegistrationDecisionInput, 'registrationID'>,
  ifMatch: string | undefined,
): Promise<Record<string, unknown>> {
  const { deps } = actor;
  const registration = await registrationOf({ kind: 'superAdmin', actor }, registrationID);
  assertCurrent(registration, ifMatch);
  if (checkDecision(registration.status, decision) === 'unchanged') return registrationView(registration);
  if (decision.status === 'approved') await approveRegistration(actor, registration);
  else await rejectRegistration(actor, registration, decision.rejectionReason ?? '');
  return registrationView((await readRegistration(deps, registrationID)) ?? registration);
}

/**
 * `DELETE /odata/HMRegistration/{id}`: the super admin removes a pending or rejected registration; the
 * registrant withdraws their own pending one. Its codes go with it; its papers, referenced no more, are
 * removed by the nightly maintenance.
 */
export async function deleteRegistration(caller: RegistrationCaller, registrationID: string): Promise<void> {
  const deps = depsOf(caller);
  const registration = await registrationOf(caller, registrationID);
  assertMayDelete(registration.status, caller.kind);
  const codes = await verificationDocs(deps, registrationID);
  await platformDocs<StoredDoc>(deps)
    .batch(REGISTRATIONS_PARTITION, [
      { op: 'delete', id: registration.id, ...(registration._etag ? { ifMatch: registration._etag } : {}) },
      ...codes.map((code) => ({ op: 'delete' as const, id: code.id })),
    ])
    .catch(staleOn);
  const entry = {
    action: 'delete',
    entity: 'registration',
    entityID: registrationID,
    details: { status: registration.status },
  };
  if (caller.kind === 'superAdmin') await audit(caller.actor, entry);
  else await recordAudit(deps, null, caller.origin, entry);
}

/**
 * The gateway's URL for the registration's fee (spec §7's `{ status, errorMessage, paymentURL }`), for the
 * registrant once both their e-mail and phone are verified; the IPN makes the registration 'paid'.
 */
export async function requestRegistrationPayment(
  deps: Deps,
  origin: RequestOrigin,
  token: string,
  registrationID: string,
): Promise<PaymentUrlReply> {
  const registration = await registrationOfRegistrant(deps, registrationID, token);
  const blocker = paymentBlocker(registration);
  if (blocker) return { status: false, errorMessage: blocker, paymentURL: null };
  const reply = await requestPlatformPayment(deps, origin, registrationID, {
    target: 'registration',
    targetID: registrationID,
    pk: REGISTRATIONS_PARTITION,
    description: `Phí đăng ký ${registration.roomQuota} phòng`,
    code: registrationCode(registrationID),
    amount: registration.fee,
  });
  if (reply.status) {
    await recordAudit(deps, null, origin, {
      action: 'requestPayment',
      entity: 'registration',
      entityID: registrationID,
      details: { amount: registration.fee },
    });
  }
  return reply;
}
