import { LEVEL, ROLE, zaloTokenSchema } from '@nhatro/common';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { getZaloAccessToken, setZaloAccessToken } from '../useCases/zaloToken.js';

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
