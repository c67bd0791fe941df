import type { SessionDoc, UserDoc } from '../../domain/shared/model.js';
import { isStoreError } from '../../store/store.js';
import type { Deps } from './deps.js';
import { queryAll } from './queryAll.js';

/**
 * Ending sessions: one (logout), or all of an account's (a new password, a disabled account). The
 * session document is marked (no refresh from then on) and the session id is written in the account's
 * `revokedSessions` until its last access token has expired: `authenticate` reads only the account on
 * a read, and sees the revocation there at once.
 */

type Reason = NonNullable<SessionDoc['revokedReason']>;
/** Tries of the account's update when another write of the account came in between. */
const ACCOUNT_ATTEMPTS = 5;

/** Writes `sessionIDs` in the account's revocations (and drops those whose tokens have all expired). */
async function recordRevocations(
  services: Deps,
  userID: string,
  sessionIDs: readonly string[],
): Promise<void> {
  if (sessionIDs.length === 0) return;
  const users = services.store.container<UserDoc>('users');
  const now = services.now();
  const until = new Date(now.getTime() + services.config.jwt.accessTtlSeconds * 1000).toISOString();
  for (let attempt = 1; ; attempt += 1) {
    const account = await users.read(userID, userID);
    if (account?.type !== 'user') return;
    const kept: Record<string, string> = {};
    for (const [sessionID, end] of Object.entries(account.revokedSessions ?? {})) {
      if (end > now.toISOString()) kept[sessionID] = end;
    }
    for (const sessionID of sessionIDs) kept[sessionID] = until;
    try {
      await users.replace(
        { ...account, revokedSessions: kept },
        account._etag ? { ifMatch: account._etag } : {},
      );
      return;
    } catch (error) {
      if (!isStoreError(error, 'precondition_failed') || attempt >= ACCOUNT_ATTEMPTS) throw error;
    }
  }
}

async function markRevoked(services: Deps, userID: string, sessionID: string, reason: Reason): Promise<void> {
  const sessions = services.store.container<SessionDoc>('sessions');
  const session = await sessions.read(userID, sessionID);
  if (session && !session.revoked) {
    await sessions.replace({ ...session, revoked: true, revokedReason: reason });
  }
}

export async function revokeSession(
  services: Deps,
  userID: string,
  sessionID: string,
  reason: Reason,
): Promise<void> {
  await markRevoked(services, userID, sessionID, reason);
  await recordRevocations(services, userID, [sessionID]);
}

/** Revokes every open session of an account (but `keep`): a new password, a disabled account. */
export async function endSessions(
  services: Deps,
  userID: string,
  reason: Reason,
  keep?: string,
): Promise<void> {
  const open = await queryAll(services.store.container<SessionDoc>('sessions'), {
    partitionKey: userID,
    filter: { op: 'eq', field: 'revoked', value: false },
  });
  const ended = open.filter((session) => session.sessionID !== keep);
  for (const session of ended) await markRevoked(services, userID, session.sessionID, reason);
  await recordRevocations(
    services,
    userID,
    ended.map((session) => session.sessionID),
  );
}
