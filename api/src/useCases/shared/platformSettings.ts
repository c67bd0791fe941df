import { type PlatformPricing, DEFAULT_PLATFORM_PRICING } from '@nhatro/common';
import { SETTINGS_PARTITION, type PlatformSettingsDoc } from '../../domain/shared/model.js';
import { isStoreError } from '../../store/store.js';
import type { Deps } from './deps.js';

/**
 * The platform's settings document (`platform` container, pk = id = 'settings'): the default billing
 * day, the Zalo token and the fee table, each set by the super admin on its own page.
 */
type SettingsFields = Partial<
  Pick<PlatformSettingsDoc, 'billingDay' | 'zalo' | 'pricing' | 'rentTaxThreshold'>
>;

function settingsContainer(deps: Deps) {
  return deps.store.container<PlatformSettingsDoc>('platform');
}

export async function readPlatformSettings(deps: Deps): Promise<PlatformSettingsDoc | undefined> {
  const settings = await settingsContainer(deps).read(SETTINGS_PARTITION, SETTINGS_PARTITION);
  return settings?.type === 'settings' ? settings : undefined;
}

/**
 * Sets these fields of the settings (a patch, so a field another page saves at the same moment is
 * kept), creating the document the first time; a concurrent first write is patched over.
 */
export async function writePlatformSettings(
  deps: Deps,
  userID: string,
  fields: SettingsFields,
): Promise<string> {
  const container = settingsContainer(deps);
  const updatedOn = deps.now().toISOString();
  const patch = () =>
    container.patch(SETTINGS_PARTITION, SETTINGS_PARTITION, [
      ...Object.entries(fields).map(([field, value]) => ({ op: 'set' as const, path: `/${field}`, value })),
      { op: 'set', path: '/updatedOn', value: updatedOn },
      { op: 'set', path: '/updatedBy', value: userID },
    ]);
  try {
    await patch();
  } catch (error) {
    if (!isStoreError(error, 'not_found')) throw error;
    try {
      await container.create({
        id: SETTINGS_PARTITION,
        pk: SETTINGS_PARTITION,
        type: 'settings',
        ...fields,
        updatedOn,
        updatedBy: userID,
      });
    } catch (createError) {
      if (!isStoreError(createError, 'conflict')) throw createError;
      await patch();
    }
  }
  return updatedOn;
}

/** The platform's default billing day, when the super admin set one. */
export async function platformBillingDay(deps: Deps): Promise<number | undefined> {
  return (await readPlatformSettings(deps))?.billingDay;
}

/** The prices that apply now. */
export async function currentPricing(deps: Deps): Promise<PlatformPricing> {
  return pricingIn(await readPlatformSettings(deps));
}

/** The prices the settings set, or the defaults before the super admin sets any. */
export function pricingIn(settings: PlatformSettingsDoc | undefined): PlatformPricing {
  return settings?.pricing ?? DEFAULT_PLATFORM_PRICING;
}
