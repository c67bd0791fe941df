import type { UserDoc } from '../../domain/shared/model.js';
import { isStoreError } from '../../store/store.js';
import type { Deps } from './deps.js';

/** Tries of the account's update when another write of the account came in between. */
const ACCOUNT_ATTEMPTS = 5;

/**
 * Records a new house in its landlord's `ownedHouseIDs` (written after the house itself, so the list never
 * names a house the landlord does not own). Should this write be lost, the landlord still reaches the
 * house: a house missing from the list is checked on the house document.
 */
export async function recordOwnedHouse(deps: Deps, ownerID: string, houseID: string): Promise<void> {
  await recordOwnedHouses(deps, ownerID, [houseID]);
}

/**
 * The houses a landlord's account does not list yet, found at sign-in (`login` lists the landlord's houses
 * anyway): an account older than the list gets it once, and its requests stop reading the house.
 */
export async function recordMissingOwnedHouses(
  deps: Deps,
  account: UserDoc,
  houseIDs: readonly string[],
): Promise<void> {
  if (houseIDs.every((houseID) => account.ownedHouseIDs?.includes(houseID))) return;
  await recordOwnedHouses(deps, account.userID, houseIDs);
}

async function recordOwnedHouses(deps: Deps, ownerID: string, houseIDs: readonly string[]): Promise<void> {
  const users = deps.store.container<UserDoc>('users');
  for (let attempt = 1; ; attempt += 1) {
    const account = await users.read(ownerID, ownerID);
    if (account?.type !== 'user') return;
    const missing = houseIDs.filter((houseID) => !account.ownedHouseIDs?.includes(houseID));
    if (missing.length === 0) return;
    try {
      await users.patch(
        ownerID,
        ownerID,
        [{ op: 'set', path: '/ownedHouseIDs', value: [...(account.ownedHouseIDs ?? []), ...missing] }],
        account._etag ? { ifMatch: account._etag } : {},
      );
      return;
    } catch (error) {
      if (!isStoreError(error, 'precondition_failed') || attempt >= ACCOUNT_ATTEMPTS) throw error;
    }
  }
}
