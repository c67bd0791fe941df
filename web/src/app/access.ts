import { ROLE_IDS, type PermissionArea, type Role, type RoleId } from '../../lib/session';

/** What a guarded page requires; given to its RouteAccessGate in the route table. */
export interface RouteAccess {
  roles: readonly RoleId[];
  /** The page needs a non-zero level in this area (spec section 6). */
  permission?: PermissionArea;
  /** When set, the level must be one of these (e.g. creating contracts needs 3 or 4). */
  allowedLevels?: readonly number[];
  /** A house moderator whose lessor information is incomplete may still open it. */
  allowsIncompleteAccount?: boolean;
}

const { superAdmin, houseModerator, staff, lessee } = ROLE_IDS;

export const ACCESS = {
  /** Super admin pages: role 1 sees these and nothing else. */
  superAdmin: { roles: [superAdmin] },
  everyRole: { roles: [superAdmin, houseModerator, staff, lessee] },
  /** Pages about a house: landlords, staff and lessees, never the super admin. */
  houseUsers: { roles: [houseModerator, staff, lessee] },
  houseManagers: { roles: [houseModerator, staff] },
} as const satisfies Record<string, RouteAccess>;

const CONTRACT_MANAGEMENT_PATH = /^\/contracts(\/|$)/i;

export function canOpenRoute(access: RouteAccess, role: Role, pathname: string): boolean {
  if (role.roleID === lessee && CONTRACT_MANAGEMENT_PATH.test(pathname)) return false;
  if (!access.roles.includes(role.roleID)) return false;
  if (access.permission !== undefined) {
    const level = role[access.permission];
    if (level === 0) return false;
    if (access.allowedLevels !== undefined && !access.allowedLevels.includes(level)) return false;
  }
  return true;
}
