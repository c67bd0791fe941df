import { BILLING_LEVELS } from '@nhatro/common';
import { paths } from '../lib/paths';
import { ROLE_IDS, type PermissionArea, type Role, type RoleId } from '../lib/session';

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

/** Spec section 6: room pages need a non-zero room level (creating, level 3+, is checked in the page). */
const ROOM_ACCESS: RouteAccess = { ...ACCESS.houseManagers, permission: 'roomPermission' };
const DEVICE_ACCESS: RouteAccess = { ...ACCESS.houseManagers, permission: 'devicePermission' };
/** settingHouse: housePermission 2, 3 or 4 (staff, level 1, get the 404 page). */
const SETTING_HOUSE_ACCESS: RouteAccess = {
  ...ACCESS.houseManagers,
  permission: 'housePermission',
  allowedLevels: [2, 3, 4],
};

const LESSEE_ACCESS: RouteAccess = { ...ACCESS.houseManagers, permission: 'lesseePermission' };
const CONTRACT_ACCESS: RouteAccess = { ...ACCESS.houseManagers, permission: 'contractPermission' };
/** Spec section 6: creating contracts or lessee information needs contractPermission 3 or 4. */
const CONTRACT_CREATE_ACCESS: RouteAccess = { ...CONTRACT_ACCESS, allowedLevels: [3, 4] };
/** Extending changes a contract (level 2 and up); ending one early is as weighty as signing it. */
const CONTRACT_UPDATE_ACCESS: RouteAccess = { ...CONTRACT_ACCESS, allowedLevels: [2, 3, 4] };
const LESSEE_PORTAL_ACCESS: RouteAccess = { roles: [lessee] };
/** Spec section 6: indexClock needs billingPermission 3 or 4. */
const METER_RECORD_ACCESS: RouteAccess = {
  ...ACCESS.houseManagers,
  permission: 'billingPermission',
  allowedLevels: [3, 4],
};
/** The levels from `min` up to 4 (full). */
function levelsFrom(min: number): number[] {
  return [1, 2, 3, 4].filter((level) => level >= min);
}
/**
 * Drafts and issuing bills (billDraft): the landlord and staff with billing rights
 * (`BILLING_LEVELS.draftAndIssue`, level 3 or 4), as the API allows.
 */
const BILLING_MANAGE_ACCESS: RouteAccess = {
  ...ACCESS.houseManagers,
  permission: 'billingPermission',
  allowedLevels: levelsFrom(BILLING_LEVELS.draftAndIssue),
};
/**
 * monthlyBillCD and oneTimeBillCD, a room's bills and charges: landlords and staff with billing rights
 * (what each may do there, collecting cash or adding a charge, follows `BILLING_LEVELS`).
 */
const ROOM_BILLING_ACCESS: RouteAccess = { ...ACCESS.houseManagers, permission: 'billingPermission' };
/**
 * The month's bills of a house (/monthlyBills): the landlord and staff with billing rights; what they
 * may do there (remind, cash, guest links) is `collectingRights` (lib/session/collecting.ts).
 */
const COLLECTING_ACCESS: RouteAccess = {
  ...ACCESS.houseManagers,
  permission: 'billingPermission',
  allowedLevels: levelsFrom(BILLING_LEVELS.read),
};

/** A bill or a charge: the landlord, and the tenant for their own (the API checks which). */
const BILL_ACCESS: RouteAccess = { ...ACCESS.houseUsers, permission: 'billingPermission' };

/**
 * Who may open each guarded page, by name. The route table (AppRoutes) names the rule; the guard, which
 * loads with the signed-in shell, looks it up, so these rules stay out of what the login page loads.
 */
export const ROUTE_ACCESS = {
  dashboard: ACCESS.everyRole,
  rooms: ROOM_ACCESS,
  devices: DEVICE_ACCESS,
  fees: SETTING_HOUSE_ACCESS,
  lessees: LESSEE_ACCESS,
  residence: LESSEE_ACCESS,
  personalData: LESSEE_ACCESS,
  myData: { ...ACCESS.everyRole, allowsIncompleteAccount: true },
  createLessee: CONTRACT_CREATE_ACCESS,
  contracts: CONTRACT_ACCESS,
  createContract: CONTRACT_CREATE_ACCESS,
  updateContract: CONTRACT_UPDATE_ACCESS,
  /** lessorViewContact: landlords and staff with contract read permission, never the tenant. */
  contractHistory: CONTRACT_ACCESS,
  lesseePortal: LESSEE_PORTAL_ACCESS,
  meterRecord: METER_RECORD_ACCESS,
  billing: BILLING_MANAGE_ACCESS,
  roomBilling: ROOM_BILLING_ACCESS,
  bill: BILL_ACCESS,
  monthlyBills: COLLECTING_ACCESS,
  billingSettings: ACCESS.superAdmin,
  /** Expenses and the profit report: the landlord and staff with billing rights (`BILLING_LEVELS.addCharge`). */
  expenses: {
    ...ACCESS.houseManagers,
    permission: 'billingPermission',
    allowedLevels: levelsFrom(BILLING_LEVELS.addCharge),
  },
  /** The tax threshold of rent income: the super admin's. */
  rentTaxThreshold: ACCESS.superAdmin,
  /** Issue reports are about rooms: landlords and staff with room access handle them. */
  requests: ROOM_ACCESS,
  /** Spec [notification]: landlords and staff with room access post notices; a tenant reads theirs. */
  notifications: { ...ACCESS.houseUsers, permission: 'roomPermission' },
  /** Bank-transfer matching: the landlord who owns the receiving account (billing level 4). */
  bankTransfers: {
    roles: [houseModerator],
    permission: 'billingPermission',
    allowedLevels: levelsFrom(BILLING_LEVELS.matchTransfers),
  },
  /** Lessor registrations (adminLessorRegister): the super admin approves or rejects them. */
  lessorRegistrations: ACCESS.superAdmin,
  /** Rooms bought and the paid term (accountPlan): the landlord's, also while their details are incomplete. */
  accountPlan: { roles: [houseModerator], allowsIncompleteAccount: true },
  /** Super admin pages: landlord accounts, income, extension requests, system log. */
  hmAccounts: ACCESS.superAdmin,
  income: ACCESS.superAdmin,
  extensions: ACCESS.superAdmin,
  systemLog: ACCESS.superAdmin,
  /** Every role changes its password there; a landlord also completes their details (spec §2). */
  accountSettings: { ...ACCESS.everyRole, allowsIncompleteAccount: true },
  lessorInfo: { roles: [houseModerator], allowsIncompleteAccount: true },
  /** staffManage: the landlord's staff. */
  staff: { roles: [houseModerator] },
  /** The messaging token (settingZaloToken): the super admin's. */
  zaloToken: ACCESS.superAdmin,
  /** The first-login password change: every signed-in role, before anything else. */
  newPassword: { ...ACCESS.everyRole, allowsIncompleteAccount: true },
} as const satisfies Record<string, RouteAccess>;

export type RouteAccessName = keyof typeof ROUTE_ACCESS;

const CONTRACT_MANAGEMENT_PATH = new RegExp(`^${paths.contracts}(/|$)`, 'i');

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
