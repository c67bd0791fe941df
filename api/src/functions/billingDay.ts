import { billingDaySchema } from '@nhatro/common';
import { readJson, splitQuery } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { json } from '../http/replies.js';
import { getBillingDay, setBillingDay } from '../useCases/billingDay.js';

/** `GET /api/MetaData/BillingDay?houseID=…` (without a house: the platform default). */
defineEndpoint({
  name: 'metaDataBillingDay',
  route: 'api/MetaData/BillingDay',
  methods: ['GET'],
  async handle({ req, actor }) {
    return json(200, await getBillingDay(actor, splitQuery(req, ['houseID']).scope.houseID));
  },
});

/** The super admin sets the default day; a landlord one house's (house settings). */
defineEndpoint({
  name: 'metaDataSetBillingDay',
  route: 'api/MetaData/SetBillingDay',
  methods: ['POST'],
  async handle({ req, actor }) {
    return json(200, await setBillingDay(actor, await readJson(req, billingDaySchema)));
  },
});
