import {
  REGISTRATION_MESSAGES,
  VERIFICATION_CHANNELS,
  type RegistrationPhoneConflict,
  type VerificationChannel,
} from '@nhatro/common';
import { AppError } from '../../domain/shared/errors.js';
import {
  REGISTRATIONS_PARTITION,
  type RegistrationDoc,
  type VerificationDoc,
} from '../../domain/shared/model.js';
import { phoneConflict } from '../../domain/registrations.js';
import { isStoreError } from '../../store/store.js';
import type { Actor } from '../shared/actor.js';
import type { RequestOrigin } from '../shared/audit.js';
import type { Deps } from '../shared/deps.js';
import { queryAll } from '../shared/queryAll.js';
import {
  platformDocs,
  readRegistration,
  registrationOfRegistrant,
  verificationDocID,
} from '../shared/registrationAccess.js';
import { findUserByUsername } from '../shared/users.js';
import { entityView } from '../shared/views.js';

/**
 * Who acts on a registration (the super admin, or the registrant with their token), the registration
 * as the API shows it, and what its phone number conflicts with: a number that is already a username
 * (the approval would collide on it), or another registration's.
 */

/** Who acts on a registration: the super admin (signed in) or the registrant (their registration token). */
export type RegistrationCaller =
  | { kind: 'superAdmin'; actor: Actor }
  | { kind: 'registrant'; deps: Deps; origin: RequestOrigin; token: string };

/** The registration as the API shows it: no storage fields, never its token's hash. */
export function registrationView(
  doc: RegistrationDoc,
  conflict?: RegistrationPhoneConflict,
): Record<string, unknown> {
  const { tokenHash: _tokenHash, ...rest } = doc;
  return { ...entityView(rest), ...(conflict ? { phoneConflict: conflict } : {}) };
}

export async function registrationOf(
  caller: RegistrationCaller,
  registrationID: string,
): Promise<RegistrationDoc> {
  if (caller.kind === 'registrant')
    return registrationOfRegistrant(caller.deps, registrationID, caller.token);
  const doc = await readRegistration(caller.actor.deps, registrationID);
  if (!doc) throw AppError.notFound(REGISTRATION_MESSAGES.notFound);
  return doc;
}

export function depsOf(caller: RegistrationCaller): Deps {
  return caller.kind === 'registrant' ? caller.deps : caller.actor.deps;
}

/**
 * What the registration's phone number conflicts with now, or `undefined`: an account whose username it
 * is, another registration paid or approved with it, or another one still pending. Looked up only for
 * an undecided registration.
 */
export async function phoneConflictOf(
  deps: Deps,
  registration: RegistrationDoc,
): Promise<RegistrationPhoneConflict | undefined> {
  if (registration.status !== 'pending' && registration.status !== 'paid') return undefined;
  const [account, others] = await Promise.all([
    findUserByUsername(deps, registration.phoneNumber),
    queryAll(platformDocs<RegistrationDoc>(deps), {
      partitionKey: REGISTRATIONS_PARTITION,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'registration' },
          { op: 'eq', field: 'phoneNumber', value: registration.phoneNumber },
        ],
      },
    }),
  ]);
  return phoneConflict(registration, { hasAccount: account !== undefined, registrations: others });
}

/** The conflicts of a page of registrations (the super admin's list): one query for all their numbers. */
export async function phoneConflictsOf(
  deps: Deps,
  registrations: readonly RegistrationDoc[],
): Promise<Map<string, RegistrationPhoneConflict>> {
  const undecided = registrations.filter((doc) => doc.status === 'pending' || doc.status === 'paid');
  const phones = [...new Set(undecided.map((doc) => doc.phoneNumber))];
  const conflicts = new Map<string, RegistrationPhoneConflict>();
  if (phones.length === 0) return conflicts;
  const [accounts, sameNumber] = await Promise.all([
    Promise.all(phones.map(async (phone) => [phone, await findUserByUsername(deps, phone)] as const)),
    queryAll(platformDocs<RegistrationDoc>(deps), {
      partitionKey: REGISTRATIONS_PARTITION,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'registration' },
          { op: 'in', field: 'phoneNumber', values: phones },
        ],
      },
    }),
  ]);
  const withAccount = new Set(accounts.filter(([, account]) => account).map(([phone]) => phone));
  for (const doc of undecided) {
    const conflict = phoneConflict(doc, {
      hasAccount: withAccount.has(doc.phoneNumber),
      registrations: sameNumber.filter((other) => other.phoneNumber === doc.phoneNumber),
    });
    if (conflict) conflicts.set(doc.registrationID, conflict);
  }
  return conflicts;
}

/**
 * The conflict as the caller may be told it. The super admin always; the registrant only once they
 * proved the number is theirs (the SMS code): an anonymous caller never learns whether a number has
 * an account or another registration.
 */
export async function shownConflict(
  caller: RegistrationCaller,
  registration: RegistrationDoc,
): Promise<RegistrationPhoneConflict | undefined> {
  if (caller.kind === 'registrant' && !registration.phoneVerified) return undefined;
  return phoneConflictOf(depsOf(caller), registration);
}

/** The verification codes a registration has now (deleted with it, or when its address changes). */
export async function verificationDocs(
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

/** A write guarded by an ETag that lost to another one: the caller reloads and decides again. */
export function staleOn(error: unknown): never {
  if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
  throw error;
}
