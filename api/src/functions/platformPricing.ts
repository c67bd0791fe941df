import { LEVEL, platformPricingSchema, ROLE } from '@nhatro/common';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { getPlatformPricing, setPlatformPricing } from '../useCases/platformPricing.js';

/** The fee table landlords pay (/timeBill): read and replace, the super admin's. */
defineEndpoint({
  name: 'metaDataPlatformPricing',
  route: 'api/MetaData/PlatformPricing',
  methods: ['GET'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
  async handle({ actor }) {
    return ok(await getPlatformPricing(actor));
  },
});

defineEndpoint({
  name: 'metaDataSetPlatformPricing',
  route: 'api/MetaData/SetPlatformPricing',
  methods: ['POST'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.update },
  async handle({ req, actor }) {
    return ok(await setPlatformPricing(actor, await readJson(req, platformPricingSchema)));
  },
});
