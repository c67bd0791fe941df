/**
 * Tokens and sessions: refresh rotation and reuse detection, logout, forged access tokens,
 * disabling an account, and the login throttle per account and address (chunhamoi is only used
 * here for that).
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDoc } from '../../api/src/domain/shared/model.js';
import { apiClient, DEMO_PASSWORDS, startTestProduct, type TestProduct } from '../support/product.js';
import { expectError, jwtPayload, MSG, requestFrom, type ApiSession } from './helpers.js';

interface TokenReply {
  status: boolean;
  token: { accessToken: string; refreshToken: string };
}

let product: TestProduct;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
});
afterAll(async () => product?.stop());

function houses(token: string) {
  return api.request<{ value: unknown[] }>('GET', '/odata/House', { token });
}

function refresh(refreshToken: string) {
  return api.request<TokenReply>('POST', '/api/User/RefreshToken', { body: { refreshToken } });
}

describe('POST /api/User/RefreshToken', () => {
  let first: ApiSession;
  let second: TokenReply['token'];

  beforeAll(async () => {
    first = await api.login('chunha2', DEMO_PASSWORDS.chunha2 as string);
  });

  it('rotates: a new pair that works, while the old access token still works until it expires', async () => {
    const reply = await refresh(first.token.refreshToken);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(true);
    second = reply.body.token;
    expect(second.refreshToken).not.toBe(first.token.refreshToken);
    // Same family (session), new secret.
    const [userID, sessionID] = first.token.refreshToken.split('.');
    expect(second.refreshToken.startsWith(`${userID}.${sessionID}.`)).toBe(true);
    expect(jwtPayload(second.accessToken)).toMatchObject({ sub: first.userID, role: 2 });

    const fresh = await houses(second.accessToken);
    expect(fresh.status).toBe(200);
    expect(fresh.body.value).toHaveLength(1);
    expect((await houses(first.token.accessToken)).status).toBe(200);
  });

  it('the rotated-away refresh token used again → 401 and the whole family is revoked', async () => {
    const reuse = await refresh(first.token.refreshToken);
    expectError(reuse, 401, MSG.invalidRefreshToken);
    // The newest refresh token of the family is dead too…
    expectError(await refresh(second.refreshToken), 401, MSG.invalidRefreshToken);
    // …and so is every access token of that session.
    expectError(await houses(second.accessToken), 401, MSG.unauthenticated);
    expectError(await houses(first.token.accessToken), 401, MSG.unauthenticated);
  });

  it('garbage refresh tokens → 401 with a Vietnamese message', async () => {
    for (const garbage of [
      'x'.repeat(40),
      'aaaaaaaaaa.bbbbbbbbbb.cccccccccc',
      `${first.userID}.nosuchsession.${'a'.repeat(43)}`,
      `${first.userID}.${first.token.refreshToken.split('.')[1]}.${'a'.repeat(43)}`,
      '../../../../etc/passwd.aaaaaaaaaa.bbbbbbbbbbbb',
    ]) {
      expectError(await refresh(garbage), 401, MSG.invalidRefreshToken);
    }
  });

  it('a short garbage refresh token ("garbage") is a 401 as the contract says, not a 400', async () => {
    expectError(await refresh('garbage'), 401, MSG.invalidRefreshToken);
  });

  it('a missing refresh token → 400 with a Vietnamese message', async () => {
    const reply = await api.request<Array<{ field?: string; errorMessage: string }>>(
      'POST',
      '/api/User/RefreshToken',
      { body: {} },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([{ field: 'refreshToken', errorMessage: MSG.invalidRefreshToken }]);
  });
});

describe('POST /api/User/Logout', () => {
  it('answers {status:true,isLogoutSuccess:true}; then the access and the refresh token get 401', async () => {
    const session = await api.login('nhanvien', DEMO_PASSWORDS.nhanvien as string);
    expect((await houses(session.token.accessToken)).status).toBe(200);
    const reply = await api.request('POST', '/api/User/Logout', {
      token: session.token.accessToken,
      body: { refreshToken: session.token.refreshToken },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: true, isLogoutSuccess: true });
    expectError(await houses(session.token.accessToken), 401, MSG.unauthenticated);
    expectError(await refresh(session.token.refreshToken), 401, MSG.invalidRefreshToken);
    // A second logout with the dead token is a 401 too.
    expectError(
      await api.request('POST', '/api/User/Logout', { token: session.token.accessToken }),
      401,
      MSG.unauthenticated,
    );
  });

  it('without a token → 401', async () => {
    expectError(await api.request('POST', '/api/User/Logout', { body: {} }), 401, MSG.unauthenticated);
  });
});

describe('forged and malformed access tokens', () => {
  let lessee: ApiSession;
  let claims: { sub: string; sid: string; role: number };

  beforeAll(async () => {
    lessee = await api.login('nguoithue', DEMO_PASSWORDS.nguoithue as string);
    const payload = jwtPayload(lessee.token.accessToken);
    claims = { sub: payload.sub as string, sid: payload.sid as string, role: payload.role as number };
  });

  function forge(
    options: {
      secret?: Uint8Array;
      alg?: string;
      issuer?: string;
      audience?: string;
      issuedAt?: number;
      expiresAt?: number | null;
      role?: number;
    } = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT({ sid: claims.sid, role: options.role ?? claims.role })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(options.issuer ?? 'nhatro-api')
      .setAudience(options.audience ?? 'nhatro-web')
      .setIssuedAt(options.issuedAt ?? now);
    if (options.expiresAt !== null) jwt = jwt.setExpirationTime(options.expiresAt ?? now + 300);
    return jwt.sign(options.secret ?? product.services.config.jwt.secret);
  }

  it('control: a token signed with the real secret and the right claims is accepted', async () => {
    expect((await houses(await forge())).status).toBe(200);
  });

  it('signed with another secret → 401', async () => {
    const token = await forge({ secret: new Uint8Array(randomBytes(48)) });
    expectError(await houses(token), 401, MSG.invalidToken);
  });

  it('alg "none" (unsigned) → 401', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = { ...claims, iss: 'nhatro-api', aud: 'nhatro-web', iat: now, exp: now + 300 };
    for (const token of [
      `${encode({ alg: 'none', typ: 'JWT' })}.${encode(body)}.`,
      `${encode({ alg: 'none', typ: 'JWT' })}.${encode(body)}`,
    ]) {
      expectError(await houses(token), 401, MSG.invalidToken);
    }
  });

  it('an algorithm outside the allow-list (HS512 with the real secret) → 401', async () => {
    expectError(await houses(await forge({ alg: 'HS512' })), 401, MSG.invalidToken);
  });

  it('wrong audience → 401', async () => {
    expectError(await houses(await forge({ audience: 'other' })), 401, MSG.invalidToken);
  });

  it('wrong issuer → 401', async () => {
    expectError(await houses(await forge({ issuer: 'someone-else' })), 401, MSG.invalidToken);
  });

  it('expired (signed by this API) → 401 with the "expired" message, not "invalid"', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await forge({ issuedAt: now - 3600, expiresAt: now - 60 });
    expectError(await houses(token), 401, MSG.unauthenticated);
  });

  it('without exp → 401', async () => {
    expectError(await houses(await forge({ expiresAt: null })), 401, MSG.invalidToken);
  });

  it('a role claim changed to landlord (real secret) → 401', async () => {
    expectError(await houses(await forge({ role: 2 })), 401, MSG.unauthenticated);
  });

  it('malformed tokens and authorization headers → 401 "invalid"; no token at all → 401 "expired"', async () => {
    for (const token of [
      'abc',
      'abc.def',
      'a.b.c',
      `${lessee.token.accessToken}x`,
      lessee.token.refreshToken,
    ]) {
      expectError(await houses(token), 401, MSG.invalidToken);
    }
    for (const authorization of [
      'Bearer',
      'Bearer ',
      `Basic ${lessee.token.accessToken}`,
      `Bearer ${lessee.token.accessToken} extra`,
      lessee.token.accessToken,
    ]) {
      const reply = await api.request('GET', '/odata/House', { headers: { authorization } });
      expectError(reply, 401, MSG.invalidToken);
    }
    expectError(await api.request('GET', '/odata/House'), 401, MSG.unauthenticated);
  });

  it('the real token still works after all that (no collateral revocation)', async () => {
    expect((await houses(lessee.token.accessToken)).status).toBe(200);
  });

  it('disabling the account makes its existing token 401 at once, and its refresh token too', async () => {
    const users = product.services.store.container<UserDoc>('users');
    const account = (await users.read(lessee.userID, lessee.userID)) as UserDoc;
    expect(account.disabled).toBe(false);
    await users.replace({ ...account, disabled: true });
    expectError(await houses(lessee.token.accessToken), 401, MSG.unauthenticated);
    expectError(await houses(await forge()), 401, MSG.unauthenticated);
    expectError(await refresh(lessee.token.refreshToken), 401, MSG.invalidRefreshToken);
    // Logging in again with the right password is refused with the "disabled" message.
    const login = await api.request('POST', '/api/User/Login', {
      body: { username: 'nguoithue', password: DEMO_PASSWORDS.nguoithue },
    });
    expectError(login, 401, MSG.accountDisabled);
  });
});

// Each failed login costs a full password hash: give these tests room on a busy machine.
describe('login throttle per account and address (account chunhamoi)', { timeout: 120_000 }, () => {
  // The clock stands still and moves only by hand, so the delays are exact however slow the machine.
  const start = Date.now();
  let offsetMs = 0;
  const shifted = () => new Date(start + offsetMs);

  beforeAll(() => {
    product.services.now = shifted;
  });
  afterAll(() => {
    product.services.now = () => new Date();
  });

  function attempt(password: string, username = 'chunhamoi') {
    return api.request<{ token?: unknown }>('POST', '/api/User/Login', { body: { username, password } });
  }

  it('from the 3rd wrong password this address waits (1 s, then longer), with a message in seconds', async () => {
    for (let i = 1; i <= 3; i += 1) expectError(await attempt(`Sai@${i}`), 401, MSG.wrongCredentials);
    const waiting = await attempt(DEMO_PASSWORDS.chunhamoi as string);
    expectError(waiting, 429, MSG.tooManyAttemptsSeconds(1));
    expect(waiting.headers.get('retry-after')).toBe('1');
    offsetMs += 1_100;
    expectError(await attempt('Sai@4'), 401, MSG.wrongCredentials);
    const longer = await attempt('Sai@5');
    expectError(longer, 429, MSG.tooManyAttemptsSeconds(2));
  });

  it('the 10th wrong password locks this address out of the account for 15 minutes, whatever the case', async () => {
    for (let i = 5; i <= 10; i += 1) {
      offsetMs += 65_000; // longer than any delay before the lock
      expectError(await attempt(`Sai@${i}`), 401, MSG.wrongCredentials);
    }
    const locked = await attempt('Sai@11');
    expectError(locked, 429, MSG.tooManyAttempts(15));
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expectError(await attempt(DEMO_PASSWORDS.chunhamoi as string), 429, MSG.tooManyAttempts(15));
    expectError(
      await attempt(DEMO_PASSWORDS.chunhamoi as string, ' ChuNhaMoi '),
      429,
      MSG.tooManyAttempts(15),
    );
  });

  it('a second address can still log in to the account while the first is locked', async () => {
    const reply = await requestFrom(product.url, '127.0.0.2', 'POST', '/api/User/Login', {
      username: 'chunhamoi',
      password: DEMO_PASSWORDS.chunhamoi,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveProperty('token');
  });

  it('an unknown username is throttled exactly like a known one (same replies, same delays)', async () => {
    const replies: Array<[number, unknown]> = [];
    for (const username of ['khongtontai', 'chunha2']) {
      for (let i = 1; i <= 4; i += 1) {
        const reply = await requestFrom(product.url, '127.0.0.3', 'POST', '/api/User/Login', {
          username,
          password: `Sai@${i}`,
        });
        replies.push([reply.status, (reply.body as { errorMessage?: string }).errorMessage]);
      }
    }
    const expected = [
      [401, MSG.wrongCredentials],
      [401, MSG.wrongCredentials],
      [401, MSG.wrongCredentials],
      [429, MSG.tooManyAttemptsSeconds(1)],
    ];
    expect(replies).toEqual([...expected, ...expected]);
  });

  it('other accounts from the locked address are not locked by it', async () => {
    const reply = await api.request('POST', '/api/User/Login', {
      body: { username: 'chunha', password: DEMO_PASSWORDS.chunha },
    });
    expect(reply.status).toBe(200);
  });

  it('still locked 12 minutes later; the right password works once the 15-minute lock has passed', async () => {
    offsetMs += 12 * 60_000;
    const stillLocked = await attempt(DEMO_PASSWORDS.chunhamoi as string);
    expectError(stillLocked, 429, /^Bạn đã đăng nhập sai quá nhiều lần\. Vui lòng thử lại sau [123] phút\.$/);
    const retryAfter = Number(stillLocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3 * 60);

    offsetMs += 3 * 60_000 + 5_000;
    const reply = await attempt(DEMO_PASSWORDS.chunhamoi as string);
    expect(reply.status).toBe(200);
    expect(reply.body.token).toBeDefined();
  });
});
