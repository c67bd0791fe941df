import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isRoleID, type RoleID } from '@nhatro/common';
import type { AppConfig } from '../../config/index.js';

export interface AccessClaims {
  userID: string;
  sessionID: string;
  roleID: RoleID;
}

const ALGORITHM = 'HS256';

export async function signAccessToken(
  config: AppConfig['jwt'],
  claims: AccessClaims,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionID, role: claims.roleID })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userID)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTtlSeconds)
    .sign(config.secret);
}

/**
 * `undefined` for any token that is forged, expired, of another audience or issuer, or malformed;
 * `onExpired` is called when the only fault is the expiry of a token this API signed.
 */
export async function verifyAccessToken(
  config: AppConfig['jwt'],
  token: string,
  now: Date,
  onExpired?: () => void,
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      algorithms: [ALGORITHM],
      issuer: config.issuer,
      audience: config.audience,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'iat'],
    });
    const sessionID = payload.sid;
    const roleID = payload.role;
    if (typeof payload.sub !== 'string' || typeof sessionID !== 'string' || !isRoleID(roleID)) {
      return undefined;
    }
    return { userID: payload.sub, sessionID, roleID };
  } catch (error) {
    // jose checks the signature, issuer and audience before the expiry.
    if (error instanceof errors.JWTExpired) onExpired?.();
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}

/** Refresh tokens are `<userID>.<sessionID>.<secret>`; only the secret's hash is stored. */
export function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function formatRefreshToken(userID: string, sessionID: string, secret: string): string {
  return `${userID}.${sessionID}.${secret}`;
}

export function parseRefreshToken(
  token: string,
): { userID: string; sessionID: string; secret: string } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]{8,100}$/.test(part))) {
    return undefined;
  }
  const [userID, sessionID, secret] = parts as [string, string, string];
  return { userID, sessionID, secret };
}
