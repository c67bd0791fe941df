import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, type RoleID } from '@nhatro/common';
import {
  accessibleHousesQuery,
  accountGrantsHouse,
  canAccessHouse,
  hasPermission,
  lesseeScope,
  type Caller,
} from '../../api/src/domain/shared/access.js';

const HOUSE_A = 'house-aaaa-1';
const HOUSE_B = 'house-bbbb-2';
const LANDLORD = 'user-landlord';
const OTHER_LANDLORD = 'user-landlord-2';
const STAFF = 'user-staff';
const LESSEE = 'user-lessee';

const houseA = { houseID: HOUSE_A, ownerID: LANDLORD, staffIDs: [STAFF] };
const houseB = { houseID: HOUSE_B, ownerID: LANDLORD, staffIDs: [] };
const otherHouse = { houseID: 'house-cccc-3', ownerID: OTHER_LANDLORD, staffIDs: ['someone'] };

function caller(userID: string, roleID: RoleID, account: Caller['account'] = {}): Caller {
  return { userID, roleID, role: DEFAULT_ROLES[roleID], account };
}

const admin = caller('user-admin', 1);
const landlord = caller(LANDLORD, 2);
const otherLandlord = caller(OTHER_LANDLORD, 2);
const staff = caller(STAFF, 3, { assignedHouseIDs: [HOUSE_A] });
const lessee = caller(LESSEE, 4, {
  houseID: HOUSE_A,
  roomID: 'room-1',
  contractID: 'contract-1',
  lesseeID: 'li-1',
});
const homelessLessee = caller('user-lessee-2', 4);

describe('canAccessHouse', () => {
  it('landlord: only houses it owns', () => {
    expect(canAccessHouse(landlord, houseA)).toBe(true);
    expect(canAccessHouse(landlord, houseB)).toBe(true);
    expect(canAccessHouse(landlord, otherHouse)).toBe(false);
    expect(canAccessHouse(otherLandlord, houseA)).toBe(false);
    expect(canAccessHouse(otherLandlord, otherHouse)).toBe(true);
  });

  it('staff: only houses whose staff list holds it (not every house of the landlord)', () => {
    expect(canAccessHouse(staff, houseA)).toBe(true);
    expect(canAccessHouse(staff, houseB)).toBe(false);
    expect(canAccessHouse(staff, otherHouse)).toBe(false);
  });

  it('lessee: only the house of their contract', () => {
    expect(canAccessHouse(lessee, houseA)).toBe(true);
    expect(canAccessHouse(lessee, houseB)).toBe(false);
    expect(canAccessHouse(homelessLessee, houseA)).toBe(false);
  });

  it('super admin: never (platform data only)', () => {
    for (const house of [houseA, houseB, otherHouse]) expect(canAccessHouse(admin, house)).toBe(false);
    // Even when the admin's ID is in the house's lists.
    expect(canAccessHouse(admin, { houseID: HOUSE_A, ownerID: 'user-admin', staffIDs: ['user-admin'] })).toBe(
      false,
    );
  });

  it('a landlord ID in the staff list or a staff ID as owner does not cross roles', () => {
    expect(canAccessHouse(staff, { houseID: 'h-x-000', ownerID: STAFF, staffIDs: [] })).toBe(false);
    expect(canAccessHouse(landlord, { houseID: 'h-x-000', ownerID: 'x', staffIDs: [LANDLORD] })).toBe(false);
  });
});

describe('accessibleHousesQuery', () => {
  it('landlord: houses with its ownerID', () => {
    expect(accessibleHousesQuery(landlord)).toEqual({
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'house' },
          { op: 'eq', field: 'ownerID', value: LANDLORD },
        ],
      },
    });
  });

  it('staff: houses whose staffIDs contain it', () => {
    expect(accessibleHousesQuery(staff)).toEqual({
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'house' },
          { op: 'arrayContains', field: 'staffIDs', value: STAFF },
        ],
      },
    });
  });

  it('lessee: the house document of their own house partition; none without a house', () => {
    expect(accessibleHousesQuery(lessee)).toEqual({
      partitionKey: HOUSE_A,
      filter: { op: 'eq', field: 'type', value: 'house' },
    });
    expect(accessibleHousesQuery(homelessLessee)).toBeNull();
  });

  it('super admin: none', () => {
    expect(accessibleHousesQuery(admin)).toBeNull();
  });
});

describe('lesseeScope', () => {
  it('a lessee is limited to their room and contract; other roles are not limited', () => {
    expect(lesseeScope(lessee)).toEqual({ roomID: 'room-1', contractID: 'contract-1' });
    expect(lesseeScope(homelessLessee)).toEqual({});
    expect(lesseeScope(landlord)).toBeNull();
    expect(lesseeScope(staff)).toBeNull();
    expect(lesseeScope(admin)).toBeNull();
  });
});

describe('hasPermission', () => {
  it('compares the role level of the area with the level needed', () => {
    expect(hasPermission(admin, 'superAdmin', 4)).toBe(true);
    expect(hasPermission(admin, 'house', 1)).toBe(false);
    expect(hasPermission(landlord, 'house', 4)).toBe(true);
    expect(hasPermission(landlord, 'superAdmin', 1)).toBe(false);
    expect(hasPermission(staff, 'house', 1)).toBe(true);
    expect(hasPermission(staff, 'house', 2)).toBe(false);
    expect(hasPermission(staff, 'room', 3)).toBe(true);
    expect(hasPermission(staff, 'room', 4)).toBe(false);
    expect(hasPermission(lessee, 'room', 1)).toBe(true);
    expect(hasPermission(lessee, 'room', 3)).toBe(false);
    expect(hasPermission(lessee, 'billing', 2)).toBe(false);
  });
});

describe('accountGrantsHouse (rights carried by the account, no read of the house)', () => {
  it('grants each role only through its own field', () => {
    const owner = caller(LANDLORD, 2, { ownedHouseIDs: [HOUSE_A] });
    expect(accountGrantsHouse(owner, HOUSE_A)).toBe(true);
    expect(accountGrantsHouse(owner, HOUSE_B)).toBe(false);
    expect(accountGrantsHouse(staff, HOUSE_A)).toBe(true);
    expect(accountGrantsHouse(staff, HOUSE_B)).toBe(false);
    expect(accountGrantsHouse(lessee, HOUSE_A)).toBe(true);
    expect(accountGrantsHouse(lessee, HOUSE_B)).toBe(false);
  });

  it('another role’s field grants nothing: a landlord with a staff or tenant field, staff or a tenant with a landlord’s', () => {
    const fields = { ownedHouseIDs: [HOUSE_A], assignedHouseIDs: [HOUSE_A], houseID: HOUSE_A };
    expect(accountGrantsHouse(caller(LANDLORD, 2, { ...fields, ownedHouseIDs: [] }), HOUSE_A)).toBe(false);
    expect(accountGrantsHouse(caller(STAFF, 3, { ...fields, assignedHouseIDs: [] }), HOUSE_A)).toBe(false);
    expect(accountGrantsHouse(caller(LESSEE, 4, { ...fields, houseID: HOUSE_B }), HOUSE_A)).toBe(false);
    expect(accountGrantsHouse(caller('user-admin', 1, fields), HOUSE_A)).toBe(false);
  });

  it('an account without the list (older accounts) grants nothing: the house itself is asked', () => {
    expect(accountGrantsHouse(landlord, HOUSE_A)).toBe(false);
    expect(accountGrantsHouse(homelessLessee, HOUSE_A)).toBe(false);
  });
});
