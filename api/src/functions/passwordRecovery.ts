import { setTimeout as sleep } from 'node:timers/promises';
import {
  PASSWORD_RECOVERY_MESSAGES,
  passwordRecoveryRequestSchema,
  passwordResetSchema,
} from '@nhatro/common';
import { RECOVERY_REPLY_FLOOR_MS } from '../domain/passwordRecovery.js';
import { parseInput, readJson, splitQuery } from '../http/body.js';
import { definePublicEndpoint } from '../http/endpoint.js';
import { ok } from '../http/replies.js';
import { requestPasswordChange, resetPassword } from '../useCases/passwordRecovery.js';

const RESET_BODY_LIMIT = 16 * 1024;

/** Password recovery (spec: /ForgotPassword → /ChangePassword/{token}), open to anyone. */
definePublicEndpoint({
  name: 'forgotPasswordRequestPasswordChange',
  route: 'api/ForgotPassword/RequestPasswordChange',
  methods: ['GET'],
  async handle({ req, deps, origin }) {
    const { emailOrPhoneNumber } = parseInput(
      passwordRecoveryRequestSchema,
      splitQuery(req, ['emailOrPhoneNumber']).scope,
    );
    const started = performance.now();
    await requestPasswordChange(deps, emailOrPhoneNumber, origin);
    // Known or unknown, the reply leaves at the same time.
    await sleep(Math.max(0, RECOVERY_REPLY_FLOOR_MS - (performance.now() - started)));
    return ok(undefined, { message: PASSWORD_RECOVERY_MESSAGES.requested });
  },
});

definePublicEndpoint({
  name: 'forgotPasswordChangePassword',
  route: 'api/ForgotPassword/ChangePassword',
  methods: ['POST'],
  async handle({ req, deps, origin }) {
    await resetPassword(deps, await readJson(req, passwordResetSchema, RESET_BODY_LIMIT), origin);
    return ok(undefined, { message: PASSWORD_RECOVERY_MESSAGES.changed });
  },
});
