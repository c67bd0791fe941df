import type { ZaloSettings } from '../../domain/shared/model.js';
import type { ZaloAccess } from '../../messaging/index.js';
import { secretBoxFor, type SecretBox } from '../../messaging/secretBox.js';
import { tracedMethods } from '../../telemetry/tracing.js';
import type { Deps } from './deps.js';
import { readPlatformSettings } from './platformSettings.js';

/** What seals the Zalo tokens in the store (a span per Key Vault call where telemetry is on). */
export function zaloSecretBox(deps: Deps): SecretBox | undefined {
  const sealer = secretBoxFor(deps.config.secretsKey);
  if (!sealer || !deps.config.telemetryEnabled) return sealer;
  return tracedMethods(sealer, 'keyvault', ['seal', 'open']);
}

export async function storedZalo(deps: Deps): Promise<ZaloSettings | undefined> {
  return (await readPlatformSettings(deps))?.zalo;
}

/** The access token and template the outbox sends Zalo messages with, opened; `undefined` without one. */
export async function zaloAccess(deps: Deps): Promise<ZaloAccess | undefined> {
  const zalo = await storedZalo(deps);
  if (!zalo) return undefined;
  let accessToken = zalo.accessToken;
  if (zalo.sealedAccessToken) {
    const sealer = zaloSecretBox(deps);
    if (!sealer) return undefined;
    accessToken = await sealer.open(zalo.sealedAccessToken);
  }
  if (!accessToken) return undefined;
  return { accessToken, ...(zalo.templateID ? { templateID: zalo.templateID } : {}) };
}
