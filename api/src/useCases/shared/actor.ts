import type { RoleID, Role } from '@nhatro/common';
import type { UserDoc } from '../../domain/shared/model.js';
import { recordAudit, type AuditEntry, type RequestOrigin } from './audit.js';
import type { Deps } from './deps.js';

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
}
