import { randomUUID } from 'node:crypto';
import type { Role, RoleID } from '@nhatro/common';
import type { LandlordClaim } from '../../domain/shared/landlordClaim.js';
import type { UserDoc } from '../../domain/shared/model.js';
import { recordAudit, type AuditEntry, type RequestOrigin } from './audit.js';
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
