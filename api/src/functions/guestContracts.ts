import { guestContractSignSchema, LEVEL, SIGNATURE_MAX_CHARS } from '@nhatro/common';
import { z } from 'zod';
import { readJson } from '../http/body.js';
import { defineEndpoint, definePublicEndpoint } from '../http/endpoint.js';
import { json, noContent, ok } from '../http/replies.js';
import {
  createGuestLink,
  guestContractDocument,
  readGuestContract,
  revokeGuestLink,
  signGuestContract,
} from '../useCases/guestContracts.js';
import { requireID } from '../useCases/shared/houseScope.js';

/** The link takes no options: an empty body (or `{}`), anything else is a 400. */
const NO_FIELDS = z.object({}).strict();

/** `POST /odata/Contract/{id}/GuestLink` → `{ url, expiresOn }`; a new link replaces the previous one. */
defineEndpoint({
  name: 'contractGuestLinkCreate',
  route: 'odata/Contract/{id}/GuestLink',
  methods: ['POST'],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ req, actor, params }) {
    await readJson(req, NO_FIELDS);
    return json(200, await createGuestLink(actor, requireID(params.id, 'Mã hợp đồng')));
  },
});

defineEndpoint({
  name: 'contractGuestLinkRevoke',
  route: 'odata/Contract/{id}/GuestLink',
  methods: ['DELETE'],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ actor, params }) {
    await revokeGuestLink(actor, requireID(params.id, 'Mã hợp đồng'));
    return noContent;
  },
});

/** The guest link's token is the only key: no account, and a contract id alone opens nothing. */
function guestQuery(query: URLSearchParams): { contractID: string; token: string } {
  return {
    contractID: requireID(query.get('contractID') ?? undefined, 'Mã hợp đồng'),
    token: query.get('token') ?? '',
  };
}

definePublicEndpoint({
  name: 'guestContractRead',
  route: 'api/GuestContract',
  methods: ['GET'],
  async handle({ req, deps, origin }) {
    const { contractID, token } = guestQuery(req.query);
    return ok(await readGuestContract(deps, origin, contractID, token));
  },
});

definePublicEndpoint({
  name: 'guestContractDocument',
  route: 'api/GuestContract/Document',
  methods: ['GET'],
  async handle({ req, deps, origin }) {
    const { contractID, token } = guestQuery(req.query);
    return ok(await guestContractDocument(deps, origin, contractID, token));
  },
});

definePublicEndpoint({
  name: 'guestContractSign',
  route: 'api/GuestContract/Sign',
  methods: ['POST'],
  async handle({ req, deps, origin }) {
    return ok(
      await signGuestContract(
        deps,
        origin,
        await readJson(req, guestContractSignSchema, SIGNATURE_MAX_CHARS + 4096),
      ),
    );
  },
});
