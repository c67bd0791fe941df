import {
  changePasswordSchema,
  loginSchema,
  logoutSchema,
  PASSWORD_MESSAGES,
  refreshSchema,
} from '@nhatro/common';
import { readJson } from '../http/body.js';
import { defineEndpoint, definePublicEndpoint } from '../http/endpoint.js';
import { json, ok } from '../http/replies.js';
import { changePassword, login, logout, refresh } from '../useCases/auth/sessions.js';

const AUTH_BODY_LIMIT = 16 * 1024;

definePublicEndpoint({
  name: 'userLogin',
  route: 'api/User/Login',
  methods: ['POST'],
  async handle({ req, deps, origin }) {
    const input = await readJson(req, loginSchema, AUTH_BODY_LIMIT);
    return json(200, await login(deps, input, origin));
  },
});

definePublicEndpoint({
  name: 'userRefreshToken',
  route: 'api/User/RefreshToken',
  methods: ['POST'],
  async handle({ req, deps, origin }) {
    const { refreshToken } = await readJson(req, refreshSchema, AUTH_BODY_LIMIT);
    return ok(undefined, { token: await refresh(deps, refreshToken, origin) });
  },
});

defineEndpoint({
  name: 'userLogout',
  route: 'api/User/Logout',
  methods: ['POST'],
  allowsPendingPasswordChange: true,
  allowsExpiredAccount: true,
  async handle({ req, actor }) {
    const { refreshToken } = await readJson(req, logoutSchema, AUTH_BODY_LIMIT);
    await logout(actor, refreshToken);
    return ok(undefined, { isLogoutSuccess: true });
  },
});

/** A new password for the caller (asked for at the first login after a one-time password). */
defineEndpoint({
  name: 'userChangePassword',
  route: 'api/User/ChangePassword',
  methods: ['POST'],
  allowsPendingPasswordChange: true,
  allowsExpiredAccount: true,
  async handle({ req, actor }) {
    await changePassword(actor, await readJson(req, changePasswordSchema, AUTH_BODY_LIMIT));
    return ok(undefined, { message: PASSWORD_MESSAGES.changed });
  },
});
