import type { HttpResponseInit } from '@azure/functions';
import {
  LEVEL,
  MESSAGES,
  REGISTRATION_MESSAGES,
  REGISTRATION_TOKEN_HEADER,
  registrationCreateSchema,
  registrationDecisionSchema,
  registrationUpdateSchema,
  ROLE,
} from '@nhatro/common';
import { hasPermission } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import { REGISTRATION_MODEL } from '../domain/shared/odata/model.js';
import { parseODataQuery } from '../domain/shared/odata/parse.js';
import { ifMatch, readJson } from '../http/body.js';
import { definePublicEndpoint, type PublicCall } from '../http/endpoint.js';
import { defineODataEntity } from '../http/odata.js';
import { entityJson, json, noContent, ok } from '../http/replies.js';
import { authenticate } from '../useCases/auth/authenticate.js';
import { requireID } from '../useCases/shared/houseScope.js';
import { currentPricing } from '../useCases/shared/platformSettings.js';
import type { RegistrationCaller } from '../useCases/registrations/access.js';
import { decideRegistration, listRegistrations } from '../useCases/registrations/deciding.js';
import {
  createRegistration,
  deleteRegistration,
  getRegistration,
  requestRegistrationPayment,
  updateOwnRegistration,
} from '../useCases/registrations/registering.js';

/**
 * The spec's `HMRegistration`: a future landlord registers without an account (public POST) and keeps
 * the registration token the reply carries; with it (header `X-Registration-Token`) they read, change
 * and withdraw their registration and pay its fee. The super admin lists, reads, approves or rejects
 * (PATCH) and deletes them. A request with a bearer token is the super admin's (any other role: 403);
 * one without is the registrant's.
 */

const ID = { label: 'Mã đăng ký' } as const;

defineODataEntity({
  name: 'hmRegistration',
  entitySet: 'HMRegistration',
  model: REGISTRATION_MODEL,
  area: 'superAdmin',
  id: { field: 'registrationID', label: ID.label },
  list: {
    roles: [ROLE.superAdmin],
    permission: { area: 'superAdmin', level: LEVEL.read },
    scope: [],
    run: (actor, _scope, query) => listRegistrations(actor, query),
  },
});

/** The super admin (a bearer token of role 1), or the registrant (their registration token). */
async function registrationCaller(call: PublicCall, level: number): Promise<RegistrationCaller> {
  const authorization = call.req.headers.get('authorization');
  if (authorization !== null) {
    const user = await authenticate(call.deps, authorization);
    if (user.account.mustChangePassword) throw AppError.forbidden(MESSAGES.passwordChangeRequired);
    if (user.roleID !== ROLE.superAdmin || !hasPermission(user, 'superAdmin', level)) {
      throw AppError.forbidden();
    }
    return { kind: 'superAdmin', actor: { deps: call.deps, user, origin: call.origin } };
  }
  const token = call.req.headers.get(REGISTRATION_TOKEN_HEADER);
  if (!token) throw AppError.unauthenticated();
  return { kind: 'registrant', deps: call.deps, origin: call.origin, token };
}

/** The registrant only: the registration token, no account. */
function registrantToken(call: PublicCall): string {
  const token = call.req.headers.get(REGISTRATION_TOKEN_HEADER);
  if (!token) throw AppError.notFound(REGISTRATION_MESSAGES.notFound);
  return token;
}

definePublicEndpoint({
  name: 'hmRegistrationCreate',
  route: 'odata/HMRegistration',
  methods: ['POST'],
  async handle({ req, deps, origin }) {
    return entityJson(
      201,
      await createRegistration(deps, origin, await readJson(req, registrationCreateSchema)),
    );
  },
});

definePublicEndpoint({
  name: 'hmRegistrationGet',
  route: 'odata/HMRegistration/{id}',
  methods: ['GET'],
  async handle(call) {
    const caller = await registrationCaller(call, LEVEL.read);
    // The entity's options are checked like every entity set's, though one registration has nothing to expand.
    parseODataQuery(call.req.query, REGISTRATION_MODEL);
    return entityJson(200, await getRegistration(caller, requireID(call.params.id, ID.label)));
  },
});

/** The id a PATCH names: the route's, or the body's (which must agree with the route's when both are given). */
function patchTarget(idFromRoute: string | undefined, idFromBody: string | undefined): string {
  if (idFromRoute !== undefined && idFromBody !== undefined && idFromBody !== idFromRoute) {
    throw AppError.validation([{ field: 'registrationID', errorMessage: MESSAGES.idMismatch(ID.label) }]);
  }
  return requireID(idFromRoute ?? idFromBody, ID.label);
}

/** Fields sent as undefined are dropped: an empty PATCH answers the unchanged registration. */
function sentFields<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/** Both PATCH forms: the super admin decides; the registrant changes their own while it is pending. */
async function patch(call: PublicCall, idFromRoute: string | undefined): Promise<HttpResponseInit> {
  const caller = await registrationCaller(call, LEVEL.update);
  if (caller.kind === 'superAdmin') {
    const { registrationID, ...decision } = await readJson(call.req, registrationDecisionSchema);
    const target = patchTarget(idFromRoute, registrationID);
    return entityJson(
      200,
      await decideRegistration(caller.actor, target, sentFields(decision), ifMatch(call.req)),
    );
  }
  const { registrationID, ...changes } = await readJson(call.req, registrationUpdateSchema);
  const target = patchTarget(idFromRoute, registrationID);
  return entityJson(
    200,
    await updateOwnRegistration(
      caller.deps,
      caller.origin,
      caller.token,
      target,
      sentFields(changes),
      ifMatch(call.req),
    ),
  );
}

definePublicEndpoint({
  name: 'hmRegistrationPatch',
  route: 'odata/HMRegistration',
  methods: ['PATCH'],
  handle: (call) => patch(call, undefined),
});

definePublicEndpoint({
  name: 'hmRegistrationPatchById',
  route: 'odata/HMRegistration/{id}',
  methods: ['PATCH'],
  handle: (call) => patch(call, call.params.id),
});

definePublicEndpoint({
  name: 'hmRegistrationDelete',
  route: 'odata/HMRegistration/{id}',
  methods: ['DELETE'],
  async handle(call) {
    const caller = await registrationCaller(call, LEVEL.full);
    await deleteRegistration(caller, requireID(call.params.id, ID.label));
    return noContent;
  },
});

/** The prices the registration form shows the fee with (public: the public site shows them too). */
definePublicEndpoint({
  name: 'hmRegistrationPricing',
  route: 'api/HMRegistration/Pricing',
  methods: ['GET'],
  async handle({ deps }) {
    return ok(await currentPricing(deps));
  },
});

/** `{ status, errorMessage, paymentURL }` (spec §7) for the fee, once the e-mail and phone are verified. */
definePublicEndpoint({
  name: 'paymentUrlForHMRegistration',
  route: 'api/Payment/RequestPaymentURLForHMRegistration',
  methods: ['GET'],
  async handle(call) {
    const token = registrantToken(call);
    const registrationID = requireID(call.req.query.get('registrationID') ?? undefined, ID.label);
    return json(200, await requestRegistrationPayment(call.deps, call.origin, token, registrationID));
  },
});
