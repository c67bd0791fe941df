import { DEFAULT_PLATFORM_PRICING, LEVEL, type PlatformPricing } from '@nhatro/common';
import { requireSuperAdmin } from '../domain/shared/access.js';
import { SETTINGS_PARTITION } from '../domain/shared/model.js';
import { audit, type Actor } from './shared/actor.js';
import { currentPricing, readPlatformSettings, writePlatformSettings } from './shared/platformSettings.js';

/**
 * What landlords pay the platform (the fee table of /timeBill): kept in the platform settings document
 * (`platform`, pk = id = 'settings', field `pricing`); `DEFAULT_PLATFORM_PRICING` until the super admin
 * sets it. A price is fixed on a registration or request when it is made: a new table changes only what
 * is asked for afterwards.
 */

/** `GET /api/MetaData/PlatformPricing`: the fee table, and whether the super admin changed the defaults. */
export async function getPlatformPricing(
  actor: Actor,
): Promise<{ pricing: PlatformPricing; isDefault: boolean; updatedOn?: string }> {
  requireSuperAdmin(actor.user, LEVEL.read);
  const settings = await readPlatformSettings(actor.deps);
  const stored = settings?.pricing;
  return stored
    ? { pricing: stored, isDefault: false, updatedOn: settings?.updatedOn }
    : { pricing: DEFAULT_PLATFORM_PRICING, isDefault: true };
}

/**
 * `POST /api/MetaData/SetPlatformPricing` (the whole table): only the `pricing` field of the settings is
 * written (a patch), so a billing day or Zalo token saved at the same moment is kept.
 */
export async function setPlatformPricing(
  actor: Actor,
  pricing: PlatformPricing,
): Promise<{ pricing: PlatformPricing; isDefault: false; updatedOn: string }> {
  requireSuperAdmin(actor.user, LEVEL.update);
  const { deps, user } = actor;
  const previous = await currentPricing(deps);
  const updatedOn = await writePlatformSettings(deps, user.userID, { pricing });
  await audit(actor, {
    action: 'update',
    entity: 'settings',
    entityID: SETTINGS_PARTITION,
    details: { pricing, previous },
  });
  return { pricing, isDefault: false, updatedOn };
}
