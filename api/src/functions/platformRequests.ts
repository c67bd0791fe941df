import {
  accountExtensionRequestSchema,
  accountPlanPartSchema,
  LEVEL,
  ROLE,
  roomPurchaseRequestSchema,
} from '@nhatro/common';
import { z } from 'zod';
import { PLATFORM_REQUEST_MODEL } from '../domain/shared/odata/model.js';
import { parseODataQuery } from '../domain/shared/odata/parse.js';
import { parseInput, readJson } from '../http/body.js';
import { defineEndpoint, type AuthedEndpoint } from '../http/endpoint.js';
import { collectionBody } from '../http/odata.js';
import { entityJson, json, ok } from '../http/replies.js';
import {
  accountPlan,
  approvePaidRequest,
  listPaidRequests,
  listUnresolvedRequests,
  requestAccountExtension,
  requestRoomPurchase,
} from '../useCases/platformRequests.js';

/**
 * A landlord's room purchases and extensions, and the super admin's lists and approval. The three
 * `odata/House/…` routes are named `houseAdmin…` so that Azure, which tries functions in the order of
 * their names, reaches them before `houseGet` (`odata/House/{id}`).
 */

const ADMIN_READ: Pick<AuthedEndpoint, 'roles' | 'permission'> = {
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
};

/** `{ status, errorMessage, paymentURL }` (spec §7): the landlord opens the URL only when errorMessage is empty. */
defineEndpoint({
  name: 'paymentRequestForBuyingMoreRoom',
  route: 'api/Payment/RequestForBuyingMoreRoom',
  methods: ['POST'],
  roles: [ROLE.houseModerator],
  async handle({ req, actor }) {
    return json(200, await requestRoomPurchase(actor, await readJson(req, roomPurchaseRequestSchema)));
  },
});

/** Open to an expired account: extending it is how it becomes writable again. */
defineEndpoint({
  name: 'paymentRequestForExtendHMAccountExpiration',
  route: 'api/Payment/RequestForExtendHMAccountExpiration',
  methods: ['POST'],
  roles: [ROLE.houseModerator],
  allowsExpiredAccount: true,
  async handle({ req, actor }) {
    return json(
      200,
      await requestAccountExtension(actor, await readJson(req, accountExtensionRequestSchema)),
    );
  },
});

defineEndpoint({
  name: 'houseAdminUnresolvedRequests',
  route: 'odata/House/UnresolvedRequests',
  methods: ['GET'],
  ...ADMIN_READ,
  async handle({ req, actor }) {
    const page = await listUnresolvedRequests(actor, parseODataQuery(req.query, PLATFORM_REQUEST_MODEL));
    return json(200, collectionBody(req, 'PlatformRequest', page));
  },
});

defineEndpoint({
  name: 'houseAdminPaidRequests',
  route: 'odata/House/PaidRequests',
  methods: ['GET'],
  ...ADMIN_READ,
  async handle({ req, actor }) {
    const page = await listPaidRequests(actor, parseODataQuery(req.query, PLATFORM_REQUEST_MODEL));
    return json(200, collectionBody(req, 'PlatformRequest', page));
  },
});

/** The spec's GET approves (spec §4: "a paid request approved by the super admin is marked paid"). */
defineEndpoint({
  name: 'houseAdminRequestPaid',
  route: 'odata/House/RequestPaid',
  methods: ['GET'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.update },
  async handle({ req, actor }) {
    return entityJson(200, await approvePaidRequest(actor, req.query.get('requestID') ?? undefined));
  },
});

/**
 * The landlord's quota, term and prices (/accountPlan); `?part=term` the term alone (the shell's banner),
 * `?part=quota` with the rooms used (the dashboard's line); staff: their landlord's term.
 */
defineEndpoint({
  name: 'userAccountPlan',
  route: 'api/User/AccountPlan',
  methods: ['GET'],
  roles: [ROLE.houseModerator, ROLE.staff],
  async handle({ req, actor }) {
    const { part } = parseInput(z.object({ part: accountPlanPartSchema.optional() }), {
      part: req.query.get('part') ?? undefined,
    });
    return ok(await accountPlan(actor, part));
  },
});
