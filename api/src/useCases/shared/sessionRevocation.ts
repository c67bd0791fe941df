import type { SessionDoc } from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { queryAll } from './queryAll.js';

/**
 * Ending sessions: one (logout), or all of an account's (a new password, a disabled account).
 */

export async function revokeSession(
  services: Deps,
  userID: string,
  sessionID: string,
  reason: NonNullable<SessionDoc['revokedReason']>,
): Promise<void> {
  const sessions = services.store.container<SessionDoc>('sessions');
  const session = await sessions.read(userID, sessionID);
  if (session && !session.revoked) {
    await sessions.replace({ ...session, revoked: true, revokedReason: reason });
  }
}

/** Revokes every open session of an account (but `keep`): a new password, a disabled account. */
export async function endSessions(
  services: Deps,
  userID: string,
  reason: NonNullable<SessionDoc['revokedReason']>,
  keep?: string,
): Promise<void> {
  const open = await queryAll(services.store.container<SessionDoc>('sessions'), {
    partitionKey: userID,
    filter: { op: 'eq', field: 'revoked', value: false },
  });
  for (const session of open) {
    if (session.sessionID !== keep) await revokeSession(services, userID, session.sessionID, reason);
  }
}
