import { createHash, timingSafeEqual } from 'node:crypto';
import type { StoredDoc } from '../../store/store.js';
import type { Deps } from './deps.js';
import { isValidID, REGISTRATION_MESSAGES, type VerificationChannel } from '@nhatro/common';
import { type RegistrationDoc, REGISTRATIONS_PARTITION } from '../../domain/shared/model.js';
import { AppError } from '../../domain/shared/errors.js';

/**
 * A landlord registration by id, or as its registrant proves with their token, and the ids of its
 * verification codes (registrations and verification).
 */

export function platformDocs<T extends StoredDoc>(deps: Deps) {
  return deps.store.container<T>('platform');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compared in constant time; a hash of nothing stands in for a registration without a token. */
const NO_TOKEN_HASH = hashToken('');
export function verificationDocID(registrationID: string, channel: VerificationChannel): string {
  return `verification_${registrationID}_${channel}`;
}

/** A registration by id, or `undefined` (also for an id of something else in the partition). */
export async function readRegistration(
  deps: Deps,
  registrationID: string,
): Promise<RegistrationDoc | undefined> {
  if (!isValidID(registrationID)) return undefined;
  const doc = await platformDocs<RegistrationDoc>(deps).read(REGISTRATIONS_PARTITION, registrationID);
  return doc?.type === 'registration' ? doc : undefined;
}

/**
 * The registration the token proves to be the caller's. A wrong token and an unknown id get the same
 * 404, after the same work, so nothing tells one from the other.
 */
export async function registrationOfRegistrant(
  deps: Deps,
  registrationID: string,
  token: string,
): Promise<RegistrationDoc> {
  const doc = await readRegistration(deps, registrationID);
  const stored = Buffer.from(doc?.tokenHash ?? NO_TOKEN_HASH, 'hex');
  const presented = Buffer.from(hashToken(token), 'hex');
  const matches = stored.length === presented.length && timingSafeEqual(stored, presented);
  if (!doc?.tokenHash || !matches || token === '') throw AppError.notFound(REGISTRATION_MESSAGES.notFound);
  return doc;
}
