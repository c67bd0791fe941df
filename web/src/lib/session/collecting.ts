import { BILLING_LEVELS } from '@nhatro/common';
import { ROLE_IDS, type Role } from './types';

/**
 * What a landlord or staff member may do on the month's bills (/monthlyBills), by the billing levels
 * the API checks (`BILLING_LEVELS` in common): the page's buttons read this one place.
 */

export function collectingRights(role: Role): {
  read: boolean;
  remind: boolean;
  collectCash: boolean;
  shareLink: boolean;
} {
  const level = role.billingPermission;
  const manages = role.roleID === ROLE_IDS.houseModerator || role.roleID === ROLE_IDS.staff;
  return {
    read: manages && level >= BILLING_LEVELS.read,
    remind: manages && level >= BILLING_LEVELS.remind,
    collectCash: manages && level >= BILLING_LEVELS.collectCash,
    shareLink: manages && level >= BILLING_LEVELS.shareLink,
  };
}
