import {
  REGISTRATION_MESSAGES,
  REGISTRATION_TOKEN_HEADER,
  VERIFICATION_MESSAGES,
  verificationRequestSchema,
  type VerificationChannel,
} from '@nhatro/common';
import { AppError } from '../domain/shared/errors.js';
import { readJson } from '../http/body.js';
import { definePublicEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { requestVerificationCode, verifyCode } from '../useCases/verification.js';

/**
 * Spec §7 `/api/Verify/*` for a registration (`Key` = its id): ask for a six-digit code by e-mail or SMS
 * (the registration token in its header), then check it (the code is the proof). Public: the registrant
 * has no account yet.
 */

const SENT: Record<VerificationChannel, string> = {
  email: VERIFICATION_MESSAGES.emailSent,
  sms: VERIFICATION_MESSAGES.smsSent,
};

const VERIFIED: Record<VerificationChannel, string> = {
  email: VERIFICATION_MESSAGES.emailVerified,
  sms: VERIFICATION_MESSAGES.phoneVerified,
};

function defineRequest(name: string, route: string, channel: VerificationChannel): void {
  definePublicEndpoint({
    name,
    route,
    methods: ['POST'],
    async handle({ req, deps }) {
      const { key } = await readJson(req, verificationRequestSchema);
      const token = req.headers.get(REGISTRATION_TOKEN_HEADER);
      if (!token) throw AppError.notFound(REGISTRATION_MESSAGES.notFound);
      return ok(await requestVerificationCode(deps, channel, token, key), { message: SENT[channel] });
    },
  });
}

/** `Key` and `VerifyToken` as the spec writes them; lower-case names are accepted too. */
function queryValue(query: URLSearchParams, name: string): string | undefined {
  return query.get(name) ?? query.get(name.toLowerCase()) ?? undefined;
}

function defineCheck(name: string, route: string, channel: VerificationChannel): void {
  definePublicEndpoint({
    name,
    route,
    methods: ['GET'],
    async handle({ req, deps, origin }) {
      const state = await verifyCode(
        deps,
        origin,
        channel,
        queryValue(req.query, 'Key'),
        queryValue(req.query, 'VerifyToken'),
      );
      return ok(state, { message: VERIFIED[channel] });
    },
  });
}

defineRequest('verifyRequestEmailVerify', 'api/Verify/RequestEmailVerify', 'email');
defineRequest('verifyRequestSMSVerify', 'api/Verify/RequestSMSVerify', 'sms');
defineCheck('verifyVerifyEmail', 'api/Verify/VerifyEmail', 'email');
defineCheck('verifyVerifyPhoneNumber', 'api/Verify/VerifyPhoneNumber', 'sms');
