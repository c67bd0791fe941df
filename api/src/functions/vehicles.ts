import { LEVEL, vehicleCreateSchema, vehicleUpdateSchema } from '@nhatro/common';
import { VEHICLE_MODEL } from '../domain/shared/odata/model.js';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { defineODataEntity } from '../http/odata.js';
import { json } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import {
  createVehicle,
  deleteVehicle,
  getVehicle,
  listVehicles,
  updateVehicle,
} from '../useCases/vehicles.js';

/** `GET /odata/Vehicle?contractID=…`, `PATCH` and `DELETE /odata/Vehicle/{id}`. */
defineODataEntity({
  name: 'vehicle',
  entitySet: 'Vehicle',
  model: VEHICLE_MODEL,
  area: 'vehicle',
  id: { field: 'vehicleID', label: 'Mã xe' },
  list: { scope: ['contractID'], run: listVehicles },
  get: { run: (actor, id) => getVehicle(actor, id) },
  update: { schema: vehicleUpdateSchema, run: updateVehicle },
  remove: { run: deleteVehicle },
});

/** The spec adds a vehicle to contract `{id}`: `POST /odata/Vehicle/{contractID}`. */
defineEndpoint({
  name: 'vehicleCreate',
  route: 'odata/Vehicle/{id}',
  methods: ['POST'],
  permission: { area: 'vehicle', level: LEVEL.create },
  async handle({ req, actor, params }) {
    const input = await readJson(req, vehicleCreateSchema);
    return json(201, await createVehicle(actor, requireID(params.id, 'Mã hợp đồng'), input));
  },
});
