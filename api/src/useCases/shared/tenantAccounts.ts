import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { normalizeLicensePlate, TENANCY_LINK_RULES, type TenancyLinkSent } from '@nhatro/common';
import type { TenancyHouse } from '../../domain/contracts.js';
import type { FeeDoc, OutboxMessageDoc, TenancyLinkDoc, VehicleDoc } from '../../domain/shared/model.js';
import { tenancyLinkCodeText } from '../../domain/shared/outboxTexts.js';
import { freshLinkCode } from '../../domain/tenancyLinks.js';
import { maskPhone } from '../../domain/verification.js';
import type { BatchOp } from '../../store/store.js';
import type { Deps } from './deps.js';
import { listInHouse } from './houseScope.js';
import { outboxCreate } from './outboxMessages.js';

/**
 * What a new tenancy needs of its tenants' accounts: the invitation written with it (a code to the
 * representative's number, which the person confirms to open the tenancy with their account, the one
 * the number has or a new one), and the house's services and plates new tenancies are checked against.
 * A tenancy never opens, moves or resets an account itself (issue 21), so nothing here reads accounts:
 * what a landlord is told is the same for every number.
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

// Link codes are kept as keyed hashes (node:crypto) and compared in constant time: here, not in domain/.

/** The keyed hash of a link's code, bound to the link and the number it went to (hex). */
export function tenancyLinkCodeHash(
  secret: Uint8Array,
  link: Pick<TenancyLinkDoc, 'linkID' | 'phoneNumber'>,
  code: string,
): string {
  const key = createHmac('sha256', secret).update('nhatro/tenancy-link-code/v2').digest();
  return createHmac('sha256', key)
    .update(`${link.linkID}\u0000${link.phoneNumber}\u0000${code}`)
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
  const recipient = { name: place.name, phoneNumber: link.phoneNumber };
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

/** The invitation written with a new tenancy: a new link (random id) with its first code. */
export function tenancyInvitation(
  deps: Deps,
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
      sendTimes: [deps.now().toISOString()],
    },
    place,
  );
}
