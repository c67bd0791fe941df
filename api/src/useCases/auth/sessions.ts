import { randomBytes } from 'node:crypto';
import {
  MESSAGES,
  PASSWORD_MESSAGES,
  ROLE,
  type ChangePasswordInput,
  type LoginInput,
  type LoginSession,
  type TokenPair,
} from '@nhatro/common';
import type { SessionDoc, UserDoc } from '../../domain/shared/model.js';
import { LOGIN_LIMITS } from '../../domain/shared/throttle.js';
import { AppError } from '../../domain/shared/errors.js';
import { isStoreError, type StoredDoc } from '../../store/store.js';
import { recordAudit, type RequestOrigin } from '../shared/audit.js';
import { audit, type Actor } from '../shared/actor.js';
import type { Deps } from '../shared/deps.js';
import { listHouseSummaries } from '../shared/houseSummaries.js';
import { findUser, findUserByUsername, roleOf } from '../shared/users.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../shared/passwords.js';
import { Throttle } from '../shared/throttle.js';
import {
  formatRefreshToken,
  hashSecret,
  newRefreshSecret,
  parseRefreshToken,
  signAccessToken,
} from './tokens.js';
import { endSessions, revokeSession } from '../shared/sessionRevocation.js';
import { recordMissingOwnedHouses } from '../shared/houseRights.js';
import { landlordClaimFor } from '../shared/governingLandlord.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Failed logins count per username *and* address, and per address: a stranger who types a
 * landlord's username wrongly locks out only their own address. Unknown usernames are counted the
 * same way as known ones, so the replies and their timing tell nothing about which exist.
 */
function throttleKeys(username: string, ip: string) {
  return {
    pair: `login:pair:${encodeURIComponent(username.toLocaleLowerCase('vi'))}@${ip}`,
    address: `login:address:${ip}`,
  };
}

function loginLocked(lockedMs: number): AppError {
  const message =
    lockedMs < 60_000
      ? MESSAGES.tooManyLoginAttemptsSeconds(Math.ceil(lockedMs / 1000))
      : MESSAGES.tooManyLoginAttempts(Math.ceil(lockedMs / 60_000));
  return AppError.tooManyRequests(message, lockedMs);
}

export async function login(services: Deps, input: LoginInput, origin: RequestOrigin): Promise<LoginSession> {
  const throttle = new Throttle(services);
  const keys = throttleKeys(input.username, origin.ip);
  const lockedMs = await throttle.remainingLockMs([keys.pair, keys.address]);
  if (lockedMs > 0) throw loginLocked(lockedMs);

  const user = await findUserByUsername(services, input.username);
  const passwordMatches = user
    ? await verifyPassword(input.password, user.passwordHash)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !passwordMatches) {
    await throttle.count(keys.pair, LOGIN_LIMITS.pair);
    await throttle.count(keys.address, LOGIN_LIMITS.address);
    await recordAudit(services, null, origin, {
      action: 'loginFailed',
      entity: 'user',
      entityID: user?.userID ?? null,
      details: { username: input.username.slice(0, 100) },
    });
    throw AppError.unauthenticated(MESSAGES.wrongCredentials);
  }
  if (user.disabled) throw AppError.unauthenticated(MESSAGES.accountDisabled);
  await throttle.reset(keys.pair);

  const token = await openSession(services, user, origin);
  const caller = { userID: user.userID, roleID: user.roleID, role: roleOf(user), account: user };
  const houses =
    user.roleID === ROLE.houseModerator || user.roleID === ROLE.staff
      ? await listHouseSummaries(services, caller)
      : [];
  if (user.roleID === ROLE.houseModerator) {
    await recordMissingOwnedHouses(
      services,
      user,
      houses.map((house) => house.houseID),
    );
  }
  await recordAudit(services, user, origin, { action: 'login', entity: 'user', entityID: user.userID });
  return {
    status: true,
    token,
    role: roleOf(user),
    houses,
    userID: user.userID,
    username: user.username,
    fullName: user.fullName,
    ...(user.roleID === ROLE.lessee
      ? {
          ...(user.lesseeID ? { lesseeID: user.lesseeID } : {}),
          ...(user.houseID ? { houseID: user.houseID } : {}),
          ...(user.contractID ? { contractID: user.contractID } : {}),
          ...(user.roomID ? { roomID: user.roomID } : {}),
        }
      : {}),
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

async function openSession(services: Deps, user: UserDoc, origin: RequestOrigin): Promise<TokenPair> {
  const now = services.now();
  const sessionID = randomBytes(16).toString('base64url');
  const secret = newRefreshSecret();
  const session: SessionDoc = {
    id: sessionID,
    pk: user.userID,
    type: 'session',
    userID: user.userID,
    sessionID,
    currentSecretHash: hashSecret(secret),
    previousSecretHashes: [],
    revoked: false,
    createdOn: now.toISOString(),
    expiresOn: new Date(now.getTime() + services.config.refreshTtlDays * DAY_MS).toISOString(),
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 300),
  };
  const [landlord] = await Promise.all([
    landlordClaimFor(services, user),
    services.store.container<SessionDoc>('sessions').create(session),
  ]);
  return {
    accessToken: await signAccessToken(
      services.config.jwt,
      { userID: user.userID, sessionID, roleID: user.roleID, ...(landlord ? { landlord } : {}) },
      now,
    ),
    refreshToken: formatRefreshToken(user.userID, sessionID, secret),
  };
}

/** Rotates a refresh token. Presenting one that was already rotated away revokes the family. */
export async function refresh(
  services: Deps,
  refreshToken: string,
  origin: RequestOrigin,
): Promise<TokenPair> {
  const parsed = parseRefreshToken(refreshToken);
  if (!parsed) throw AppError.unauthenticated(MESSAGES.invalidRefreshToken);
  const sessions = services.store.container<SessionDoc>('sessions');
  const session = await sessions.read(parsed.userID, parsed.sessionID);
  const now = services.now();
  if (!session || session.revoked || session.expiresOn <= now.toISOString()) {
    throw AppError.unauthenticated(MESSAGES.invalidRefreshToken);
  }
  const presented = hashSecret(parsed.secret);
  if (presented !== session.currentSecretHash) {
    if (session.previousSecretHashes.includes(presented)) {
      await revokeSession(services, session.userID, session.sessionID, 'reuse');
      await recordAudit(services, null, origin, {
        action: 'refreshTokenReuse',
        entity: 'session',
        entityID: session.sessionID,
        details: { userID: session.userID },
      });
    }
    throw AppError.unauthenticated(MESSAGES.invalidRefreshToken);
  }
  const user = await findUser(services, session.userID);
  if (!user || user.disabled) throw AppError.unauthenticated(MESSAGES.invalidRefreshToken);
  const secret = newRefreshSecret();
  const landlord = landlordClaimFor(services, user);
  // Awaited below; a refusal of the rotation must not leave it unobserved.
  landlord.catch(() => undefined);
  try {
    await sessions.replace(
      {
        ...session,
        currentSecretHash: hashSecret(secret),
        previousSecretHashes: [...session.previousSecretHashes, presented].slice(-50),
      },
      session._etag ? { ifMatch: session._etag } : {},
    );
  } catch (error) {
    // Two refreshes raced with the same token: only the first wins.
    if (isStoreError(error, 'precondition_failed')) {
      throw AppError.unauthenticated(MESSAGES.invalidRefreshToken);
    }
    throw error;
  }
  const claim = await landlord;
  return {
    accessToken: await signAccessToken(
      services.config.jwt,
      {
        userID: user.userID,
        sessionID: session.sessionID,
        roleID: user.roleID,
        ...(claim ? { landlord: claim } : {}),
      },
      now,
    ),
    refreshToken: formatRefreshToken(user.userID, session.sessionID, secret),
  };
}

/** Deletes sessions past their expiry (or revoked over a day ago) and login counters no longer locking. */
export async function purgeExpiredSessions(services: Deps): Promise<{ sessions: number; throttles: number }> {
  const now = services.now();
  const sessions = services.store.container<SessionDoc>('sessions');
  const expired = await sessions.query({
    filter: { op: 'lt', field: 'expiresOn', value: now.toISOString() },
    top: 1000,
  });
  for (const session of expired.items) await sessions.delete(session.pk, session.id);
  const throttle = services.store.container<StoredDoc>('throttle');
  const stale = await throttle.query({
    filter: {
      op: 'and',
      items: [
        { op: 'lt', field: 'lockedUntil', value: now.getTime() },
        { op: 'lt', field: 'updatedAt', value: now.getTime() - LOGIN_LIMITS.pair.windowMs },
      ],
    },
    top: 1000,
  });
  for (const doc of stale.items) await throttle.delete(doc.pk, doc.id);
  return { sessions: expired.items.length, throttles: stale.items.length };
}

/** Ends the caller's session, and another of their sessions whose refresh token they hold (another tab). */
export async function logout(actor: Actor, otherRefreshToken: string | undefined): Promise<void> {
  const { deps, user } = actor;
  await revokeSession(deps, user.userID, user.sessionID, 'logout');
  const other = otherRefreshToken ? parseRefreshToken(otherRefreshToken) : undefined;
  if (other && other.userID === user.userID && other.sessionID !== user.sessionID) {
    await revokeSession(deps, user.userID, other.sessionID, 'logout');
  }
  await audit(actor, { action: 'logout', entity: 'user', entityID: user.userID });
}

/**
 * Replaces the caller's password (the first login after a one-time password must do this): the old
 * one is checked, every other session of the account ends, this one goes on.
 */
export async function changePassword(actor: Actor, input: ChangePasswordInput): Promise<void> {
  const { deps, user } = actor;
  const users = deps.store.container<UserDoc>('users');
  const account = await users.read(user.userID, user.userID);
  if (!account || !(await verifyPassword(input.oldPassword, account.passwordHash))) {
    throw AppError.validation([{ field: 'oldPassword', errorMessage: PASSWORD_MESSAGES.oldWrong }]);
  }
  const { mustChangePassword: _mustChangePassword, ...rest } = account;
  await users.replace({ ...rest, passwordHash: await hashPassword(input.newPassword) });
  await endSessions(deps, user.userID, 'password', user.sessionID);
  await audit(actor, { action: 'changePassword', entity: 'user', entityID: user.userID });
}
