import { loginSchema, logoutSchema, refreshSchema } from '@nhatro/common';
import { defineEndpoint, definePublicEndpoint, json, ok, readJson } from '../http/endpoint.js';
import { login, refresh, revokeSession } from '../services/auth/sessions.js';
import { parseRefreshToken } from '../services/auth/tokens.js';

definePublicEndpoint({
  name: 'userLogin',
  route: 'api/User/Login',
  methods: ['POST'],
  async handle({ req, services, origin }) {
    const input = await readJson(req, loginSchema, 16 * 1024);
    return json(200, await login(services, input, origin));
  },
});

definePublicEndpoint({
  name: 'userRefreshToken',
  route: 'api/User/RefreshToken',
  methods: ['POST'],
  async handle({ req, services, origin }) {
    const { refreshToken } = await readJson(req, refreshSchema, 16 * 1024);
    return ok(undefined, { token: await refresh(services, refreshToken, origin) });
  },
});

defineEndpoint({
  name: 'userLogout',
  route: 'api/User/Logout',
  methods: ['POST'],
  async handle({ req, services, user, audit }) {
    const { refreshToken } = await readJson(req, logoutSchema, 16 * 1024);
    await revokeSession(services, user.userID, user.sessionID, 'logout');
    // A refresh token of another of the caller's sessions (another tab) is revoked too.
    const other = refreshToken ? parseRefreshToken(refreshToken) : undefined;
    if (other && other.userID === user.userID && other.sessionID !== user.sessionID) {
      await revokeSession(services, user.userID, other.sessionID, 'logout');
    }
    await audit({ action: 'logout', entity: 'user', entityID: user.userID });
    return ok(undefined, { isLogoutSuccess: true });
  },
});
