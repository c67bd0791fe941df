import type { JWTPayload } from 'jose';
import type { AppConfig } from '../../config/index.js';
import { ALGORITHM, hmacKey, loadJose } from './jwt.js';

/**
 * Signed guest links: a contract to read and sign, a bill to read and pay, a handover record to sign, each with its own audience, so
 * neither is ever an access token nor the other link.
 */

/** A guest link's claims: which contract (in which house) and which issued link, so it can be revoked. */
export interface GuestLinkClaims {
  contractID: string;
  houseID: string;
  linkID: string;
}

/** A bill's guest link names the bill, its house (for a point read) and which issued link, so it can be revoked. */
export interface BillGuestClaims {
  monthlyBillID: string;
  houseID: string;
  linkID: string;
}

const GUEST_AUDIENCE_SUFFIX = ':guest-contract';
const BILL_GUEST_AUDIENCE_SUFFIX = ':guest-bill';

/** A link's token: HS256, the subject and extra claims, the audience of its kind of link. */
async function signLink(
  config: AppConfig['jwt'],
  audienceSuffix: string,
  subject: string,
  claims: Record<string, string>,
  now: Date,
  expiresOn: Date,
): Promise<string> {
  const { SignJWT } = await loadJose();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(config.issuer)
    .setAudience(`${config.audience}${audienceSuffix}`)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresOn.getTime() / 1000))
    .sign(hmacKey(config.secret));
}

/** The payload of a valid, unexpired link of this kind; `undefined` for anything else. */
async function verifyLink(
  config: AppConfig['jwt'],
  audienceSuffix: string,
  token: string,
  now: Date,
): Promise<JWTPayload | undefined> {
  const { errors, jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, hmacKey(config.secret), {
      algorithms: [ALGORITHM],
      issuer: config.issuer,
      audience: `${config.audience}${audienceSuffix}`,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}

/** Signs a guest link (HS256, its own audience: never usable as an access token, nor the reverse). */
export function signGuestToken(
  config: AppConfig['jwt'],
  claims: GuestLinkClaims,
  now: Date,
  expiresOn: Date,
): Promise<string> {
  return signLink(
    config,
    GUEST_AUDIENCE_SUFFIX,
    claims.contractID,
    { hid: claims.houseID, lid: claims.linkID },
    now,
    expiresOn,
  );
}

/** The claims of a valid, unexpired guest link; `undefined` for anything else. */
export async function verifyGuestToken(
  config: AppConfig['jwt'],
  token: string,
  now: Date,
): Promise<GuestLinkClaims | undefined> {
  const payload = await verifyLink(config, GUEST_AUDIENCE_SUFFIX, token, now);
  if (!payload) return undefined;
  const { sub, hid, lid } = payload;
  if (typeof sub !== 'string' || typeof hid !== 'string' || typeof lid !== 'string') return undefined;
  return { contractID: sub, houseID: hid, linkID: lid };
}

/** Signs a bill's guest link (HS256, its own audience: neither an access token nor a contract link). */
export function signBillGuestToken(
  config: AppConfig['jwt'],
  claims: BillGuestClaims,
  now: Date,
  expiresOn: Date,
): Promise<string> {
  return signLink(
    config,
    BILL_GUEST_AUDIENCE_SUFFIX,
    claims.monthlyBillID,
    { hid: claims.houseID, lid: claims.linkID },
    now,
    expiresOn,
  );
}

/** The claims of a valid, unexpired bill guest link; `undefined` for anything else. */
export async function verifyBillGuestToken(
  config: AppConfig['jwt'],
  token: string,
  now: Date,
): Promise<BillGuestClaims | undefined> {
  const payload = await verifyLink(config, BILL_GUEST_AUDIENCE_SUFFIX, token, now);
  if (!payload) return undefined;
  const { sub, hid, lid } = payload;
  if (typeof sub !== 'string' || typeof hid !== 'string' || typeof lid !== 'string') return undefined;
  return { monthlyBillID: sub, houseID: hid, linkID: lid };
}

/** A handover record's guest link names the record, its house (for a point read) and which issued link. */
export interface HandoverGuestClaims {
  handoverID: string;
  houseID: string;
  linkID: string;
}

const HANDOVER_GUEST_AUDIENCE_SUFFIX = ':guest-handover';

/** Signs a handover's guest link (HS256, its own audience: no access token, contract or bill link). */
export function signHandoverGuestToken(
  config: AppConfig['jwt'],
  claims: HandoverGuestClaims,
  now: Date,
  expiresOn: Date,
): Promise<string> {
  return signLink(
    config,
    HANDOVER_GUEST_AUDIENCE_SUFFIX,
    claims.handoverID,
    { hid: claims.houseID, lid: claims.linkID },
    now,
    expiresOn,
  );
}

/** The claims of a valid, unexpired handover guest link; `undefined` for anything else. */
export async function verifyHandoverGuestToken(
  config: AppConfig['jwt'],
  token: string,
  now: Date,
): Promise<HandoverGuestClaims | undefined> {
  const payload = await verifyLink(config, HANDOVER_GUEST_AUDIENCE_SUFFIX, token, now);
  if (!payload) return undefined;
  const { sub, hid, lid } = payload;
  if (typeof sub !== 'string' || typeof hid !== 'string' || typeof lid !== 'string') return undefined;
  return { handoverID: sub, houseID: hid, linkID: lid };
}
