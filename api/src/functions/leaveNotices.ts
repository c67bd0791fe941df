import { LEAVE_NOTICE_MESSAGES, LEVEL, ROLE, leaveNoticeCreateSchema } from '@nhatro/common';
import { z } from 'zod';
import { readJson } from '../http/body.js';
import { defineEndpoint } from '../http/endpoint.js';
import { json, ok } from '../http/replies.js';
import {
  acknowledgeLeaveNotice,
  giveLeaveNotice,
  listLeaveNotices,
  withdrawLeaveNotice,
} from '../useCases/leaveNotices.js';
import { requireID } from '../useCases/shared/houseScope.js';

/** Notices of leaving (issue 27): the tenant gives and withdraws; the landlord and staff acknowledge. */

const NO_FIELDS = z.object({}).strict();
const ID_LABEL = 'Mã báo trả phòng';

defineEndpoint({
  name: 'leaveNoticeList',
  route: 'api/LeaveNotice',
  methods: ['GET'],
  permission: { area: 'contract', level: LEVEL.read },
  async handle({ req, actor }) {
    const scope = {
      houseID: req.query.get('houseID') ?? undefined,
      roomID: req.query.get('roomID') ?? undefined,
      contractID: req.query.get('contractID') ?? undefined,
    };
    return json(200, await listLeaveNotices(actor, scope, req.query.get('includeWithdrawn') === 'true'));
  },
});

defineEndpoint({
  name: 'leaveNoticeCreate',
  route: 'api/LeaveNotice',
  methods: ['POST'],
  roles: [ROLE.lessee],
  async handle({ req, actor }) {
    const input = await readJson(req, leaveNoticeCreateSchema);
    return ok(await giveLeaveNotice(actor, input), { message: LEAVE_NOTICE_MESSAGES.sent });
  },
});

defineEndpoint({
  name: 'leaveNoticeWithdraw',
  route: 'api/LeaveNotice/{id}/Withdraw',
  methods: ['POST'],
  roles: [ROLE.lessee],
  async handle({ req, actor, params }) {
    await readJson(req, NO_FIELDS);
    const notice = await withdrawLeaveNotice(actor, requireID(params.id, ID_LABEL));
    return ok(notice, { message: LEAVE_NOTICE_MESSAGES.withdrawn });
  },
});

defineEndpoint({
  name: 'leaveNoticeAcknowledge',
  route: 'api/LeaveNotice/{id}/Acknowledge',
  methods: ['POST'],
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ req, actor, params }) {
    await readJson(req, NO_FIELDS);
    const notice = await acknowledgeLeaveNotice(actor, requireID(params.id, ID_LABEL));
    return ok(notice, { message: LEAVE_NOTICE_MESSAGES.acknowledged });
  },
});
