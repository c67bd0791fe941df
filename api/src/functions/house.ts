import { randomUUID } from 'node:crypto';
import { houseCreateSchema, houseUpdateSchema, LEVEL, ROLE } from '@nhatro/common';
import { accessibleHousesQuery } from '../domain/access.js';
import type { HouseDoc, FeeDoc } from '../domain/model.js';
import { DEFAULT_METERED_SERVICES } from '../domain/services.js';
import { HOUSE_MODEL } from '../domain/odata/model.js';
import { parseODataQuery } from '../domain/odata/parse.js';
import { project } from '../domain/odata/evaluate.js';
import { defineEndpoint, json, readJson, type AuthedCall } from '../http/endpoint.js';
import { entityView, ifMatch, JSON_LIMIT } from '../services/entities.js';
import { houseDocs, requireID } from '../services/rooms.js';
import type { AppServices } from '../services/context.js';
import type { AuthUser } from '../services/auth/authenticate.js';
import { expandHouse } from '../services/houseExpand.js';
import { authorizeHouse, newHouseDoc } from '../services/houses.js';
import { collectionBody, queryCollection } from '../services/odata.js';
import type { ODataQuery } from '../domain/odata/parse.js';

async function houseEntity(services: AppServices, user: AuthUser, house: HouseDoc, query: ODataQuery) {
  const entity = { ...entityView(house), ...(await expandHouse(services, user, house, query.expand)) };
  const select = query.select
    ? [...query.select, ...query.expand.map((option) => option.property)]
    : undefined;
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
    if (!scope)
      return json(200, collectionBody(req, 'House', { value: [], ...(query.count ? { count: 0 } : {}) }));
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

/** A landlord adds a house; it starts with its electricity and water services. */
defineEndpoint({
  name: 'houseCreate',
  route: 'odata/House',
  methods: ['POST'],
  roles: [ROLE.houseModerator],
  permission: { area: 'house', level: LEVEL.full },
  async handle({ req, services, user, audit }) {
    const input = await readJson(req, houseCreateSchema, JSON_LIMIT);
    const house = newHouseDoc({ ...input, ownerID: user.userID }, services.now().toISOString());
    const { houseID } = house;
    const meteredServices: FeeDoc[] = DEFAULT_METERED_SERVICES.map((service) => {
      const serviceID = randomUUID();
      return { id: serviceID, pk: houseID, type: 'service', serviceID, houseID, ...service };
    });
    await houseDocs<HouseDoc | FeeDoc>(services).batch(
      houseID,
      [house, ...meteredServices].map((doc) => ({ op: 'create' as const, doc })),
    );
    await audit({ action: 'create', entity: 'house', entityID: houseID, houseID });
    return json(201, entityView(house));
  },
});

async function patchHouse(call: AuthedCall, idFromRoute: string | undefined) {
  const input = await readJson(call.req, houseUpdateSchema, JSON_LIMIT);
  const house = await authorizeHouse(
    call.services,
    call.user,
    requireID(idFromRoute ?? input.houseID, 'Mã nhà trọ'),
  );
  const updated = await houseDocs<HouseDoc>(call.services).replace(
    {
      ...house,
      ...(input.houseName !== undefined ? { houseName: input.houseName } : {}),
      ...(input.houseAddress !== undefined ? { houseAddress: input.houseAddress } : {}),
    },
    { ifMatch: ifMatch(call.req) ?? (house._etag as string) },
  );
  await call.audit({ action: 'update', entity: 'house', entityID: house.houseID, houseID: house.houseID });
  return json(200, entityView(updated));
}

defineEndpoint({
  name: 'housePatch',
  route: 'odata/House',
  methods: ['PATCH'],
  permission: { area: 'house', level: LEVEL.update },
  handle: (call) => patchHouse(call, undefined),
});

defineEndpoint({
  name: 'housePatchById',
  route: 'odata/House/{id}',
  methods: ['PATCH'],
  permission: { area: 'house', level: LEVEL.update },
  handle: (call) => patchHouse(call, call.params.id),
});
