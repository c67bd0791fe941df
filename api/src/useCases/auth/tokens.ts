import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type * as Jose from 'jose';
import { isRoleID, type RoleID } from '@nhatro/common';
import type { AppConfig } from '../../config/index.js';

export interface AccessClaims {
  userID: string;
  sessionID: string;
  roleID: RoleID;
}

const ALGORITHM = 'HS256';

/** jose is imported on the first signature or check, not with every function module at start. */
let jose: Promise<typeof Jose> | undefined;
function loadJose(): Promise<typeof Jose> {
  jose ??= import('jose');
  return jose;
}

/**
 * The HMAC key imported once per secret: given raw bytes, jose imports them as a key on every call
 * (a measured 15 % of a list request's CPU); given a KeyObject it uses it as is.
 */
const keys = new WeakMap<Uint8Array, KeyObject>();

function hmacKey(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  config: AppConfig['jwt'],
  claims: AccessClaims,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const { SignJWT } = await loadJose();
  return new SignJWT({ sid: claims.sessionID, role: claims.roleID })
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
    return {
      claims: { userID: payload.sub, sessionID, roleID },
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

/** A guest link's claims: which contract (in which house) and which issued link, so it can be revoked. */
export interface GuestLinkClaims {
  contractID: string;
  houseID: string;
  linkID: string;
}

const GUEST_AUDIENCE_SUFFIX = ':guest-contract';

/** Signs a guest link (HS256, its own audience: never usable as an access token, nor the reverse). */
export async function signGuestToken(
  config: AppConfig['jwt'],
  claims: GuestLinkClaims,
  now: Date,
  expiresOn: Date,
): Promise<string> {
  const { SignJWT } = await loadJose();
  return new SignJWT({ hid: claims.houseID, lid: claims.linkID })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.contractID)
    .setIssuer(config.issuer)
    .setAudience(`${config.audience}${GUEST_AUDIENCE_SUFFIX}`)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresOn.getTime() / 1000))
    .sign(hmacKey(config.secret));
}

/** The claims of a valid, unexpired guest link; `undefined` for anything else. */
export async function verifyGuestToken(
  config: AppConfig['jwt'],
  token: string,
  now: Date,
): Promise<GuestLinkClaims | undefined> {
  const { errors, jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, hmacKey(config.secret), {
      algorithms: [ALGORITHM],
      issuer: config.issuer,
      audience: `${config.audience}${GUEST_AUDIENCE_SUFFIX}`,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    const { sub, hid, lid } = payload;
    if (typeof sub !== 'string' || typeof hid !== 'string' || typeof lid !== 'string') return undefined;
    return { contractID: sub, houseID: hid, linkID: lid };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}

/** A bill's guest link names the bill and its house (for a point read). */
export interface BillGuestClaims {
  monthlyBillID: string;
  houseID: string;
}

const BILL_GUEST_AUDIENCE_SUFFIX = ':guest-bill';

/** Signs a bill's guest link (HS256, its own audience: neither an access token nor a contract link). */
export async function signBillGuestToken(
  config: AppConfig['jwt'],
  claims: BillGuestClaims,
  now: Date,
  expiresOn: Date,
): Promise<string> {
  const { SignJWT } = await loadJose();
  return new SignJWT({ hid: claims.houseID })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.monthlyBillID)
    .setIssuer(config.issuer)
    .setAudience(`${config.audience}${BILL_GUEST_AUDIENCE_SUFFIX}`)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresOn.getTime() / 1000))
    .sign(hmacKey(config.secret));
}

/** The claims of a valid, unexpired bill guest link; `undefined` for anything else. */
export async function verifyBillGuestToken(
  config: AppConfig['jwt'],
  token: string,
  now: Date,
): Promise<BillGuestClaims | undefined> {
  const { errors, jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, hmacKey(config.secret), {
      algorithms: [ALGORITHM],
      issuer: config.issuer,
      audience: `${config.audience}${BILL_GUEST_AUDIENCE_SUFFIX}`,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    const { sub, hid } = payload;
    if (typeof sub !== 'string' || typeof hid !== 'string') return undefined;
    return { monthlyBillID: sub, houseID: hid };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}
