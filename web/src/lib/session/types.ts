export const ROLE_IDS = {
  superAdmin: 1,
  houseModerator: 2,
  staff: 3,
  lessee: 4,
} as const;

export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS];

export const PERMISSION_AREAS = [
  'superAdminPermission',
  'housePermission',
  'contractPermission',
  'roomPermission',
  'lesseePermission',
  'devicePermission',
  'vehiclePermission',
  'billingPermission',
] as const;

export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** Permission levels run from 0 (no access) to 4. */
export type Role = { roleID: RoleId; roleName: string } & Record<PermissionArea, number>;

export const LESSOR_STATUS = { complete: 1, incomplete: 2 } as const;

export interface HouseSummary {
  houseID: string;
  houseName: string;
  houseAddress: string;
  lessorInfo?: { status: number };
}

export interface Session {
  accessToken: string;
  refreshToken: string | null;
  role: Role;
  userID: string;
  fullName: string | null;
  /** Houses the user may manage (roles 2 and 3); empty for the others. */
  houses: HouseSummary[];
  /** Selected house (roles 2 and 3) or the lessee's own house (role 4). */
  houseID: string | null;
  isUserActive: boolean;
  lesseeID: string | null;
  contractID: string | null;
  roomID: string | null;
  /** Signed in with a one-time password: the new-password page comes before anything else. */
  mustChangePassword: boolean;
}

export function roleNeedsSelectedHouse(roleID: RoleId): boolean {
  return roleID === ROLE_IDS.houseModerator || roleID === ROLE_IDS.staff;
}
