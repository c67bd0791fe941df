import { contractPaperVersionSchema, LEVEL } from '@nhatro/common';
import { CONTRACT_IMAGE_VERSION_MODEL } from '../domain/shared/odata/model.js';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { defineODataEntity } from '../http/odata.js';
import { entityJson, ok } from '../http/replies.js';
import { addPaperVersion, getContractDocument, listPaperVersions } from '../useCases/contractDocuments.js';

/**
 * The contract's PDF, rendered on the server when missing or out of date: `{ status, data: FileLink }`.
 * The landlord, their staff, and the contract's own tenant.
 */
defineEndpoint({
  name: 'contractDocument',
  route: 'api/Contract/Document',
  methods: ['GET'],
  permission: { area: 'contract', level: LEVEL.read },
  async handle({ req, actor }) {
    return ok(await getContractDocument(actor, req.query.get('contractID') ?? undefined));
  },
});

/** A scan of the signed paper contract (uploaded with GetPaperContractStorageSAS). Sorts before contractGet. */
defineEndpoint({
  name: 'contractAddPaperVersion',
  route: 'odata/Contract/UploadContractImageVersion',
  methods: ['POST'],
  permission: { area: 'contract', level: LEVEL.create },
  async handle({ req, actor }) {
    return entityJson(201, await addPaperVersion(actor, await readJson(req, contractPaperVersionSchema)));
  },
});

/** `GET /odata/ContractImageVersion?contractID=…`: the paper versions, newest first. */
defineODataEntity({
  name: 'contractImageVersion',
  entitySet: 'ContractImageVersion',
  model: CONTRACT_IMAGE_VERSION_MODEL,
  area: 'contract',
  id: { field: 'contractImageVersionID', label: 'Mã bản hợp đồng giấy' },
  list: { scope: ['contractID'], run: listPaperVersions },
});
