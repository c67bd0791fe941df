import { REGISTRATION_MESSAGES, ROLE, type RegistrationDecisionInput } from '@nhatro/common';
import { AppError } from '../../domain/shared/errors.js';
import {
  REGISTRATIONS_PARTITION,
  type HouseScopedDoc,
  type RegistrationDoc,
  type UserDoc,
  type UsernameClaimDoc,
} from '../../domain/shared/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import { landlordAccountTexts, registrationRejectedText } from '../../domain/shared/outboxTexts.js';
import { assertFeeCovered, assertPhoneFree, checkDecision, termEndDate } from '../../domain/registrations.js';
import { vietnamDate } from '../../domain/shared/time.js';
import type { StoredDoc } from '../../store/store.js';
import { audit, type Actor } from '../shared/actor.js';
import { hashOneTimePassword, oneTimePassword } from '../shared/passwords.js';
import { assertCurrent, houseDocs } from '../shared/houseScope.js';
import { newMeteredFeeDocs, newHouseDoc } from '../shared/newHouses.js';
import { recordOwnedHouse } from '../shared/houseRights.js';
import { listEntities, type EntityPage } from '../shared/odataQuery.js';
import { outboxCreate } from '../shared/outboxMessages.js';
import { platformDocs, readRegistration } from '../shared/registrationAccess.js';
import { createUser, usernameClaimID } from '../shared/users.js';
import { toView } from '../shared/views.js';
import { phoneConflictOf, phoneConflictsOf, registrationOf, registrationView, staleOn } from './access.js';

/** The super admin's side of registrations: the list, approval (the landlord's account and house) and rejection. */

/** Lessor registrations for the super admin, newest first unless the client orders otherwise. */
export async function listRegistrations(actor: Actor, query: ODataQuery): Promise<EntityPage> {
  const docs: RegistrationDoc[] = [];
  const page = await listEntities(
    platformDocs<RegistrationDoc>(actor.deps),
    { partitionKey: REGISTRATIONS_PARTITION, filter: { op: 'eq', field: 'type', value: 'registration' } },
    query,
    [{ field: 'createdOn', desc: true }],
    (doc) => {
      docs.push(doc);
      const { tokenHash: _tokenHash, ...rest } = doc;
      return toView(rest);
    },
  );
  // What each undecided row's phone number conflicts with, so the super admin sees it before deciding
  // (a chosen `$select` gets only what it chose).
  if (query.select?.length) return page;
  const conflicts = await phoneConflictsOf(actor.deps, docs);
  return {
    ...page,
    value: page.value.map((row, index) => {
      const conflict = docs[index] ? conflicts.get(docs[index].registrationID) : undefined;
      return conflict ? { ...row, phoneConflict: conflict } : row;
    }),
  };
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
    await recordOwnedHouse(deps, account.userID, house.houseID);
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
  if (decision.status === 'approved') {
    assertFeeCovered(registration);
    assertPhoneFree(await phoneConflictOf(deps, registration));
    await approveRegistration(actor, registration);
  } else await rejectRegistration(actor, registration, decision.rejectionReason ?? '');
  return registrationView((await readRegistration(deps, registrationID)) ?? registration);
}
