import type { LessorInfo } from '@nhatro/common';
import type { HouseDoc } from './model.js';

/**
 * The landlord a tenant or staff member deals with, as their access token carries it (issue 25): whose
 * house it is and the details others see of them (no identity number), read when the token was signed.
 * A tenant's bills, charges and contract show these details (the account rent is paid to); with them in
 * the token those requests need not read the landlord's account. Pure rules, no I/O.
 */
export interface LandlordClaim {
  ownerID: string;
  info: Omit<LessorInfo, 'citizenID'>;
  /** When the token was signed (its `iat`, seconds since the epoch). */
  signedAt: number;
}

/**
 * A landlord's details written this long before a token was signed may be older than the details the
 * token carries (instances' clocks differ by a few seconds); such a token's copy is not trusted.
 */
export const LANDLORD_CLAIM_MARGIN_MS = 60_000;

/**
 * The landlord's details as the token carries them, when they are those of `house`'s owner and were
 * read after the owner last changed them (`lessorInfoChangedAt`, written on each of their houses when
 * they do); otherwise `undefined`, and the caller reads the owner's account. A change whose mark on a
 * house failed to be written is seen at the latest when the token expires (15 minutes by default).
 */
export function claimedLessorInfo(
  claim: LandlordClaim | undefined,
  house: Pick<HouseDoc, 'ownerID' | 'lessorInfoChangedAt'>,
): LandlordClaim['info'] | undefined {
  if (!claim || claim.ownerID !== house.ownerID) return undefined;
  const changed = house.lessorInfoChangedAt ? Date.parse(house.lessorInfoChangedAt) : Number.NaN;
  if (!Number.isNaN(changed) && claim.signedAt * 1000 < changed + LANDLORD_CLAIM_MARGIN_MS) return undefined;
  return claim.info;
}
