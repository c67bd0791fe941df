import { randomBytes, randomUUID } from 'node:crypto';
import {
  REGISTRATION_MESSAGES,
  type PaymentUrlReply,
  type RegistrationCreateInput,
  type RegistrationUpdateInput,
  type VerificationChannel,
} from '@nhatro/common';
import { parseBlobName } from '../../domain/shared/blobNames.js';
import { AppError } from '../../domain/shared/errors.js';
import { REGISTRATIONS_PARTITION, type PaymentDoc, type RegistrationDoc } from '../../domain/shared/model.js';
import {
  assertMayDelete,
  assertRegistrantMayEdit,
  changesPaymentTerms,
  paymentBlocker,
  REGISTRATION_CREATE_LIMIT,
  registrationCode,
  registrationFee,
} from '../../domain/registrations.js';
import type { StoredDoc } from '../../store/store.js';
import { audit } from '../shared/actor.js';
import { recordAudit, type RequestOrigin } from '../shared/audit.js';
import { acceptUpload } from '../shared/uploads.js';
import type { Deps } from '../shared/deps.js';
import { assertCurrent, withChanges } from '../shared/houseScope.js';
import { queryAll } from '../shared/queryAll.js';
import { requestPlatformPayment } from '../shared/paymentRequests.js';
import { currentPricing } from '../shared/platformSettings.js';
import { Throttle } from '../shared/throttle.js';
import {
  hashToken,
  platformDocs,
  readRegistration,
  registrationOfRegistrant,
} from '../shared/registrationAccess.js';
import {
  depsOf,
  phoneConflictOf,
  registrationOf,
  registrationView,
  shownConflict,
  staleOn,
  verificationDocs,
  type RegistrationCaller,
} from './access.js';

/**
 * A landlord signs up (spec `HMRegistration`): the public registration with its identity papers, the
 * registrant's own changes and payment (proved by the registration token the creation returned, kept in
 * their browser), reading and deleting. The super admin's list and decision are in deciding.ts.
 * Registrations, their verification codes, payments and messages share the `platform` partition
 * "registrations".
 */

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

/**
 * `POST /odata/HMRegistration` (public). Any phone number or e-mail may register, whether or not it has
 * an account or another registration: the anonymous answer never says. The registrant is told once the
 * SMS code proved the number is theirs (`phoneConflict` on reading, and the payment is refused while the
 * number cannot be approved); the super admin sees it at approval. Answers the registration and, this
 * once, its token.
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
  const registration = await registrationOf(caller, registrationID);
  return registrationView(registration, await shownConflict(caller, registration));
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
  if (changed.length === 0) {
    return registrationView(doc, await shownConflict({ kind: 'registrant', deps, origin, token }, doc));
  }
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
  // What an open payment was made for changed: it credits nothing any more (the registrant pays anew).
  const voided = changesPaymentTerms(changed) ? await openPayments(deps, registrationID) : [];
  const voidedOn = deps.now().toISOString();
  await platformDocs<StoredDoc>(deps)
    .batch(REGISTRATIONS_PARTITION, [
      { op: 'replace', doc: updated, ifMatch: ifMatch ?? (doc._etag as string) },
      ...stale.map((code) => ({ op: 'delete' as const, id: code.id })),
      ...voided.map((payment) => ({
        op: 'replace' as const,
        doc: { ...payment, voidedOn } satisfies PaymentDoc,
        ifMatch: payment._etag as string,
      })),
    ])
    .catch(staleOn);
  await recordAudit(deps, null, origin, {
    action: 'update',
    entity: 'registration',
    entityID: registrationID,
    details: {
      fields: changed,
      ...(voided.length > 0 ? { cancelledPayments: voided.map((payment) => payment.paymentID) } : {}),
    },
  });
  const stored = (await readRegistration(deps, registrationID)) ?? updated;
  return registrationView(stored, await shownConflict({ kind: 'registrant', deps, origin, token }, stored));
}

/** The registration's payments still waiting for the gateway, not yet cancelled by a change. */
async function openPayments(deps: Deps, registrationID: string): Promise<PaymentDoc[]> {
  const found = await queryAll(platformDocs<PaymentDoc>(deps), {
    partitionKey: REGISTRATIONS_PARTITION,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'payment' },
        { op: 'eq', field: 'targetID', value: registrationID },
        { op: 'eq', field: 'state', value: 'pending' },
      ],
    },
  });
  return found.filter((payment) => payment.voidedOn === undefined);
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
  const verified = registration.emailVerified && registration.phoneVerified;
  const blocker = paymentBlocker(
    registration,
    verified ? await phoneConflictOf(deps, registration) : undefined,
  );
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
