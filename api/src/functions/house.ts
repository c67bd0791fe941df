import { LEVEL } from '@nhatro/common';
import { accessibleHousesQuery } from '../domain/access.js';
import type { HouseDoc } from '../domain/model.js';
import { HOUSE_MODEL } from '../domain/odata/model.js';
import { parseODataQuery } from '../domain/odata/parse.js';
import { project } from '../domain/odata/evaluate.js';
import { defineEndpoint, json } from '../http/endpoint.js';
import type { AppServices } from '../services/context.js';
import type { AuthUser } from '../services/auth/authenticate.js';
import { expandHouse } from '../services/houseExpand.js';
import { authorizeHouse } from '../services/houses.js';
import { collectionBody, queryCollection } from '../services/odata.js';
import { toView } from '../services/views.js';
import type { ODataQuery } from '../domain/odata/parse.js';

async function houseEntity(services: AppServices, user: AuthUser, house: HouseDoc, query: ODataQuery) {
  const entity = { ...toView(house), ...(await expandHouse(services, user, house, query.expand)) };
  const select = query.select ? [...query.select, ...query.expand.map((option) => option.property)] : undefined;
  return project(entity, select);
}

defineEndpoint({
  name: 'houseList',
  route: 'odata/House',
  methods: ['GET'],
  permission: { area: 'house', level: LEVEL.read },
  async handle({ req, services, user }) {
    const query = parseODataQuery(req.query, HOUSE_MODEL);
    const scope = accessibleHousesQuery(user);
    if (!scope) return json(200, collectionBody(req, 'House', { value: [], ...(query.count ? { count: 0 } : {}) }));
    const page = await queryCollection(services.store.container<HouseDoc>('houses'), scope, query);
    const value = [];
    for (const house of page.items) value.push(await houseEntity(services, user, house, query));
    return json(200, collectionBody(req, 'House', { ...page, value }));
  },
});

defineEndpoint({
  name: 'houseGet',
  route: 'odata/House/{id}',
  methods: ['GET'],
  permission: { area: 'house', level: LEVEL.read },
  async handle({ req, services, user, params }) {
    const query = parseODataQuery(req.query, HOUSE_MODEL);
    const house = await authorizeHouse(services, user, params.id ?? '');
    return json(200, await houseEntity(services, user, house, query));
  },
});
