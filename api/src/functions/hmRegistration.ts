import { LEVEL, ROLE } from '@nhatro/common';
import { REGISTRATIONS_PARTITION, type RegistrationDoc } from '../domain/model.js';
import { REGISTRATION_MODEL } from '../domain/odata/model.js';
import { parseODataQuery } from '../domain/odata/parse.js';
import { project } from '../domain/odata/evaluate.js';
import { defineEndpoint, json } from '../http/endpoint.js';
import { collectionBody, queryCollection } from '../services/odata.js';
import { toView } from '../services/views.js';

/** Lessor registrations, newest first unless the client orders otherwise. */
defineEndpoint({
  name: 'hmRegistrationList',
  route: 'odata/HMRegistration',
  methods: ['GET'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
  async handle({ req, services }) {
    const query = parseODataQuery(req.query, REGISTRATION_MODEL);
    if (query.orderBy.length === 0) query.orderBy = [{ field: 'createdOn', desc: true }];
    const page = await queryCollection(
      services.store.container<RegistrationDoc>('platform'),
      { partitionKey: REGISTRATIONS_PARTITION, filter: { op: 'eq', field: 'type', value: 'registration' } },
      query,
    );
    const value = page.items.map((doc) => project(toView(doc), query.select));
    return json(200, collectionBody(req, 'HMRegistration', { ...page, value }));
  },
});
