import { ROLE } from '@nhatro/common';
import type { LandlordClaim } from '../../domain/shared/landlordClaim.js';
import type { UserDoc, HouseDoc } from '../../domain/shared/model.js';
import type { AuthUser } from './actor.js';
import type { Deps } from './deps.js';
import { readHouse } from './houseScope.js';
import { findUser, shownLessorInfo } from './users.js';

/**
 * Whose paid term governs an account: a landlord's own, a staff member's employer's (the write check
 * of the account's term and the platform requests read it).
 */

/** The landlord a staff member works for: the owner of the first assigned house that still lists them. */
async function ownerOfStaff(deps: Deps, account: UserDoc): Promise<UserDoc | undefined> {
  for (const houseID of account.assignedHouseIDs ?? []) {
    const house: HouseDoc | undefined = await readHouse(deps, houseID);
    if (house?.staffIDs.includes(account.userID)) return findUser(deps, house.ownerID);
  }
  return undefined;
}

/**
 * The landlord whose term governs the caller: themselves, or their employer for staff (named by their
 * token, `LandlordClaim`, when it carries them: a staff member works for the landlord who opened their
 * account, always; the account is read either way, so the term and `disabled` are current); none for others.
 */
export async function governingLandlord(deps: Deps, user: AuthUser): Promise<UserDoc | undefined> {
  if (user.roleID === ROLE.houseModerator) return user.account;
  if (user.roleID === ROLE.staff) {
    return user.landlord ? findUser(deps, user.landlord.ownerID) : ownerOfStaff(deps, user.account);
  }
  return undefined;
}

/**
 * The landlord a tenant or staff member deals with, as their access token carries them (`LandlordClaim`):
 * a tenant's house's owner, a staff member's employer; none for others (a landlord reads their own).
 */
export async function landlordClaimFor(
  deps: Deps,
  account: UserDoc,
): Promise<Omit<LandlordClaim, 'signedAt'> | undefined> {
  let landlord: UserDoc | undefined;
  if (account.roleID === ROLE.staff) landlord = await ownerOfStaff(deps, account);
  if (account.roleID === ROLE.lessee && account.houseID) {
    const house = await readHouse(deps, account.houseID);
    landlord = house ? await findUser(deps, house.ownerID) : undefined;
  }
  if (!landlord) return undefined;
  const { citizenID: _citizenID, ...info } = shownLessorInfo(landlord.lessorInfo);
  return { ownerID: landlord.userID, info };
}
