import {
  contractCreateSchema,
  contractRefundSchema,
  contractTerminateSchema,
  contractUpdateSchema,
  LEVEL,
  ROLE,
} from '@nhatro/common';
import { CONTRACT_CHANGE_MODEL, CONTRACT_MODEL } from '../domain/shared/odata/model.js';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { defineODataEntity, expandsAny } from '../http/odata.js';
import { json, pdfReply } from '../http/replies.js';
import { requireID } from '../useCases/shared/houseScope.js';
import { terminateContract } from '../useCases/contracts/terminating.js';
import { recordRefund } from '../useCases/contracts/refunding.js';
import { getLiquidation, liquidationPdf } from '../useCases/contracts/liquidation.js';
import { updateContract } from '../useCases/contracts/changing.js';
import { createContract } from '../useCases/contracts/creating.js';
import { listContractChanges, getContract, listContracts } from '../useCases/contracts/reading.js';

/**
 * `GET /odata/Contract?HouseID=…` (a lessee: their own), `/odata/Contract/{id}`, `POST` (the reply
 * carries the new tenant's `representativeAccount` once), `PATCH` in both forms. Contracts are ended,
 * never deleted.
 */
defineODataEntity({
  name: 'contract',
  entitySet: 'Contract',
  model: CONTRACT_MODEL,
  area: 'contract',
  id: { field: 'contractID', label: 'Mã hợp đồng' },
  list: {
    scope: ['houseID', 'roomID'],
    run: listContracts,
    // Issue photos carry read URLs that expire: a reply holding them is not kept.
    cacheReplies: (_scope, options) => !expandsAny(options, ['issues']),
  },
  get: { run: getContract },
  create: { schema: contractCreateSchema, run: createContract },
  update: { schema: contractUpdateSchema, run: updateContract },
});

/** Early end with a settlement. The name sorts before `contractGet` so Azure tries it first too. */
defineEndpoint({
  name: 'contractEarlyTerminate',
  route: 'odata/Contract/TerminateContract',
  methods: ['POST'],
  permission: { area: 'contract', level: LEVEL.create },
  async handle({ req, actor }) {
    return json(200, await terminateContract(actor, await readJson(req, contractTerminateSchema)));
  },
});

/** The settlement's refund given back. The name sorts before `contractGet` so Azure tries it first too. */
defineEndpoint({
  name: 'contractDepositRefund',
  route: 'odata/Contract/RecordRefund',
  methods: ['POST'],
  // The landlord and their staff give the money back; a tenant never records it.
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ req, actor }) {
    return json(200, await recordRefund(actor, await readJson(req, contractRefundSchema)));
  },
});

/**
 * `GET /odata/Contract/Liquidation?contractID=…`: the liquidation of an ended contract (its lines, who owes
 * whom, the charge that asks what the tenant owes, the refund). The landlord, staff and that contract's
 * tenant. The name sorts before `contractGet` so Azure tries it first too.
 */
defineEndpoint({
  name: 'contractEndLiquidation',
  route: 'odata/Contract/Liquidation',
  methods: ['GET'],
  permission: { area: 'contract', level: LEVEL.read },
  async handle({ req, actor }) {
    const id = requireID(req.query.get('contractID') ?? undefined, 'Mã hợp đồng');
    return json(200, await getLiquidation(actor, id));
  },
});

/** `GET /api/Contract/LiquidationPdf?contractID=…`: "BIÊN BẢN THANH LÝ HỢP ĐỒNG" (A4 PDF). */
defineEndpoint({
  name: 'contractEndLiquidationPdf',
  route: 'api/Contract/LiquidationPdf',
  methods: ['GET'],
  permission: { area: 'contract', level: LEVEL.read },
  async handle({ req, actor }) {
    const id = requireID(req.query.get('contractID') ?? undefined, 'Mã hợp đồng');
    const { pdf, fileName } = await liquidationPdf(actor, id);
    return pdfReply(pdf, fileName);
  },
});

/** The history of a contract (spec guard `lessorViewContact`: landlord and staff, not the tenant). */
defineODataEntity({
  name: 'contractChanges',
  entitySet: 'ContractChanges',
  model: CONTRACT_CHANGE_MODEL,
  area: 'contract',
  id: { field: 'contractChangeID', label: 'Mã thay đổi' },
  list: { roles: [ROLE.houseModerator, ROLE.staff], scope: ['contractID'], run: listContractChanges },
});
