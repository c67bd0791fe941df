import type { Role, RoleID } from '@nhatro/common';
import type { SessionDoc, UserDoc } from '../../domain/model.js';
import type { Deps } from '../deps.js';
import { findUser, roleOf } from '../users.js';
import { verifyAccessToken } from './tokens.js';

/** The caller of an authenticated request, as loaded for that request. */
export interface AuthUser {
  userID: string;
  username: string;
  roleID: RoleID;
  role: Role;
  sessionID: string;
  account: UserDoc;
}

/**
 * Checks the bearer token, then that the account is enabled and the session
 * not revoked, so logout and disabling take effect at once.
 */
export async function authenticate(
  services: Deps,
  authorization: string | null,
): Promise<AuthUser | undefined> {
  const match = authorization?.match(/^Bearer\s+([A-Za-z0-9_\-.]+)$/);
  if (!match?.[1]) return undefined;
  const claims = await verifyAccessToken(services.config.jwt, match[1], services.now());
  if (!claims) return undefined;
  const [account, session] = await Promise.all([
    findUser(services, claims.userID),
    services.store.container<SessionDoc>('sessions').read(claims.userID, claims.sessionID),
  ]);
  if (!account || account.disabled || !session || session.revoked) return undefined;
  if (account.roleID !== claims.roleID) return undefined;
  return {
    userID: account.userID,
    username: account.username,
    roleID: account.roleID,
    role: roleOf(account),
    sessionID: claims.sessionID,
    account,
  };
}
