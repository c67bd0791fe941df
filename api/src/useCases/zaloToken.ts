import { LEVEL, ROLE, type ZaloTokenInput, type ZaloTokenView } from '@nhatro/common';
import { hasPermission } from '../domain/access.js';
import { AppError } from '../domain/errors.js';
import { SETTINGS_PARTITION, type PlatformSettingsDoc, type ZaloSettings } from '../domain/model.js';
import { StoreError } from '../store/store.js';
import { audit, type Actor } from './actor.js';
import type { Deps } from './deps.js';

/**
 * The Zalo Official Account token (and ZNS template) the super admin enters on /settingZaloToken, kept
 * in the platform settings document (`platform` container, pk = id = 'settings'). It is a secret: the
 * API shows only its last four characters and the audit entry never holds it.
 */

function settingsContainer(deps: Deps) {
  return deps.store.container<PlatformSettingsDoc>('platform');
}

function requireSuperAdmin(actor: Actor, level: number): void {
  const { user } = actor;
  if (user.roleID !== ROLE.superAdmin || !hasPermission(user, 'superAdmin', level))
    throw AppError.forbidden();
}

/** `••••abcd`: enough for the super admin to recognise the token, nothing to use it. */
function masked(token: string): string {
  return token.length >= 12 ? `••••${token.slice(-4)}` : '••••';
}

function view(zalo: ZaloSettings | undefined): ZaloTokenView {
  if (!zalo) return { configured: false };
  return {
    configured: true,
    maskedToken: masked(zalo.accessToken),
    ...(zalo.templateID ? { templateID: zalo.templateID } : {}),
    updatedOn: zalo.updatedOn,
  };
}

async function storedZalo(deps: Deps): Promise<ZaloSettings | undefined> {
  const settings = await settingsContainer(deps).read(SETTINGS_PARTITION, SETTINGS_PARTITION);
  return settings?.type === 'settings' ? settings.zalo : undefined;
}

/** `GET /api/MetaData/ZaloAccessToken`: whether a token is set, masked. */
export async function getZaloAccessToken(actor: Actor): Promise<ZaloTokenView> {
  requireSuperAdmin(actor, LEVEL.read);
  return view(await storedZalo(actor.deps));
}

/**
 * `POST /api/MetaData/SetZaloAccessToken` `{ accessToken, templateID? }`: replaces the token (the
 * template is kept when not given). Only the `zalo` field of the settings is written (a patch), so a
 * billing day saved at the same moment is not lost.
 */
export async function setZaloAccessToken(actor: Actor, input: ZaloTokenInput): Promise<ZaloTokenView> {
  requireSuperAdmin(actor, LEVEL.update);
  const { deps, user } = actor;
  const previous = await storedZalo(deps);
  const templateID = input.templateID ?? previous?.templateID;
  const zalo: ZaloSettings = {
    accessToken: input.accessToken,
    ...(templateID ? { templateID } : {}),
    updatedOn: deps.now().toISOString(),
    updatedBy: user.userID,
  };
  const container = settingsContainer(deps);
  const patch = () =>
    container.patch(SETTINGS_PARTITION, SETTINGS_PARTITION, [{ op: 'set', path: '/zalo', value: zalo }]);
  try {
    await patch();
  } catch (error) {
    if (!(error instanceof StoreError && error.code === 'not_found')) throw error;
    try {
      await container.create({
        id: SETTINGS_PARTITION,
        pk: SETTINGS_PARTITION,
        type: 'settings',
        zalo,
        updatedOn: zalo.updatedOn,
        updatedBy: user.userID,
      });
    } catch (createError) {
      // Someone created the settings meanwhile: set the field on theirs.
      if (!(createError instanceof StoreError && createError.code === 'conflict')) throw createError;
      await patch();
    }
  }
  await audit(actor, {
    action: 'update',
    entity: 'settings',
    entityID: SETTINGS_PARTITION,
    details: {
      zaloToken: masked(zalo.accessToken),
      templateID: templateID ?? null,
      replaced: Boolean(previous),
    },
  });
  return view(zalo);
}
