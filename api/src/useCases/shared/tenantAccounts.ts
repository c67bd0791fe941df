import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { normalizeLicensePlate, ROLE, TENANCY_LINK_RULES, type TenancyLinkSent } from '@nhatro/common';
import type { TenancyHouse } from '../../domain/contracts.js';
import { AppError } from '../../domain/shared/errors.js';
import type {
  FeeDoc,
  OutboxMessageDoc,
  TenancyLinkDoc,
  UserDoc,
  UsernameClaimDoc,
  VehicleDoc,
} from '../../domain/shared/model.js';
import { tenancyLinkCodeText } from '../../domain/shared/outboxTexts.js';
import { freshLinkCode } from '../../domain/tenancyLinks.js';
import { maskPhone } from '../../domain/verification.js';
import type { BatchOp } from '../../store/store.js';
import type { Deps } from './deps.js';
import { listInHouse } from './houseScope.js';
import { outboxCreate } from './outboxMessages.js';
import { createUser, findUserByUsername, usernameClaimID } from './users.js';
import { hashOneTimePassword, oneTimePassword } from './passwords.js';

/**
 * The representative's tenant account (username: their phone number) opened with a tenancy and undone
 * when the tenancy cannot be written, or the invitation that links the tenancy to the account the number
 * already has once its owner confirms; the house's services and plates new tenancies are checked against.
 */

/**
 * The house's services and registered plates, which new tenancies are checked against. With `plates`,
 * only those plates are looked up (one contract's); without, every plate of the house (an import).
 */
export async function tenancyHouse(deps: Deps, houseID: string, plates?: string[]): Promise<TenancyHouse> {
  const keys = plates?.filter(Boolean).map(normalizeLicensePlate);
  const [fees, vehicles] = await Promise.all([
    listInHouse<FeeDoc>(deps, houseID, 'service'),
    keys?.length === 0
      ? []
      : listInHouse<VehicleDoc>(
          deps,
          houseID,
          'vehicle',
          keys ? { op: 'in', field: 'plateKey', values: keys } : undefined,
        ),
  ]);
  return {
    houseID,
    serviceIDs: new Set(fees.map((fee) => fee.serviceID)),
    knownPlates: new Set(vehicles.map((vehicle) => normalizeLicensePlate(vehicle.licensePlate))),
  };
}

export interface TenantAccountInput {
  username: string;
  fullName: string;
  email: string | undefined;
  houseID: string;
  contractID: string;
  roomID: string;
  lesseeID: string;
}

/**
 * The representative's account: a new one when the number has none; otherwise an invitation, because a
 * person's account belongs to the person (issue 21). An existing account is never opened, moved or given
 * a new password by a landlord, whoever it belongs to (a tenant of anyone, a landlord, staff).
 */
export type RepresentativeAccess =
  { kind: 'opened'; account: UserDoc; password: string } | { kind: 'invited'; existing: UserDoc };

/**
 * Opens the tenant account (username: the phone number; a one-time password to replace at first login)
 * when the number has no login, or says whose login it is so that the tenancy invites it instead. Two
 * contracts racing for a new number: the second is an invitation to the account the first opened.
 */
export async function representativeAccess(
  deps: Deps,
  tenant: TenantAccountInput,
): Promise<RepresentativeAccess> {
  const existing = await findUserByUsername(deps, tenant.username);
  if (existing) return { kind: 'invited', existing };
  const password = oneTimePassword();
  try {
    const account = await createUser(deps, {
      username: tenant.username,
      password,
      passwordHash: await hashOneTimePassword(password),
      roleID: ROLE.lessee,
      fullName: tenant.fullName,
      phoneNumber: tenant.username,
      ...(tenant.email ? { email: tenant.email } : {}),
      extra: {
        houseID: tenant.houseID,
        contractID: tenant.contractID,
        roomID: tenant.roomID,
        lesseeID: tenant.lesseeID,
        mustChangePassword: true,
      },
    });
    return { kind: 'opened', account, password };
  } catch (error) {
    const claimed = error instanceof AppError && error.kind === 'conflict';
    const holder = claimed ? await findUserByUsername(deps, tenant.username) : undefined;
    if (holder) return { kind: 'invited', existing: holder };
    throw error;
  }
}

/** Undoes the accounts `representativeAccess` opened: they and their username claims go. */
export async function closeTenantAccounts(deps: Deps, opened: readonly UserDoc[]): Promise<void> {
  const users = deps.store.container<UserDoc | UsernameClaimDoc>('users');
  for (const account of opened) {
    await users.delete(account.userID, account.userID);
    const claimID = usernameClaimID(account.username);
    await users.delete(claimID, claimID);
  }
}

// Link codes are kept as keyed hashes (node:crypto) and compared in constant time: here, not in domain/.

/** The keyed hash of a link's code, bound to the link, the account and the number it went to (hex). */
export function tenancyLinkCodeHash(
  secret: Uint8Array,
  link: Pick<TenancyLinkDoc, 'linkID' | 'userID' | 'phoneNumber'>,
  code: string,
): string {
  const key = createHmac('sha256', secret).update('nhatro/tenancy-link-code/v1').digest();
  return createHmac('sha256', key)
    .update(`${link.linkID}\u0000${link.userID}\u0000${link.phoneNumber}\u0000${code}`)
    .digest('hex');
}

export function sameCodeHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

function newLinkCode(): string {
  return String(randomInt(0, 10 ** TENANCY_LINK_RULES.codeLength)).padStart(
    TENANCY_LINK_RULES.codeLength,
    '0',
  );
}

/** Where the representative lives now, for the message: the landlord's house and room names. */
export interface LinkPlace {
  houseName: string;
  roomName: string;
  /** The name the landlord typed for the representative (never the account's). */
  name: string;
}

/**
 * A fresh code for `link` (new, or replacing the previous one when the landlord sends it again): the link
 * as stored with the code's hash, the message carrying the code to the number (Zalo, then SMS), and what
 * the landlord may be told (the number masked, the expiry).
 */
export function tenancyLinkCode(
  deps: Deps,
  link: Omit<TenancyLinkDoc, 'codeHash' | 'sentOn' | 'expiresOn' | 'attempts'>,
  place: LinkPlace,
): { link: TenancyLinkDoc; message: BatchOp<OutboxMessageDoc> & { op: 'create' }; sent: TenancyLinkSent } {
  const now = deps.now();
  const code = newLinkCode();
  const stored: TenancyLinkDoc = {
    ...link,
    ...freshLinkCode(tenancyLinkCodeHash(deps.config.jwt.secret, link, code), link.sendTimes, now),
  };
  const recipient = { userID: link.userID, name: place.name, phoneNumber: link.phoneNumber };
  const message = outboxCreate(deps, link.houseID, {
    event: 'tenancyLinkCode',
    houseID: link.houseID,
    recipient,
    channels: ['zalo', 'sms'],
    ...tenancyLinkCodeText(
      code,
      link.linkID,
      place,
      TENANCY_LINK_RULES.validHours,
      recipient,
      deps.config.webOrigin,
    ),
    subjectID: link.contractID,
    secret: true,
  });
  return {
    link: stored,
    message,
    sent: { sentTo: maskPhone(link.phoneNumber), expiresOn: stored.expiresOn },
  };
}

/** An invitation for a new tenancy: a new link (random id) to the account `existing`, with its first code. */
export function tenancyInvitation(
  deps: Deps,
  existing: UserDoc,
  tenancy: { houseID: string; contractID: string; roomID: string; lesseeID: string; phoneNumber: string },
  place: LinkPlace,
): ReturnType<typeof tenancyLinkCode> {
  const linkID = randomBytes(16).toString('base64url');
  return tenancyLinkCode(
    deps,
    {
      id: linkID,
      pk: tenancy.houseID,
      type: 'tenancyLink',
      linkID,
      ...tenancy,
      userID: existing.userID,
      sendTimes: [deps.now().toISOString()],
    },
    place,
  );
}
