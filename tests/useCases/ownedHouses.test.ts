// A landlord's account lists the houses they own (`ownedHouseIDs`), so a request needs no read of the house
// to know the right to it. Accounts made before the list get it at their next sign-in, once.
import { describe, expect, it } from 'vitest';
import type { UserDoc } from '../../api/src/domain/shared/model.js';
import { login } from '../../api/src/useCases/auth/sessions.js';
import { aHouse, aLandlord, TEST_PASSWORD } from '../support/builders.js';
import { landlordWithHouse, TEST_ORIGIN } from '../support/useCaseHarness.js';

describe('the houses a landlord owns, on their account', () => {
  it('are filled in at sign-in for an account older than the list, and the next sign-in writes nothing', async () => {
    const { deps, landlord, house } = await landlordWithHouse();
    const second = await aHouse(deps, landlord);
    const users = deps.store.container<UserDoc>('users');
    expect((await users.read(landlord.userID, landlord.userID))?.ownedHouseIDs).toBeUndefined();

    await login(deps, { username: landlord.username, password: TEST_PASSWORD }, TEST_ORIGIN);
    const filled = await users.read(landlord.userID, landlord.userID);
    expect([...(filled?.ownedHouseIDs ?? [])].sort()).toEqual([house.houseID, second.houseID].sort());

    await login(deps, { username: landlord.username, password: TEST_PASSWORD }, TEST_ORIGIN);
    const again = await users.read(landlord.userID, landlord.userID);
    expect(again?._etag).toBe(filled?._etag);
  });

  it('never name another landlord’s house', async () => {
    const { deps, landlord } = await landlordWithHouse();
    const other = await aLandlord(deps);
    const theirs = await aHouse(deps, other);
    await login(deps, { username: landlord.username, password: TEST_PASSWORD }, TEST_ORIGIN);
    const account = await deps.store.container<UserDoc>('users').read(landlord.userID, landlord.userID);
    expect(account?.ownedHouseIDs).not.toContain(theirs.houseID);
    expect(account?.ownedHouseIDs).toHaveLength(1);
  });
});
