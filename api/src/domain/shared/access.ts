import { permissionLevel, ROLE, type PermissionArea, type Role, type RoleID } from '@nhatro/common';
import { AppError } from './errors.js';
import type { Filter } from './query.js';
import type { LandlordClaim } from './landlordClaim.js';
import type { HouseDoc, UserDoc } from './model.js';

/** Who is asking, as far as access rules care. */
export interface Caller {
  userID: string;
  roleID: RoleID;
  role: Role;
  account: Pick<
    UserDoc,
    'houseID' | 'roomID' | 'contractID' | 'lesseeID' | 'assignedHouseIDs' | 'ownedHouseIDs' | 'lessorInfo'
  >;
  /** A tenant's or staff member's landlord as their token carries them (`claimedLessorInfo`). */
  landlord?: LandlordClaim;
}

export function hasPermission(caller: Caller, area: PermissionArea, level: number): boolean {
  return permissionLevel(caller.role, area) >= level;
}

/** Landlord: owns it; staff: assigned to it; lessee: holds a contract in it; super admin: never. */
export function canAccessHouse(
  caller: Caller,
  house: Pick<HouseDoc, 'houseID' | 'ownerID' | 'staffIDs'>,
): boolean {
  switch (caller.roleID) {
    case ROLE.houseModerator:
      return house.ownerID === caller.userID;
    case ROLE.staff:
      return house.staffIDs.includes(caller.userID);
    case ROLE.lessee:
      return caller.account.houseID === house.houseID;
    default:
      return false;
  }
}

/**
 * Whether the caller's own account already grants them the house, without reading it: a landlord's
 * `ownedHouseIDs`, a staff member's `assignedHouseIDs` (staff leave a house only by being disabled, which
 * ends their sessions), a lessee's `houseID` (what `canAccessHouse` checks for them too). `false` means
 * "ask the house" (`canAccessHouse`), never "refused".
 */
export function accountGrantsHouse(caller: Caller, houseID: string): boolean {
  switch (caller.roleID) {
    case ROLE.houseModerator:
      return caller.account.ownedHouseIDs?.includes(houseID) ?? false;
    case ROLE.staff:
      return caller.account.assignedHouseIDs?.includes(houseID) ?? false;
    case ROLE.lessee:
      return caller.account.houseID === houseID;
    default:
      return false;
  }
}

/** The store query that yields exactly the houses a caller may see, or `null` for none. */
export function accessibleHousesQuery(caller: Caller): { partitionKey?: string; filter: Filter } | null {
  const isHouse: Filter = { op: 'eq', field: 'type', value: 'house' };
  switch (caller.roleID) {
    case ROLE.houseModerator:
      return {
        filter: { op: 'and', items: [isHouse, { op: 'eq', field: 'ownerID', value: caller.userID }] },
      };
    case ROLE.staff:
      return {
        filter: {
          op: 'and',
          items: [isHouse, { op: 'arrayContains', field: 'staffIDs', value: caller.userID }],
        },
      };
    case ROLE.lessee:
      return caller.account.houseID ? { partitionKey: caller.account.houseID, filter: isHouse } : null;
    default:
      return null;
  }
}

/** A lessee sees only their own room and contract inside their house. */
export function lesseeScope(caller: Caller): { roomID?: string; contractID?: string } | null {
  if (caller.roleID !== ROLE.lessee) return null;
  return {
    ...(caller.account.roomID ? { roomID: caller.account.roomID } : {}),
    ...(caller.account.contractID ? { contractID: caller.account.contractID } : {}),
  };
}

/** The super admin's own pages and calls: anyone else, or a super admin below `level`, is refused (403). */
export function requireSuperAdmin(caller: Caller, level: number): void {
  if (caller.roleID !== ROLE.superAdmin || !hasPermission(caller, 'superAdmin', level)) {
    throw AppError.forbidden();
  }
}
