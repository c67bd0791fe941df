import { MESSAGES } from '@nhatro/common';
import { AppError } from '../../domain/shared/errors.js';
import type { SessionDoc } from '../../domain/shared/model.js';
import type { Deps } from '../shared/deps.js';
import { findUser } from '../shared/users.js';
import { verifyAccessToken } from './tokens.js';
import { authUserOf, type AuthUser } from '../shared/actor.js';

/**
 * Checks the bearer token, then that the account is enabled and the session not revoked, so logout
 * and disabling take effect at once. Refuses with 401: "expired" when there is no token or the
 * session ended (expired, logged out, account disabled), "invalid" when the token is forged or malformed.
 */
export async function authenticate(services: Deps, authorization: string | null): Promise<AuthUser> {
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
  const [account, session] = await Promise.all([
    findUser(services, claims.userID),
    services.store.container<SessionDoc>('sessions').read(claims.userID, claims.sessionID),
  ]);
  // A role that differs from the account's (changed since the token was signed) ends the session too.
  if (!account || account.disabled || !session || session.revoked || account.roleID !== claims.roleID) {
    throw AppError.unauthenticated(MESSAGES.unauthenticated);
  }
  return authUserOf(account, claims.sessionID);
}
