import { createHash, randomBytes } from 'node:crypto';
import { isRoleID, lessorInfoEntity, type RoleID } from '@nhatro/common';
import { z } from 'zod';
import type { AppConfig } from '../../config/index.js';
import type { LandlordClaim } from '../../domain/shared/landlordClaim.js';
import { ALGORITHM, hmacKey, loadJose } from '../shared/jwt.js';

export interface AccessClaims {
  userID: string;
  sessionID: string;
  roleID: RoleID;
  /** A tenant's or staff member's landlord, as read when the token was signed (`LandlordClaim`). */
  landlord?: LandlordClaim;
}

/** The token's `ll` claim: the landlord's id (`o`) and the details others see of them (`i`). */
const landlordClaimSchema = z.object({ o: z.string().min(1), i: lessorInfoEntity.omit({ citizenID: true }) });

/** What a new access token says: `landlord`'s time is the token's own (`iat`). */
export type ClaimsToSign = Omit<AccessClaims, 'landlord'> & { landlord?: Omit<LandlordClaim, 'signedAt'> };

export async function signAccessToken(
  config: AppConfig['jwt'],
  claims: ClaimsToSign,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const { SignJWT } = await loadJose();
  const landlord = claims.landlord ? { ll: { o: claims.landlord.ownerID, i: claims.landlord.info } } : {};
  return new SignJWT({ sid: claims.sessionID, role: claims.roleID, ...landlord })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userID)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTtlSeconds)
    .sign(hmacKey(config.secret));
}

interface VerifiedToken {
  claims: AccessClaims;
  exp: number;
  nbf?: number;
}

/**
 * Tokens whose signature and claims were checked, per secret (then issuer, audience, token): the
 * same bytes under the same key verify the same way, so a later request only re-checks the times
 * (`exp`, `nbf`, as jose does). This caches the token's signature only; the account and session
 * are still read on every request (authenticate.ts), so logout and disabling apply at once.
 */
const verified = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();
const MAX_VERIFIED = 10_000;

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
  let cache = verified.get(config.secret);
  if (!cache) {
    cache = new Map();
    verified.set(config.secret, cache);
  }
  const key = `${config.issuer}\u0000${config.audience}\u0000${token}`;
  const seconds = Math.floor(now.getTime() / 1000);
  const known = cache.get(key);
  if (known) {
    if (known.exp <= seconds) {
      onExpired?.();
      return undefined;
    }
    if (known.nbf !== undefined && known.nbf > seconds) return undefined;
    return { ...known.claims };
  }
  const claims = await verifyWithJose(config, token, now, onExpired);
  if (claims) {
    if (cache.size >= MAX_VERIFIED) cache.clear();
    cache.set(key, claims);
    return { ...claims.claims };
  }
  return undefined;
}

async function verifyWithJose(
  config: AppConfig['jwt'],
  token: string,
  now: Date,
  onExpired: (() => void) | undefined,
): Promise<VerifiedToken | undefined> {
  const { errors, jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, hmacKey(config.secret), {
      algorithms: [ALGORITHM],
      issuer: config.issuer,
      audience: config.audience,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'iat'],
    });
    const sessionID = payload.sid;
    const roleID = payload.role;
    if (
      typeof payload.sub !== 'string' ||
      typeof sessionID !== 'string' ||
      !isRoleID(roleID) ||
      typeof payload.exp !== 'number'
    ) {
      return undefined;
    }
    // Signed by this API, so well formed; one that is not (an older shape) is only not used.
    const landlord = payload.ll === undefined ? undefined : landlordClaimSchema.safeParse(payload.ll).data;
    return {
      claims: {
        userID: payload.sub,
        sessionID,
        roleID,
        ...(landlord && typeof payload.iat === 'number'
          ? { landlord: { ownerID: landlord.o, info: landlord.i, signedAt: payload.iat } }
          : {}),
      },
      exp: payload.exp,
      ...(typeof payload.nbf === 'number' ? { nbf: payload.nbf } : {}),
    };
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
