import { LEVEL, type ZaloTokenInput, type ZaloTokenView } from '@nhatro/common';
import { requireSuperAdmin } from '../domain/shared/access.js';
import { SETTINGS_PARTITION, type ZaloSettings } from '../domain/shared/model.js';
import { audit, type Actor } from './shared/actor.js';
import type { Deps } from './shared/deps.js';
import { readPlatformSettings, writePlatformSettings } from './shared/platformSettings.js';

/**
 * The Zalo Official Account token (and ZNS template) the super admin enters on /settingZaloToken, kept
 * in the platform settings document (`platform` container, pk = id = 'settings'). It is a secret: the
 * API shows only its last four characters and the audit entry never holds it.
 */

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
  return (await readPlatformSettings(deps))?.zalo;
}

/** `GET /api/MetaData/ZaloAccessToken`: whether a token is set, masked. */
export async function getZaloAccessToken(actor: Actor): Promise<ZaloTokenView> {
  requireSuperAdmin(actor.user, LEVEL.read);
  return view(await storedZalo(actor.deps));
}

/**
 * `POST /api/MetaData/SetZaloAccessToken` `{ accessToken, templateID? }`: replaces the token (the
 * template is kept when not given). Only the `zalo` field of the settings is written (a patch), so a
 * billing day saved at the same moment is not lost.
 */
export async function setZaloAccessToken(actor: Actor, input: ZaloTokenInput): Promise<ZaloTokenView> {
  requireSuperAdmin(actor.user, LEVEL.update);
  const { deps, user } = actor;
  const previous = await storedZalo(deps);
  const templateID = input.templateID ?? previous?.templateID;
  const zalo: ZaloSettings = {
    accessToken: input.accessToken,
    ...(templateID ? { templateID } : {}),
    updatedOn: deps.now().toISOString(),
    updatedBy: user.userID,
  };
  await writePlatformSettings(deps, user.userID, { zalo });
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
