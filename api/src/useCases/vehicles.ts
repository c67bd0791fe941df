import { randomUUID } from 'node:crypto';
import {
  normalizeLicensePlate,
  VEHICLE_MESSAGES,
  type VehicleCreateInput,
  type VehicleUpdateInput,
} from '@nhatro/common';
import { lesseeScope } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import type { ContractServiceDoc, LesseeInfoDoc, VehicleDoc } from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { audit, replaceAudited, writeAudited, type Actor } from './shared/actor.js';
import { contractForCaller } from './shared/contractScope.js';
import {
  assertCurrent,
  deleteAsRead,
  findForCaller,
  houseDocs,
  listInHouse,
  requireID,
  withChanges,
} from './shared/houseScope.js';
import { listEntities, type EntityPage } from './shared/odataQuery.js';
import { entityView } from './shared/views.js';

async function vehicleForCaller(actor: Actor, vehicleID: string): Promise<VehicleDoc> {
  return (await findForCaller<VehicleDoc>(actor, 'vehicle', vehicleID, 'contractID')).doc;
}

/** A plate is registered once per house (compared without spaces, dots and dashes). */
async function assertPlateFree(actor: Actor, houseID: string, plate: string, exceptVehicleID?: string) {
  if (!plate) return;
  const key = normalizeLicensePlate(plate);
  const vehicles = await listInHouse<VehicleDoc>(actor.deps, houseID, 'vehicle', {
    op: 'eq',
    field: 'plateKey',
    value: key,
  });
  if (vehicles.some((vehicle) => vehicle.vehicleID !== exceptVehicleID)) {
    throw AppError.conflict(VEHICLE_MESSAGES.duplicate(plate.toUpperCase()));
  }
}

/** The owner must be an occupant of the same contract. */
async function assertOwner(
  actor: Actor,
  houseID: string,
  contractID: string,
  lesseeInfoID: string | undefined,
) {
  if (!lesseeInfoID) return;
  const owner = await houseDocs<LesseeInfoDoc>(actor.deps).read(houseID, lesseeInfoID);
  if (owner?.type !== 'lesseeInfo' || owner.contractID !== contractID) {
    throw AppError.validation([
      { field: 'lesseeInfoID', errorMessage: 'Người thuê này không thuộc hợp đồng của xe.' },
    ]);
  }
}

export async function listVehicles(
  actor: Actor,
  scope: { contractID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  const contractID = scope.contractID ?? lesseeScope(actor.user)?.contractID;
  const contract = await contractForCaller(actor, requireID(contractID, 'Mã hợp đồng'));
  return listEntities(
    houseDocs<VehicleDoc>(actor.deps),
    {
      partitionKey: contract.houseID,
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'vehicle' },
          { op: 'eq', field: 'contractID', value: contract.contractID },
        ],
      },
    },
    query,
    [{ field: 'licensePlate' }],
    entityView,
  );
}

export async function getVehicle(actor: Actor, vehicleID: string) {
  return entityView(await vehicleForCaller(actor, vehicleID));
}

export async function createVehicle(actor: Actor, contractID: string, input: VehicleCreateInput) {
  const contract = await contractForCaller(actor, contractID);
  const licensePlate = input.licensePlate?.toUpperCase() ?? '';
  await assertPlateFree(actor, contract.houseID, licensePlate);
  await assertOwner(actor, contract.houseID, contract.contractID, input.lesseeInfoID);
  const vehicleID = randomUUID();
  const vehicle = await houseDocs<VehicleDoc>(actor.deps).create({
    id: vehicleID,
    pk: contract.houseID,
    type: 'vehicle',
    vehicleID,
    houseID: contract.houseID,
    contractID: contract.contractID,
    vehicleType: input.vehicleType,
    licensePlate,
    ...(licensePlate ? { plateKey: normalizeLicensePlate(licensePlate) } : {}),
    ...(input.lesseeInfoID ? { lesseeInfoID: input.lesseeInfoID } : {}),
    ...(input.description ? { description: input.description } : {}),
  });
  await audit(actor, { action: 'create', entity: 'vehicle', entityID: vehicleID, houseID: contract.houseID });
  return entityView(vehicle);
}

export async function updateVehicle(
  actor: Actor,
  vehicleID: string,
  input: Omit<VehicleUpdateInput, 'vehicleID'>,
  ifMatch?: string,
) {
  const vehicle = await vehicleForCaller(actor, vehicleID);
  assertCurrent(vehicle, ifMatch);
  const { next, changed } = withChanges(vehicle, {
    ...input,
    ...(input.licensePlate !== undefined
      ? {
          licensePlate: input.licensePlate.toUpperCase(),
          plateKey: normalizeLicensePlate(input.licensePlate),
        }
      : {}),
  });
  if (changed.length === 0) return entityView(vehicle);
  if (next.vehicleType !== 'Xe đạp' && !next.licensePlate) {
    throw AppError.validation([{ field: 'licensePlate', errorMessage: VEHICLE_MESSAGES.plateRequired }]);
  }
  if (changed.includes('licensePlate'))
    await assertPlateFree(actor, vehicle.houseID, next.licensePlate, vehicleID);
  if (changed.includes('lesseeInfoID'))
    await assertOwner(actor, vehicle.houseID, vehicle.contractID, next.lesseeInfoID);
  const updated = await replaceAudited(actor, next, ifMatch ?? vehicle._etag, {
    action: 'update',
    entity: 'vehicle',
    entityID: vehicleID,
  });
  return entityView(updated);
}

export async function deleteVehicle(actor: Actor, vehicleID: string, ifMatch?: string): Promise<void> {
  const vehicle = await vehicleForCaller(actor, vehicleID);
  // Its per-vehicle fees go with it, in the same transaction.
  const fees = await listInHouse<ContractServiceDoc>(actor.deps, vehicle.houseID, 'contractService', {
    op: 'eq',
    field: 'vehicleID',
    value: vehicle.vehicleID,
  });
  await writeAudited(
    actor,
    vehicle.pk,
    [deleteAsRead(vehicle, ifMatch), ...fees.map((fee) => ({ op: 'delete' as const, id: fee.id }))],
    { action: 'delete', entity: 'vehicle', entityID: vehicleID },
  );
}
