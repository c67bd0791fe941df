import { ROLE_IDS, type Role } from './types';

/**
 * Billing levels of the month's bills (/monthlyBills), as the API checks them: the page from level 1
 * (landlords and staff only), reminders from 3, cash and guest links at 4. The route's access rule
 * (app/access.ts) and the page's buttons both read this one place.
 */
export const COLLECTING_LEVELS = { read: 1, remind: 3, collectCash: 4 } as const;

export function collectingRights(role: Role): {
  read: boolean;
  remind: boolean;
  collectCash: boolean;
  shareLink: boolean;
} {
  const level = role.billingPermission;
  const manages = role.roleID === ROLE_IDS.houseModerator || role.roleID === ROLE_IDS.staff;
  return {
    read: manages && level >= COLLECTING_LEVELS.read,
    remind: manages && level >= COLLECTING_LEVELS.remind,
    collectCash: manages && level >= COLLECTING_LEVELS.collectCash,
    shareLink: manages && level >= COLLECTING_LEVELS.collectCash,
  };
}
