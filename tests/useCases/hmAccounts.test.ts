import { HM_ACCOUNT_MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { authenticate } from '../../api/src/useCases/auth/authenticate.js';
import { login } from '../../api/src/useCases/auth/sessions.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { listHMAccounts, setHMAccountDisabled } from '../../api/src/useCases/hmAccounts.js';
import { aHouse, aLandlord, aRoom, aStaff, aSuperAdmin, TEST_PASSWORD } from '../support/builders.js';
import { reread, withTerm } from '../support/platformBuilders.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  TEST_ORIGIN,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let admin: UserDoc;

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  admin = await aSuperAdmin(deps);
});
afterEach(() => h.close());

describe('the list of landlord accounts', () => {
  it('every landlord by name with quota, rooms used in all their houses, term and state; nobody else', async () => {
    const binh = await withTerm(
      deps,
      await aLandlord(deps, { fullName: 'Võ Thanh Bình', roomQuota: 10 }),
      '2026-11-01',
    );
    const an = await withTerm(
      deps,
      await aLandlord(deps, { fullName: 'Đặng Văn An', roomQuota: 30 }),
      '2027-05-01',
    );
    const first = await aHouse(deps, an);
    const second = await aHouse(deps, an);
    for (const house of [first, first, second]) await aRoom(deps, house);
    await aStaff(deps, { houses: [first] });

    const accounts = await listHMAccounts(actorFor(deps, admin));
    expect(accounts).toEqual([
      expect.objectContaining({
        userID: an.userID,
        fullName: 'Đặng Văn An',
        roomQuota: 30,
        roomsUsed: 3,
        houses: 2,
        accountExpiresOn: '2027-05-01',
        expired: false,
        disabled: false,
      }),
      expect.objectContaining({ userID: binh.userID, roomsUsed: 0, houses: 0, expired: true }),
    ]);
    expect(accounts[0]).not.toHaveProperty('passwordHash');
  });

  it('is the super admin’s alone', async () => {
    const landlord = await aLandlord(deps);
    await expectRefusal(listHMAccounts(actorFor(deps, landlord)), 'forbidden', /quyền/);
  });
});

describe('disabling and enabling', () => {
  it('disabling ends every session at once; enabling lets the landlord log in again; each is logged', async () => {
    const landlord = await aLandlord(deps, { username: 'chunhakhoa' });
    const session = await login(deps, { username: 'chunhakhoa', password: TEST_PASSWORD }, TEST_ORIGIN);
    const bearer = `Bearer ${session.token.accessToken}`;
    expect((await authenticate(deps, bearer)).userID).toBe(landlord.userID);

    expect(await setHMAccountDisabled(actorFor(deps, admin), landlord.userID, true)).toEqual({
      userID: landlord.userID,
      disabled: true,
    });
    await expectRefusal(authenticate(deps, bearer), 'unauthenticated', /hết hạn/);
    const sessions = await deps.store
      .container<SessionDoc>('sessions')
      .query({ partitionKey: landlord.userID, filter: { op: 'eq', field: 'type', value: 'session' } });
    expect(sessions.items.map((item) => [item.revoked, item.revokedReason])).toEqual([[true, 'disabled']]);
    await expectRefusal(
      login(deps, { username: 'chunhakhoa', password: TEST_PASSWORD }, TEST_ORIGIN),
      'unauthenticated',
      /vô hiệu hóa/,
    );

    h.clock.advance(60_000);
    await setHMAccountDisabled(actorFor(deps, admin), landlord.userID, false);
    expect((await reread(deps, landlord)).disabled).toBe(false);
    // The old session stays ended; a new login works.
    await expectRefusal(authenticate(deps, bearer), 'unauthenticated', /hết hạn/);
    await login(deps, { username: 'chunhakhoa', password: TEST_PASSWORD }, TEST_ORIGIN);

    const logged = (await auditEntries(deps)).filter((entry) => ['disable', 'enable'].includes(entry.action));
    expect(logged.map((entry) => [entry.action, entry.entityID])).toEqual([
      ['disable', landlord.userID],
      ['enable', landlord.userID],
    ]);
  });

  it('disabling twice changes nothing; only landlord accounts, only by the super admin', async () => {
    const landlord = await aLandlord(deps);
    await setHMAccountDisabled(actorFor(deps, admin), landlord.userID, true);
    await setHMAccountDisabled(actorFor(deps, admin), landlord.userID, true);
    expect((await auditEntries(deps)).filter((entry) => entry.action === 'disable')).toHaveLength(1);
    const house = await aHouse(deps, await aLandlord(deps));
    const staff = await aStaff(deps, { houses: [house] });
    await expectRefusal(
      setHMAccountDisabled(actorFor(deps, admin), staff.userID, true),
      'notFound',
      HM_ACCOUNT_MESSAGES.notFound,
    );
    await expectRefusal(
      setHMAccountDisabled(actorFor(deps, admin), 'no-such-user-1', true),
      'notFound',
      HM_ACCOUNT_MESSAGES.notFound,
    );
    await expectRefusal(
      setHMAccountDisabled(actorFor(deps, landlord), landlord.userID, false),
      'forbidden',
      /quyền/,
    );
  });
});
