import { randomUUID } from 'node:crypto';
import type { Role, RoleID } from '@nhatro/common';
import type { LandlordClaim } from '../../domain/shared/landlordClaim.js';
import type { AuditOutboxDoc, HouseScopedDoc, UserDoc } from '../../domain/shared/model.js';
import type { BatchOp } from '../../store/store.js';
import { auditOutboxDoc, recordAudit, type AuditEntry, type RequestOrigin } from './audit.js';
import type { Deps } from './deps.js';
import { roleOf } from './users.js';

/**
 * Who runs a use case, from where, with which dependencies. Endpoints build it from the request;
 * use-case tests build it from a user document.
 */
export interface Actor {
  deps: Deps;
  user: AuthUser;
  origin: RequestOrigin;
}

/** Records a write in the audit trail with this actor and origin. */
export function audit(actor: Actor, entry: AuditEntry): Promise<void> {
  return recordAudit(actor.deps, actor.user, actor.origin, entry);
}

/**
 * A write in house `houseID` and its audit entry in one transactional batch of the house's partition:
 * one round trip, and the change is never saved without its entry (nor the entry without the change).
 * The entry reaches the `audit` container shortly after (`moveAuditEntries`). Answers what each of
 * `ops` wrote, as `batch` does.
 */
export async function writeAudited<T extends HouseScopedDoc>(
  actor: Actor,
  houseID: string,
  ops: BatchOp<T>[],
  entry: Omit<AuditEntry, 'houseID'>,
): Promise<Array<T | undefined>> {
  const written = await actor.deps.store
    .container<T | AuditOutboxDoc>('houses')
    .batch(houseID, [...ops, auditOp(actor, houseID, entry)]);
  return written.slice(0, ops.length) as Array<T | undefined>;
}

/**
 * The audit entry of a write in house `houseID` as one more operation of that write's own batch, for a
 * write that builds its batch elsewhere (`writeAudited` otherwise). Built once, it may be sent again when
 * the batch is retried: a refused batch wrote nothing.
 */
export function auditOp(
  actor: Actor,
  houseID: string,
  entry: Omit<AuditEntry, 'houseID'>,
): BatchOp<AuditOutboxDoc> {
  return { op: 'create', doc: auditOutboxDoc(actor.deps, actor.user, actor.origin, houseID, entry) };
}

/** One document of a house replaced (`ifMatch`: the ETag it was read with), with its audit entry. */
export async function replaceAudited<T extends HouseScopedDoc>(
  actor: Actor,
  doc: T,
  ifMatch: string | undefined,
  entry: Omit<AuditEntry, 'houseID'>,
): Promise<T> {
  const [written] = await writeAudited<T>(
    actor,
    doc.pk,
    [{ op: 'replace', doc, ...(ifMatch !== undefined ? { ifMatch } : {}) }],
    entry,
  );
  if (!written) throw new Error('The store answered a replace without its document');
  return written;
}

/** One new document of a house, with its audit entry. */
export async function createAudited<T extends HouseScopedDoc>(
  actor: Actor,
  doc: T,
  entry: Omit<AuditEntry, 'houseID'>,
): Promise<T> {
  const [written] = await writeAudited<T>(actor, doc.pk, [{ op: 'create', doc }], entry);
  if (!written) throw new Error('The store answered a create without its document');
  return written;
}

/** The caller of an authenticated request, as loaded for that request. */
export interface AuthUser {
  userID: string;
  username: string;
  roleID: RoleID;
  role: Role;
  sessionID: string;
  account: UserDoc;
  /** A tenant's or staff member's landlord as their token carries them (`claimedLessorInfo`). */
  landlord?: LandlordClaim;
}

/** The caller an account is, in a session: what `authenticate` loads for a request. */
export function authUserOf(account: UserDoc, sessionID: string, landlord?: LandlordClaim): AuthUser {
  return {
    userID: account.userID,
    username: account.username,
    roleID: account.roleID,
    role: roleOf(account),
    sessionID,
    account,
    ...(landlord ? { landlord } : {}),
  };
}

/**
 * An account acting without a request (the demo data, benchmarks, use-case tests): the actor
 * `authenticate` would build for it, in a session of its own.
 */
export function actorOf(deps: Deps, account: UserDoc, origin: RequestOrigin): Actor {
  return { deps, user: authUserOf(account, randomUUID()), origin };
}
