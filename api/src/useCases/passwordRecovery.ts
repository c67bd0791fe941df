import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PASSWORD_RECOVERY_MESSAGES,
  RECOVERY_LINK_MINUTES,
  recoveryContact,
  type PasswordResetInput,
  type RecoveryContact,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import type { OutboxMessageDoc, UserDoc } from '../domain/shared/model.js';
import type { OutboxRecipient } from '../domain/outbox.js';
import { passwordRecoveryText } from '../domain/shared/outboxTexts.js';
import {
  formatRecoveryToken,
  parseRecoveryToken,
  recoveryLinkProblem,
  recoveryPartition,
  RECOVERY_LIMITS,
  RECOVERY_MAX_ACCOUNTS,
  RECOVERY_TTL_MS,
  type PasswordRecoveryDoc,
} from '../domain/passwordRecovery.js';
import { type Filter, isStoreError } from '../store/store.js';
import { recordAudit, type RequestOrigin } from './shared/audit.js';
import { hashPassword } from './shared/passwords.js';
import { endSessions } from './shared/sessionRevocation.js';
import type { Deps } from './shared/deps.js';
import { outboxCreate } from './shared/outboxMessages.js';
import { Throttle } from './shared/throttle.js';
import { findUser } from './shared/users.js';

/**
 * Password recovery for every role. Where an account's contacts live: its own `email` and
 * `phoneNumber` (a tenant's phone number is their username and their account keeps the e-mail the
 * contract was signed with; a landlord's are those of their lessor info, which updates the account;
 * staff give theirs when added), and a landlord's lessor-info contacts too. A link goes only to the
 * contact that was typed.
 */
function platform<T extends PasswordRecoveryDoc | OutboxMessageDoc>(deps: Deps) {
  return deps.store.container<T>('platform');
}

function tooMany(lockedMs: number): AppError {
  return AppError.tooManyRequests(
    PASSWORD_RECOVERY_MESSAGES.tooManyRequests(Math.ceil(lockedMs / 60_000)),
    lockedMs,
  );
}

/** Enabled accounts whose e-mail or phone number is `contact`. */
async function accountsReachedAt(deps: Deps, contact: RecoveryContact): Promise<UserDoc[]> {
  const fields =
    contact.kind === 'email' ? ['email', 'lessorInfo.email'] : ['phoneNumber', 'lessorInfo.phoneNumber'];
  const filter: Filter = {
    op: 'and',
    items: [
      { op: 'eq', field: 'type', value: 'user' },
      { op: 'or', items: fields.map((field) => ({ op: 'eq' as const, field, value: contact.value })) },
    ],
  };
  const page = await deps.store.container<UserDoc>('users').query({ filter, top: RECOVERY_MAX_ACCOUNTS * 2 });
  return page.items.filter((account) => !account.disabled).slice(0, RECOVERY_MAX_ACCOUNTS);
}

function recipientAt(account: UserDoc, contact: RecoveryContact): OutboxRecipient {
  return {
    userID: account.userID,
    name: account.fullName,
    ...(contact.kind === 'email' ? { email: contact.value } : { phoneNumber: contact.value }),
  };
}

/** One link for one account: its record and the message carrying it, in one write. */
async function issueLink(deps: Deps, account: UserDoc, contact: RecoveryContact, origin: RequestOrigin) {
  const tokenID = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const pk = recoveryPartition(tokenID);
  const now = deps.now();
  const record: PasswordRecoveryDoc = {
    id: tokenID,
    pk,
    type: 'passwordRecovery',
    tokenID,
    userID: account.userID,
    secretHash: hashRecoverySecret(secret),
    passwordFingerprint: passwordFingerprint(account.passwordHash),
    sentTo: contact.kind,
    createdOn: now.toISOString(),
    expiresOn: new Date(now.getTime() + RECOVERY_TTL_MS).toISOString(),
  };
  const recipient = recipientAt(account, contact);
  await platform<PasswordRecoveryDoc | OutboxMessageDoc>(deps).batch(pk, [
    { op: 'create', doc: record },
    outboxCreate(deps, pk, {
      event: 'passwordRecovery',
      recipient,
      ...passwordRecoveryText(
        account,
        formatRecoveryToken(tokenID, secret),
        RECOVERY_LINK_MINUTES,
        recipient,
        deps.config.webOrigin,
      ),
      subjectID: account.userID,
      secret: true,
    }),
  ]);
  await recordAudit(deps, null, origin, {
    action: 'passwordRecoveryRequested',
    entity: 'user',
    entityID: account.userID,
    details: { sentTo: contact.kind },
  });
}

/**
 * `GET /api/ForgotPassword/RequestPasswordChange`: a recovery link to each enabled account reached at
 * the contact typed. The caller learns nothing: the same answer (and, at the endpoint, the same time)
 * for a known contact and an unknown one. A 429 only ever falls on the address that asked (per contact
 * and address, and per address, with growing delays); what the contact receives is spaced silently
 * (1, 2, 4, 8, then 15 minutes between messages), so nobody can flood it or lock its owner out.
 */
export async function requestPasswordChange(deps: Deps, typed: string, origin: RequestOrigin): Promise<void> {
  const contact = recoveryContact(typed);
  if (!contact) {
    throw AppError.validation([
      { field: 'emailOrPhoneNumber', errorMessage: PASSWORD_RECOVERY_MESSAGES.contactInvalid },
    ]);
  }
  const throttle = new Throttle(deps);
  const contactID = createHash('sha256').update(`${contact.kind}:${contact.value}`).digest('base64url');
  const pairKey = `recovery:pair:${contactID}@${origin.ip}`;
  const addressKey = `recovery:address:${origin.ip}`;
  const lockedMs = await throttle.remainingLockMs([pairKey, addressKey]);
  if (lockedMs > 0) throw tooMany(lockedMs);
  await throttle.count(pairKey, RECOVERY_LIMITS.pair);
  await throttle.count(addressKey, RECOVERY_LIMITS.address);

  // The same reads and counter writes for a known contact as for an unknown one.
  const spacingKey = `recovery:contact:${contactID}`;
  const [accounts, spacedMs] = await Promise.all([
    accountsReachedAt(deps, contact),
    throttle.remainingLockMs([spacingKey]),
  ]);
  const sends = spacedMs === 0;
  if (sends) await throttle.count(spacingKey, RECOVERY_LIMITS.contact);
  if (accounts.length === 0 || !sends) {
    await recordAudit(deps, null, origin, {
      action: 'passwordRecoveryRequested',
      entity: 'user',
      entityID: null,
      details: { sentTo: null },
    });
    return;
  }
  for (const account of accounts) await issueLink(deps, account, contact, origin);
}

/** Compared against when a link names no record, so an unknown id costs what a known one does. */
const ABSENT_DIGEST = hashRecoverySecret('không-có-liên-kết-này');

function linkInvalid(): AppError {
  return AppError.validation([{ field: 'token', errorMessage: PASSWORD_RECOVERY_MESSAGES.linkInvalid }]);
}

/**
 * `POST /api/ForgotPassword/ChangePassword`: a new password through a recovery link. The link must be
 * well formed, known, unused, unexpired, of an enabled account whose password has not changed since;
 * its secret is compared in constant time. It is spent first (against its ETag, so two uses at once
 * cannot both win), then the password replaced (clearing a one-time password) and every session of the
 * account ended.
 */
export async function resetPassword(
  deps: Deps,
  input: PasswordResetInput,
  origin: RequestOrigin,
): Promise<void> {
  const parsed = parseRecoveryToken(input.token);
  const found = parsed
    ? await platform<PasswordRecoveryDoc>(deps).read(recoveryPartition(parsed.tokenID), parsed.tokenID)
    : undefined;
  const record = found?.type === 'passwordRecovery' ? found : undefined;
  const secretMatches = sameDigest(
    hashRecoverySecret(parsed?.secret ?? ''),
    record?.secretHash ?? ABSENT_DIGEST,
  );
  if (!parsed || !record || !secretMatches) throw linkInvalid();
  const account = await findUser(deps, record.userID);
  const problem = recoveryLinkProblem(
    record,
    account && { disabled: account.disabled, passwordFingerprint: passwordFingerprint(account.passwordHash) },
    deps.now(),
  );
  if (problem || !account) throw linkInvalid();

  try {
    await platform<PasswordRecoveryDoc>(deps).replace(
      { ...record, usedOn: deps.now().toISOString() },
      { ifMatch: record._etag as string },
    );
  } catch (error) {
    if (isStoreError(error, 'precondition_failed')) throw linkInvalid();
    throw error;
  }
  const passwordHash = await hashPassword(input.newPassword);
  await replacePassword(deps, account, passwordHash);
  await endSessions(deps, account.userID, 'password');
  await recordAudit(deps, account, origin, {
    action: 'passwordReset',
    entity: 'user',
    entityID: account.userID,
  });
}

/** Tries of the password's write that met a concurrent change of the account (its lessor info saved). */
const ACCOUNT_WRITE_ATTEMPTS = 3;

async function replacePassword(deps: Deps, first: UserDoc, passwordHash: string): Promise<void> {
  const users = deps.store.container<UserDoc>('users');
  let account: UserDoc | undefined = first;
  for (let attempt = 1; account; attempt += 1) {
    const { mustChangePassword: _mustChangePassword, ...rest } = account;
    try {
      await users.replace({ ...rest, passwordHash }, { ifMatch: account._etag as string });
      return;
    } catch (error) {
      const raced = isStoreError(error, 'precondition_failed');
      if (!raced || attempt >= ACCOUNT_WRITE_ATTEMPTS) throw error;
    }
    account = await findUser(deps, first.userID);
  }
  throw linkInvalid();
}

// Link secrets and password fingerprints are hashes (node:crypto): here, not in domain/.

export function hashRecoverySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Compares two SHA-256 digests (base64url) in constant time. */
export function sameDigest(presented: string, stored: string): boolean {
  const a = Buffer.from(presented, 'base64url');
  const b = Buffer.from(stored, 'base64url');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function passwordFingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash, 'utf8').digest('base64url').slice(0, 22);
}
