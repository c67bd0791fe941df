import { authenticate } from '../useCases/auth/authenticate.js';
import { type AuthUser } from '../useCases/shared/actor.js';
import { verifyAccessToken } from '../useCases/auth/tokens.js';
import type { Deps } from '../composition/deps.js';

/**
 * Who signed in, per `Authorization` header, kept while the store's version is unchanged (SQLite
 * only, see `Store.version`): the account and session reads of `authenticate` give the same answer
 * until something is written, and logging out, disabling an account or changing a role are writes.
 * A kept caller still has its token's times checked on every request; an expired token goes through
 * `authenticate` again for its usual refusal. A list answered from the reply cache then reads nothing.
 */
const entries = new Map<string, { version: string; user: AuthUser }>();
const MAX_ENTRIES = 1000;

export async function authenticateCaller(
  deps: Deps,
  authorization: string | null,
  version: string | undefined,
  options: { checkSession?: boolean } = {},
): Promise<AuthUser> {
  if (version === undefined || !authorization) return authenticate(deps, authorization, options);
  // A caller authenticated for a read (account only) is not kept for a write (which reads the session too).
  const key = `${options.checkSession === false ? 'read' : 'write'} ${authorization}`;
  const kept = entries.get(key);
  if (kept?.version === version && (await tokenStillValid(deps, authorization))) return kept.user;
  const user = await authenticate(deps, authorization, options);
  // Only what was read under one unchanged version is kept (a write during the reads changes it).
  if (deps.store.version() === version) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, {
      version,
      user: Object.freeze({ ...user, account: deepFreeze(user.account) }),
    });
  }
  return user;
}

async function tokenStillValid(deps: Deps, authorization: string): Promise<boolean> {
  const token = /^Bearer\s+([A-Za-z0-9_\-.]+)$/.exec(authorization)?.[1];
  return token !== undefined && (await verifyAccessToken(deps.config.jwt, token, deps.now())) !== undefined;
}

/** A kept caller is shared by requests: none may change it for another (`role` is a shared constant already). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
