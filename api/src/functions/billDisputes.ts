import {
  BILL_DISPUTE_MESSAGES,
  LEVEL,
  ROLE,
  billDisputeAnswerSchema,
  billDisputeCreateSchema,
} from '@nhatro/common';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { json, ok } from '../http/replies.js';
import { answerBillDispute, createBillDispute, listBillDisputes } from '../useCases/billDisputes.js';
import { requireID } from '../useCases/shared/houseScope.js';

/** 'Khiếu nại hóa đơn' (issue 27): the tenant questions a bill line; the landlord or billing staff answer. */

defineEndpoint({
  name: 'billDisputeList',
  route: 'api/BillDispute',
  methods: ['GET'],
  permission: { area: 'billing', level: LEVEL.read },
  async handle({ req, actor }) {
    return json(
      200,
      await listBillDisputes(actor, {
        houseID: req.query.get('houseID') ?? undefined,
        contractID: req.query.get('contractID') ?? undefined,
        monthlyBillID: req.query.get('monthlyBillID') ?? undefined,
      }),
    );
  },
});

defineEndpoint({
  name: 'billDisputeCreate',
  route: 'api/BillDispute',
  methods: ['POST'],
  roles: [ROLE.lessee],
  async handle({ req, actor }) {
    const input = await readJson(req, billDisputeCreateSchema);
    return ok(await createBillDispute(actor, input), { message: BILL_DISPUTE_MESSAGES.sent });
  },
});

defineEndpoint({
  name: 'billDisputeAnswer',
  route: 'api/BillDispute/{id}/Answer',
  methods: ['POST'],
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'billing', level: LEVEL.create },
  async handle({ req, actor, params }) {
    const input = await readJson(req, billDisputeAnswerSchema);
    const answered = await answerBillDispute(actor, requireID(params.id, 'Mã khiếu nại'), input);
    return ok(answered, {
      message:
        input.outcome === 'corrected' ? BILL_DISPUTE_MESSAGES.corrected : BILL_DISPUTE_MESSAGES.rejected,
    });
  },
});
