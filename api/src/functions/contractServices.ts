import { contractServiceCreateSchema, LEVEL } from '@nhatro/common';
import { CONTRACT_SERVICE_MODEL } from '../domain/shared/odata/model.js';
import { defineODataEntity } from '../http/odata.js';
import {
  createContractService,
  deleteContractService,
  listContractServices,
} from '../useCases/contractServices.js';

/**
 * `POST /odata/ContractService` (a per-vehicle fee carries `vehicleID`), `GET ?contractID=…`,
 * `DELETE /odata/ContractService/{id}`. Changing a contract's services is contract work (level 3).
 */
defineODataEntity({
  name: 'contractService',
  entitySet: 'ContractService',
  model: CONTRACT_SERVICE_MODEL,
  area: 'contract',
  id: { field: 'contractServiceID', label: 'Mã dịch vụ của hợp đồng' },
  list: { scope: ['contractID'], run: listContractServices },
  create: { schema: contractServiceCreateSchema, run: createContractService },
  remove: { permission: { area: 'contract', level: LEVEL.create }, run: deleteContractService },
});
