import { DEFAULT_PLATFORM_PRICING, LEVEL, ROLE, type PlatformPricing } from '@nhatro/common';
import { hasPermission } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import { SETTINGS_PARTITION, type PlatformSettingsDoc } from '../domain/model.js';
import { StoreError } from '../store/store.js';
import { audit, type Actor } from './actor.js';
import type { Deps } from './deps.js';

/**
 * What landlords pay the platform (the fee table of /timeBill): kept in the platform settings document
 * (`platform`, pk = id = 'settings', field `pricing`); `DEFAULT_PLATFORM_PRICING` until the super admin
 * sets it. A price is fixed on a registration or request when it is made: a new table changes only what
 * is asked for afterwards.
 */

function settingsContainer(deps: Deps) {
  return deps.store.container<PlatformSettingsDoc>('platform');
}

/** The prices that apply now. */
export async function currentPricing(deps: Deps): Promise<PlatformPricing> {
  const settings = await settingsContainer(deps).read(SETTINGS_PARTITION, SETTINGS_PARTITION);
  return (settings?.type === 'settings' ? settings.pricing : undefined) ?? DEFAULT_PLATFORM_PRICING;
}

function requireSuperAdmin(actor: Actor, level: number): void {
  if (actor.user.roleID !== ROLE.superAdmin || !hasPermission(actor.user, 'superAdmin', level)) {
    throw AppError.forbidden();
  }
}

/** `GET /api/MetaData/PlatformPricing`: the fee table, and whether the super admin changed the defaults. */
export async function getPlatformPricing(
  actor: Actor,
): Promise<{ pricing: PlatformPricing; isDefault: boolean; updatedOn?: string }> {
  requireSuperAdmin(actor, LEVEL.read);
  const settings = await settingsContainer(actor.deps).read(SETTINGS_PARTITION, SETTINGS_PARTITION);
  const stored = settings?.type === 'settings' ? settings.pricing : undefined;
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
  requireSuperAdmin(actor, LEVEL.update);
  const { deps, user } = actor;
  const container = settingsContainer(deps);
  const previous = await currentPricing(deps);
  const updatedOn = deps.now().toISOString();
  const patch = () =>
    container.patch(SETTINGS_PARTITION, SETTINGS_PARTITION, [
      { op: 'set', path: '/pricing', value: pricing },
      { op: 'set', path: '/updatedOn', value: updatedOn },
      { op: 'set', path: '/updatedBy', value: user.userID },
    ]);
  try {
    await patch();
  } catch (error) {
    if (!(error instanceof StoreError && error.code === 'not_found')) throw error;
    try {
      await container.create({
        id: SETTINGS_PARTITION,
        pk: SETTINGS_PARTITION,
        type: 'settings',
        pricing,
        updatedOn,
        updatedBy: user.userID,
      });
    } catch (createError) {
      if (!(createError instanceof StoreError && createError.code === 'conflict')) throw createError;
      await patch();
    }
  }
  await audit(actor, {
    action: 'update',
    entity: 'settings',
    entityID: SETTINGS_PARTITION,
    details: { pricing, previous },
  });
  return { pricing, isDefault: false, updatedOn };
}
