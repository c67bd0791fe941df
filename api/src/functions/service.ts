import { randomUUID } from 'node:crypto';
import { LEVEL, feeCreateSchema, feeUpdateSchema } from '@nhatro/common';
import type { FeeDoc } from '../domain/model.js';
import { SERVICE_MODEL } from '../domain/odata/model.js';
import { parseODataQuery } from '../domain/odata/parse.js';
import { project } from '../domain/odata/evaluate.js';
import { meteredServiceConflict } from '../domain/services.js';
import { defineEndpoint, json, readJson, type AuthedCall } from '../http/endpoint.js';
import { ApiError } from '../http/errors.js';
import { entityView, ifMatch, JSON_LIMIT } from '../services/entities.js';
import { authorizeHouse } from '../services/houses.js';
import { collectionBody, queryCollection } from '../services/odata.js';
import { findInCallersHouse, houseDocs, listInHouse, requireID } from '../services/rooms.js';

/** Spec `settingHouse`: reading needs house level 1; changing fees needs housePermission 2–4. */
const SETTING_HOUSE = { area: 'house', level: LEVEL.update } as const;

async function unitsInHouse(call: AuthedCall, houseID: string) {
  return (await listInHouse<FeeDoc>(call.services, houseID, 'service')).map((service) => service.unit);
}

defineEndpoint({
  name: 'serviceList',
  route: 'odata/Service',
  methods: ['GET'],
  permission: { area: 'house', level: LEVEL.read },
  async handle({ req, services, user }) {
    const params = new URLSearchParams(req.query);
    const houseID = params.get('houseID') ?? params.get('HouseID') ?? user.account.houseID;
    params.delete('houseID');
    params.delete('HouseID');
    const query = parseODataQuery(params, SERVICE_MODEL);
    const house = await authorizeHouse(services, user, requireID(houseID, 'Mã nhà trọ'));
    if (query.orderBy.length === 0) query.orderBy = [{ field: 'serviceName' }];
    const page = await queryCollection(
      houseDocs<FeeDoc>(services),
      { partitionKey: house.houseID, filter: { op: 'eq', field: 'type', value: 'service' } },
      query,
    );
    return json(
      200,
      collectionBody(req, 'Service', {
        ...page,
        value: page.items.map((s) => project(entityView(s), query.select)),
      }),
    );
  },
});

defineEndpoint({
  name: 'serviceCreate',
  route: 'odata/Service',
  methods: ['POST'],
  permission: SETTING_HOUSE,
  async handle(call) {
    const input = await readJson(call.req, feeCreateSchema, JSON_LIMIT);
    const house = await authorizeHouse(call.services, call.user, input.houseID);
    const conflict = meteredServiceConflict(
      { kind: 'create', unit: input.unit },
      await unitsInHouse(call, house.houseID),
    );
    if (conflict) throw ApiError.conflict(conflict);
    const serviceID = randomUUID();
    const service = await houseDocs<FeeDoc>(call.services).create({
      id: serviceID,
      pk: house.houseID,
      type: 'service',
      serviceID,
      houseID: house.houseID,
      serviceName: input.serviceName,
      price: input.price,
      unit: input.unit,
    });
    await call.audit({ action: 'create', entity: 'service', entityID: serviceID, houseID: house.houseID });
    return json(201, entityView(service));
  },
});

async function patchService(call: AuthedCall, idFromRoute: string | undefined) {
  const input = await readJson(call.req, feeUpdateSchema, JSON_LIMIT);
  const serviceID = requireID(idFromRoute ?? input.serviceID, 'Mã dịch vụ');
  const { doc: service } = await findInCallersHouse<FeeDoc>(call.services, call.user, 'service', serviceID);
  if (input.unit !== undefined) {
    const conflict = meteredServiceConflict(
      { kind: 'update', from: service.unit, to: input.unit },
      await unitsInHouse(call, service.houseID),
    );
    if (conflict) throw ApiError.conflict(conflict);
  }
  const updated = await houseDocs<FeeDoc>(call.services).replace(
    {
      ...service,
      ...(input.serviceName !== undefined ? { serviceName: input.serviceName } : {}),
      ...(input.price !== undefined ? { price: input.price } : {}),
      ...(input.unit !== undefined ? { unit: input.unit } : {}),
    },
    { ifMatch: ifMatch(call.req) ?? (service._etag as string) },
  );
  await call.audit({ action: 'update', entity: 'service', entityID: serviceID, houseID: service.houseID });
  return json(200, entityView(updated));
}

defineEndpoint({
  name: 'servicePatch',
  route: 'odata/Service',
  methods: ['PATCH'],
  permission: SETTING_HOUSE,
  handle: (call) => patchService(call, undefined),
});

defineEndpoint({
  name: 'servicePatchById',
  route: 'odata/Service/{id}',
  methods: ['PATCH'],
  permission: SETTING_HOUSE,
  handle: (call) => patchService(call, call.params.id),
});

defineEndpoint({
  name: 'serviceDelete',
  route: 'odata/Service/{id}',
  methods: ['DELETE'],
  permission: SETTING_HOUSE,
  async handle({ services, user, params, audit }) {
    const { doc: service } = await findInCallersHouse<FeeDoc>(
      services,
      user,
      'service',
      requireID(params.id, 'Mã dịch vụ'),
    );
    const conflict = meteredServiceConflict({ kind: 'delete', unit: service.unit }, []);
    if (conflict) throw ApiError.conflict(conflict);
    await houseDocs(services).delete(service.pk, service.id);
    await audit({
      action: 'delete',
      entity: 'service',
      entityID: service.serviceID,
      houseID: service.houseID,
    });
    return { status: 204 };
  },
});
