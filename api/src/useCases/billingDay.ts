import { DEFAULT_BILLING_DAY, LEVEL, ROLE, type BillingDayInput } from '@nhatro/common';
import { hasPermission } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import { effectiveBillingDay } from '../domain/houseTickets.js';
import { SETTINGS_PARTITION } from '../domain/shared/model.js';
import { audit, type Actor, replaceAudited } from './shared/actor.js';
import {
  platformBillingDay,
  readPlatformSettings,
  writePlatformSettings,
} from './shared/platformSettings.js';
import { authorizeHouse, requireID } from './shared/houseScope.js';

/**
 * The billing day: the platform default the super admin sets (`platform` container, pk = id =
 * 'settings') and the day a landlord chooses for one house; `house ?? platform ?? DEFAULT_BILLING_DAY`.
 */

export interface BillingDayView {
  /** The day that applies (the house's, else the default). */
  billingDay: number;
  /** The platform default (the super admin's, else {@link DEFAULT_BILLING_DAY}). */
  defaultBillingDay: number;
  /** The house's own day, when its landlord chose one. */
  houseBillingDay?: number;
}

/** `GET /api/MetaData/BillingDay?houseID=…`: without a house, the platform default. */
export async function getBillingDay(actor: Actor, houseID: string | undefined): Promise<BillingDayView> {
  const defaultBillingDay = (await platformBillingDay(actor.deps)) ?? DEFAULT_BILLING_DAY;
  if (houseID === undefined) return { billingDay: defaultBillingDay, defaultBillingDay };
  const house = await authorizeHouse(actor.deps, actor.user, requireID(houseID, 'Mã nhà trọ'));
  return {
    billingDay: effectiveBillingDay(house, defaultBillingDay),
    defaultBillingDay,
    ...(house.billingDay !== undefined ? { houseBillingDay: house.billingDay } : {}),
  };
}

/**
 * `POST /api/MetaData/SetBillingDay`: without `houseID` the super admin sets the platform default;
 * with it the house's landlord (house settings, level 2) sets that house's day. Another's house is 404.
 */
export async function setBillingDay(
  actor: Actor,
  input: BillingDayInput,
): Promise<{ status: 200; errorMessage: ''; billingDay: number }> {
  const { deps, user } = actor;
  const { billingDay, houseID } = input;
  if (houseID === undefined) {
    if (user.roleID !== ROLE.superAdmin || !hasPermission(user, 'superAdmin', LEVEL.update)) {
      throw AppError.forbidden();
    }
    const previous = (await readPlatformSettings(deps))?.billingDay;
    await writePlatformSettings(deps, user.userID, { billingDay });
    await audit(actor, {
      action: 'update',
      entity: 'settings',
      entityID: SETTINGS_PARTITION,
      details: { billingDay, previous: previous ?? null },
    });
    return { status: 200, errorMessage: '', billingDay };
  }
  if (!hasPermission(user, 'house', LEVEL.update)) throw AppError.forbidden();
  const house = await authorizeHouse(deps, user, houseID);
  if (house.billingDay !== billingDay) {
    await replaceAudited(actor, { ...house, billingDay }, house._etag, {
      action: 'update',
      entity: 'house',
      entityID: house.houseID,
      details: { billingDay, previous: house.billingDay ?? null },
    });
  }
  return { status: 200, errorMessage: '', billingDay };
}
