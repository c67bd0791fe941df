import { MESSAGES } from '@nhatro/common';
import { AppError } from '../../domain/shared/errors.js';
import type { SessionDoc } from '../../domain/shared/model.js';
import type { Deps } from '../shared/deps.js';
import { findUser } from '../shared/users.js';
import { verifyAccessToken } from './tokens.js';
import { authUserOf, type AuthUser } from '../shared/actor.js';

/**
 * Checks the bearer token, then that the account is enabled, its role the token's and the session not
 * revoked, so logout, disabling and a new role take effect at once. A read costs one read of the account
 * (its `revokedSessions` lists the sessions ended while tokens of theirs may live); a write
 * (`checkSession`) also reads the session itself, so even an account document overwritten by a stale
 * copy cannot let an ended session change anything. Refuses with 401: "expired" when there is no token or
 * the session ended (expired, logged out, account disabled), "invalid" when the token is forged or malformed.
 */
export async function authenticate(
  services: Deps,
  authorization: string | null,
  options: { checkSession?: boolean } = {},
): Promise<AuthUser> {
  if (!authorization?.trim()) throw AppError.unauthenticated(MESSAGES.unauthenticated);
  const match = authorization.match(/^Bearer\s+([A-Za-z0-9_\-.]+)$/);
  if (!match?.[1]) throw AppError.unauthenticated(MESSAGES.invalidAccessToken);
  let expired = false;
  const claims = await verifyAccessToken(services.config.jwt, match[1], services.now(), () => {
    expired = true;
  });
  if (!claims) {
    throw AppError.unauthenticated(expired ? MESSAGES.unauthenticated : MESSAGES.invalidAccessToken);
  }
  const checkSession = options.checkSession ?? true;
  const [account, session] = await Promise.all([
    findUser(services, claims.userID),
    checkSession
      ? services.store.container<SessionDoc>('sessions').read(claims.userID, claims.sessionID)
      : undefined,
  ]);
  // A role that differs from the account's (changed since the token was signed) ends the session too.
  if (
    !account ||
    account.disabled ||
    account.roleID !== claims.roleID ||
    Object.hasOwn(account.revokedSessions ?? {}, claims.sessionID) ||
    (checkSession && (!session || session.revoked))
  ) {
    throw AppError.unauthenticated(MESSAGES.unauthenticated);
  }
  return authUserOf(account, claims.sessionID, claims.landlord);
}
