import {
  LEVEL,
  ROLE,
  TENANCY_LINK_MESSAGES,
  tenancyLinkConfirmSchema,
  tenancyLinkResendSchema,
} from '@nhatro/common';
import { readJson } from '../http/body.js';
import { defineEndpoint, definePublicEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { confirmTenancyLink, resendTenancyLink } from '../useCases/tenancyLinks.js';

/**
 * A new tenancy linked to the account the representative's number already has, once its owner confirms
 * (issue 21): the confirmation is public (the code sent to the number is the proof); the landlord and
 * their staff may send the code again.
 */

const CONFIRM_BODY_LIMIT = 16 * 1024;

definePublicEndpoint({
  name: 'tenancyLinkConfirm',
  route: 'api/TenancyLink/Confirm',
  methods: ['POST'],
  async handle({ req, deps, origin }) {
    const input = await readJson(req, tenancyLinkConfirmSchema, CONFIRM_BODY_LIMIT);
    return ok(await confirmTenancyLink(deps, origin, input), { message: TENANCY_LINK_MESSAGES.linked });
  },
});

defineEndpoint({
  name: 'tenancyLinkResend',
  route: 'api/TenancyLink/Resend',
  methods: ['POST'],
  roles: [ROLE.houseModerator, ROLE.staff],
  permission: { area: 'contract', level: LEVEL.update },
  async handle({ req, actor }) {
    const { contractID } = await readJson(req, tenancyLinkResendSchema);
    return ok(await resendTenancyLink(actor, contractID), { message: TENANCY_LINK_MESSAGES.resent });
  },
});
