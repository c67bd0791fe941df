import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BILLING_DAY } from '@nhatro/common';
import type { HouseDoc, PlatformSettingsDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { getBillingDay, setBillingDay } from '../../api/src/useCases/billingDay.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { aHouse, aLandlord, aStaff, aSuperAdmin } from '../support/builders.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/** The billing day: the platform default (super admin) and a house's own day (its landlord). */

const NOT_FOUND = 'Không tìm thấy dữ liệu yêu cầu.';
const FORBIDDEN = 'Bạn không có quyền thực hiện thao tác này.';

let h: UseCaseHarness;
let deps: Deps;
let admin: UserDoc;
let landlord: UserDoc;
let house: HouseDoc;

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  admin = await aSuperAdmin(deps);
  landlord = await aLandlord(deps);
  house = await aHouse(deps, landlord);
});
afterEach(() => h.close());

async function storedHouse(): Promise<HouseDoc | undefined> {
  return houseDocs<HouseDoc>(deps).read(house.houseID, house.houseID);
}

describe('the billing day', () => {
  it('is the default until the super admin sets another, which every house without its own follows', async () => {
    expect(await getBillingDay(actorFor(deps, landlord), house.houseID)).toEqual({
      billingDay: DEFAULT_BILLING_DAY,
      defaultBillingDay: DEFAULT_BILLING_DAY,
    });
    expect(await setBillingDay(actorFor(deps, admin), { billingDay: 10 })).toEqual({
      status: 200,
      errorMessage: '',
      billingDay: 10,
    });
    const settings = await deps.store.container<PlatformSettingsDoc>('platform').read('settings', 'settings');
    expect(settings).toMatchObject({ type: 'settings', billingDay: 10, updatedBy: admin.userID });
    expect(await getBillingDay(actorFor(deps, admin), undefined)).toEqual({
      billingDay: 10,
      defaultBillingDay: 10,
    });
    expect(await getBillingDay(actorFor(deps, landlord), house.houseID)).toMatchObject({ billingDay: 10 });
    expect((await auditEntries(deps)).map((entry) => [entry.action, entry.entity])).toContainEqual([
      'update',
      'settings',
    ]);
  });

  it("a landlord sets their own house's day, which wins over the default", async () => {
    await setBillingDay(actorFor(deps, admin), { billingDay: 10 });
    expect(await setBillingDay(actorFor(deps, landlord), { billingDay: 25, houseID: house.houseID })).toEqual(
      {
        status: 200,
        errorMessage: '',
        billingDay: 25,
      },
    );
    expect((await storedHouse())?.billingDay).toBe(25);
    expect(await getBillingDay(actorFor(deps, landlord), house.houseID)).toEqual({
      billingDay: 25,
      defaultBillingDay: 10,
      houseBillingDay: 25,
    });
  });

  it("refuses the default to anyone but the super admin, another landlord's house (404) and staff", async () => {
    const other = await aLandlord(deps);
    const staff = await aStaff(deps, { houses: [house] });
    await expectRefusal(setBillingDay(actorFor(deps, landlord), { billingDay: 3 }), 'forbidden', FORBIDDEN);
    await expectRefusal(
      setBillingDay(actorFor(deps, other), { billingDay: 3, houseID: house.houseID }),
      'notFound',
      NOT_FOUND,
    );
    await expectRefusal(
      setBillingDay(actorFor(deps, staff), { billingDay: 3, houseID: house.houseID }),
      'forbidden',
      FORBIDDEN,
    );
    await expectRefusal(
      setBillingDay(actorFor(deps, admin), { billingDay: 3, houseID: house.houseID }),
      'forbidden',
      FORBIDDEN,
    );
    await expectRefusal(getBillingDay(actorFor(deps, other), house.houseID), 'notFound', NOT_FOUND);
    expect((await storedHouse())?.billingDay).toBeUndefined();
    expect(await deps.store.container('platform').read('settings', 'settings')).toBeUndefined();
  });
});
