import { createHash } from 'node:crypto';
import { CONTRACT_MESSAGES, CONTRACT_STATUS, type ContractServiceCreateInput } from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import type { ContractServiceDoc, FeeDoc, VehicleDoc } from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { isStoreError } from '../store/store.js';
import { type Actor, createAudited, writeAudited } from './shared/actor.js';
import { listOfContract, contractForCaller } from './shared/contractScope.js';
import { deleteAsRead, findInCallersHouse, houseDocs, listInHouse } from './shared/houseScope.js';
import type { EntityPage } from './shared/odataQuery.js';
import { entityView } from './shared/views.js';
import { newContractServiceDoc } from '../domain/contracts.js';

/**
 * `POST /odata/ContractService`: the contract starts using a house service. A per-vehicle fee names one
 * of the contract's vehicles; a service is taken once per contract (per vehicle for vehicle fees).
 */
export async function createContractService(actor: Actor, input: ContractServiceCreateInput) {
  const { deps } = actor;
  const contract = await contractForCaller(actor, input.contractID);
  if (contract.status === CONTRACT_STATUS.terminated) throw AppError.conflict(CONTRACT_MESSAGES.notActive);
  const { houseID, contractID } = contract;
  const [fee, subscriptions] = await Promise.all([
    houseDocs<FeeDoc>(deps).read(houseID, input.serviceID),
    listInHouse<ContractServiceDoc>(deps, houseID, 'contractService', {
      op: 'eq',
      field: 'contractID',
      value: contractID,
    }),
  ]);
  if (fee?.type !== 'service') throw AppError.conflict(CONTRACT_MESSAGES.unknownService);
  if (fee.unit === 'vehicle') {
    if (!input.vehicleID) {
      throw AppError.validation([
        { field: 'vehicleID', errorMessage: CONTRACT_MESSAGES.vehicleFeeNeedsVehicle },
      ]);
    }
    const vehicle = await houseDocs<VehicleDoc>(deps).read(houseID, input.vehicleID);
    if (vehicle?.type !== 'vehicle' || vehicle.contractID !== contractID) {
      throw AppError.validation([{ field: 'vehicleID', errorMessage: CONTRACT_MESSAGES.unknownVehicle }]);
    }
  } else if (input.vehicleID) {
    throw AppError.validation([
      { field: 'vehicleID', errorMessage: 'Chỉ phí tính theo xe mới gắn với một xe.' },
    ]);
  }
  const taken = subscriptions.some(
    (subscription) =>
      subscription.serviceID === input.serviceID && subscription.vehicleID === input.vehicleID,
  );
  if (taken) throw AppError.conflict(CONTRACT_MESSAGES.serviceTaken);
  // One id per contract, service and vehicle: two requests at once collide in the store instead of
  // both passing the check above and billing the service twice.
  const contractServiceID = createHash('sha256')
    .update(`${contractID}|${input.serviceID}|${input.vehicleID ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  const saved = await createAudited(
    actor,
    newContractServiceDoc(
      {
        houseID,
        contractID,
        serviceID: input.serviceID,
        vehicleID: input.vehicleID,
        createdOn: deps.now().toISOString(),
      },
      contractServiceID,
    ),
    {
      action: 'create',
      entity: 'contractService',
      entityID: contractServiceID,
      details: { contractID, serviceID: input.serviceID },
    },
  ).catch((error: unknown) => {
    if (isStoreError(error, 'conflict')) throw AppError.conflict(CONTRACT_MESSAGES.serviceTaken);
    throw error;
  });
  return entityView(saved);
}

/** `GET /odata/ContractService?contractID=…` (a tenant: their own contract's). */
export function listContractServices(
  actor: Actor,
  scope: { contractID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  return listOfContract(actor, scope.contractID, 'contractService', query, [{ field: 'createdOn' }]);
}

/** `DELETE /odata/ContractService/{id}`: the contract stops using the service from the next bill. */
export async function deleteContractService(
  actor: Actor,
  contractServiceID: string,
  ifMatch?: string,
): Promise<void> {
  const { doc } = await findInCallersHouse<ContractServiceDoc>(
    actor.deps,
    actor.user,
    'contractService',
    contractServiceID,
  );
  await contractForCaller(actor, doc.contractID);
  await writeAudited(actor, doc.houseID, [deleteAsRead(doc, ifMatch)], {
    action: 'delete',
    entity: 'contractService',
    entityID: contractServiceID,
    details: { contractID: doc.contractID, serviceID: doc.serviceID },
  });
}
