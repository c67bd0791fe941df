/** Roles of spec section 6. */
export const ROLE = {
  superAdmin: 1,
  houseModerator: 2,
  staff: 3,
  lessee: 4,
} as const;
export type RoleID = (typeof ROLE)[keyof typeof ROLE];

export const PERMISSION_AREAS = [
  'superAdmin',
  'house',
  'contract',
  'room',
  'lessee',
  'device',
  'vehicle',
  'billing',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/**
 * Permission levels (the spec gives numbers without meaning; we decide):
 * 0 none (the page is a 404), 1 read, 2 read + update, 3 read + create + update, 4 full (also delete).
 */
export const LEVEL = { none: 0, read: 1, update: 2, create: 3, full: 4 } as const;
export type PermissionLevel = 0 | 1 | 2 | 3 | 4;

export interface Role {
  roleID: RoleID;
  roleName: string;
  superAdminPermission: PermissionLevel;
  housePermission: PermissionLevel;
  contractPermission: PermissionLevel;
  roomPermission: PermissionLevel;
  lesseePermission: PermissionLevel;
  devicePermission: PermissionLevel;
  vehiclePermission: PermissionLevel;
  billingPermission: PermissionLevel;
}

export function permissionKey(area: PermissionArea): `${PermissionArea}Permission` {
  return `${area}Permission`;
}

export function permissionLevel(role: Role, area: PermissionArea): PermissionLevel {
  return role[permissionKey(area)];
}

/** The default role of each roleID (the spec leaves the mapping open; documented in README). */
export const DEFAULT_ROLES: Record<RoleID, Role> = {
  1: {
    roleID: 1,
    roleName: 'Quản trị hệ thống',
    superAdminPermission: 4,
    housePermission: 0,
    contractPermission: 0,
    roomPermission: 0,
    lesseePermission: 0,
    devicePermission: 0,
    vehiclePermission: 0,
    billingPermission: 0,
  },
  2: {
    roleID: 2,
    roleName: 'Chủ trọ',
    superAdminPermission: 0,
    housePermission: 4,
    contractPermission: 4,
    roomPermission: 4,
    lesseePermission: 4,
    devicePermission: 4,
    vehiclePermission: 4,
    billingPermission: 4,
  },
  3: {
    roleID: 3,
    roleName: 'Nhân viên',
    superAdminPermission: 0,
    housePermission: 1,
    contractPermission: 3,
    roomPermission: 3,
    lesseePermission: 3,
    devicePermission: 3,
    vehiclePermission: 3,
    billingPermission: 3,
  },
  4: {
    roleID: 4,
    roleName: 'Người thuê',
    superAdminPermission: 0,
    housePermission: 1,
    contractPermission: 1,
    roomPermission: 1,
    lesseePermission: 1,
    devicePermission: 1,
    vehiclePermission: 1,
    billingPermission: 1,
  },
};

export function isRoleID(value: unknown): value is RoleID {
  return value === 1 || value === 2 || value === 3 || value === 4;
}
