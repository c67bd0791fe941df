import { LEVEL, ROLE, zaloTokenSchema } from '@nhatro/common';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { failIfAnyFailed, registerTimer } from '../http/registry.js';
import { getDeps } from '../composition/deps.js';
import { log } from '../telemetry/log.js';
import { getZaloAccessToken, renewZaloTokenIfDue, setZaloAccessToken } from '../useCases/zaloToken.js';

/** The super admin's Zalo token (/settingZaloToken): whether one is set (masked), and setting it. */
defineEndpoint({
  name: 'metaDataZaloAccessToken',
  route: 'api/MetaData/ZaloAccessToken',
  methods: ['GET'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
  async handle({ actor }) {
    return ok(await getZaloAccessToken(actor));
  },
});

defineEndpoint({
  name: 'metaDataSetZaloAccessToken',
  route: 'api/MetaData/SetZaloAccessToken',
  methods: ['POST'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.update },
  async handle({ req, actor }) {
    return ok(await setZaloAccessToken(actor, await readJson(req, zaloTokenSchema)));
  },
});

/**
 * Every hour at :20: renews the Zalo access token (about 25 hours) when less than 3 hours are left, with
 * the sealed refresh token. A failed renewal is logged (`zaloToken.renewalFailed`, an alert), told to the
 * super admins through the outbox, and fails the run; a token that cannot be renewed (no refresh token,
 * no Zalo app configured) and is about to expire is a warning. Fired locally with
 * `POST /_dev/timers/zaloTokenRenewal` (a local run never calls Zalo unless ZALO_APP_ID is set).
 */
registerTimer({
  name: 'zaloTokenRenewal',
  schedule: '0 20 * * * *',
  async handler() {
    const outcome = await renewZaloTokenIfDue(await getDeps());
    if (outcome.state === 'renewed') log.info('zaloToken.renewed', { expiresOn: outcome.expiresOn });
    if (outcome.state === 'blocked') {
      log.warn('zaloToken.cannotRenew', { reason: outcome.reason, expiresOn: outcome.expiresOn });
    }
    if (outcome.state === 'failed') {
      log.error('zaloToken.renewalFailed', { error: outcome.error, expiresOn: outcome.expiresOn });
      failIfAnyFailed('token renewals', [outcome]);
    }
  },
});
