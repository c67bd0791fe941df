import { randomUUID } from 'node:crypto';
import type { ContractPaperVersionInput, FileLink } from '@nhatro/common';
import { parseBlobName } from '../domain/shared/blobNames.js';
import { AppError } from '../domain/shared/errors.js';
import type { ContractImageVersionDoc } from '../domain/shared/model.js';
import type { ODataQuery } from '../domain/shared/odata/parse.js';
import { type Actor, createAudited } from './shared/actor.js';
import { acceptUpload } from './shared/uploads.js';
import { listOfContract, contractForCaller } from './shared/contractScope.js';
import { listInHouse, requireID } from './shared/houseScope.js';
import type { EntityPage } from './shared/odataQuery.js';
import { entityView } from './shared/views.js';
import { contractPdfLink } from './shared/contractPdf.js';

/** `GET /api/Contract/Document?contractID=…`: the landlord, their staff, or the contract's own tenant. */
export async function getContractDocument(actor: Actor, contractID: string | undefined): Promise<FileLink> {
  const contract = await contractForCaller(actor, requireID(contractID, 'Mã hợp đồng'));
  return contractPdfLink(actor.deps, contract, { user: actor.user, origin: actor.origin });
}

/** Registers a scan of the signed paper contract, numbered after the ones before it. */
export async function addPaperVersion(actor: Actor, input: ContractPaperVersionInput) {
  const { deps, user } = actor;
  const contract = await contractForCaller(actor, input.contractID);
  const name = parseBlobName('paper-contracts', input.blobName);
  if (!name || name.scope !== contract.houseID) {
    throw AppError.validation([{ field: 'blobName', errorMessage: 'Tệp bản hợp đồng giấy không hợp lệ.' }]);
  }
  const earlier = await listInHouse<ContractImageVersionDoc>(deps, contract.houseID, 'contractImageVersion', {
    op: 'eq',
    field: 'contractID',
    value: contract.contractID,
  });
  if (earlier.some((version) => version.blobName === input.blobName)) {
    throw AppError.conflict('Tệp này đã được thêm làm một bản hợp đồng giấy.');
  }
  // The area takes PDF and PNG only (BLOB_AREAS), the types a version records.
  const fileType = (await acceptUpload(deps, 'paper-contracts', input.blobName)) as 'pdf' | 'png';
  const contractImageVersionID = randomUUID();
  const version: ContractImageVersionDoc = {
    id: contractImageVersionID,
    pk: contract.houseID,
    type: 'contractImageVersion',
    contractImageVersionID,
    houseID: contract.houseID,
    contractID: contract.contractID,
    version: Math.max(0, ...earlier.map((item) => item.version)) + 1,
    blobName: input.blobName,
    fileType,
    ...(input.note ? { note: input.note } : {}),
    uploadedBy: user.userID,
    uploadedByName: user.account.fullName,
    uploadedOn: deps.now().toISOString(),
  };
  const saved = await createAudited(actor, version, {
    action: 'create',
    entity: 'contractImageVersion',
    entityID: contractImageVersionID,
    details: { contractID: contract.contractID, version: version.version },
  });
  return entityView(saved);
}

/** `GET /odata/ContractImageVersion?contractID=…`: the paper versions of a contract, newest first. */
export function listPaperVersions(
  actor: Actor,
  scope: { contractID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  return listOfContract(actor, scope.contractID, 'contractImageVersion', query, [
    { field: 'version', desc: true },
  ]);
}
