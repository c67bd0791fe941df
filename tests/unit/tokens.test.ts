import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  formatRefreshToken,
  hashSecret,
  newRefreshSecret,
  parseRefreshToken,
  signAccessToken,
  verifyAccessToken,
} from '../../api/src/useCases/auth/tokens.js';

const USER = '3f0c9a52-8d1e-4c1b-9a57-2f5d1c0e7b21';
const SESSION = 'Zk3xQ1pTqv8bM2nR5wY7aA';
const CONFIG = {
  secret: new Uint8Array(randomBytes(48)),
  issuer: 'nhatro-api',
  audience: 'nhatro-web',
  accessTtlSeconds: 900,
};
const NOW = new Date('2026-11-20T03:00:00.000Z');

describe('refresh tokens', () => {
  it('new secrets are 32 random bytes in base64url', () => {
    const a = newRefreshSecret();
    const b = newRefreshSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('only the SHA-256 of the secret is stored (base64url, deterministic)', () => {
    expect(hashSecret('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(hashSecret('abc')).toBe(hashSecret('abc'));
    expect(hashSecret('abd')).not.toBe(hashSecret('abc'));
  });

  it('format / parse round trip', () => {
    const secret = newRefreshSecret();
    const token = formatRefreshToken(USER, SESSION, secret);
    expect(token).toBe(`${USER}.${SESSION}.${secret}`);
    expect(parseRefreshToken(token)).toEqual({ userID: USER, sessionID: SESSION, secret });
  });

  it.each([
    '',
    'garbage',
    'a.b.c',
    `${USER}.${SESSION}`,
    `${USER}.${SESSION}.${'a'.repeat(43)}.extra`,
    `${USER}..${'a'.repeat(43)}`,
    `${USER}.${SESSION}.short`,
    `${USER}.${SESSION}.${'a'.repeat(101)}`,
    `${USER}.${SESSION}.${'a'.repeat(42)}=`,
    `${USER}.sess/../x.${'a'.repeat(43)}`,
    `${USER}.${SESSION}.${'a'.repeat(42)} `,
    `${USER}.${SESSION}.${'á'.repeat(43)}`,
    `../../../etc.${SESSION}.${'a'.repeat(43)}`,
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlc2lnbmF0dXJl+',
  ])('parseRefreshToken rejects junk: %j', (token) => {
    expect(parseRefreshToken(token)).toBeUndefined();
  });
});

describe('access tokens', () => {
  const claims = { userID: USER, sessionID: SESSION, roleID: 2 as const };

  it('sign → verify gives the claims back; HS256, 15 minutes, issuer and audience set', async () => {
    const token = await signAccessToken(CONFIG, claims, NOW);
    const header = JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()) as object;
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as object;
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const iat = Math.floor(NOW.getTime() / 1000);
    expect(payload).toEqual({
      sub: USER,
      sid: SESSION,
      role: 2,
      iss: 'nhatro-api',
      aud: 'nhatro-web',
      iat,
      exp: iat + 900,
    });
    expect(await verifyAccessToken(CONFIG, token, NOW)).toEqual(claims);
  });

  it('expires after accessTtlSeconds', async () => {
    const token = await signAccessToken(CONFIG, claims, NOW);
    expect(await verifyAccessToken(CONFIG, token, new Date(NOW.getTime() + 899_000))).toEqual(claims);
    expect(await verifyAccessToken(CONFIG, token, new Date(NOW.getTime() + 900_000))).toBeUndefined();
  });

  it('another secret, issuer or audience → undefined', async () => {
    const token = await signAccessToken(CONFIG, claims, NOW);
    expect(
      await verifyAccessToken({ ...CONFIG, secret: new Uint8Array(randomBytes(48)) }, token, NOW),
    ).toBeUndefined();
    expect(await verifyAccessToken({ ...CONFIG, issuer: 'x' }, token, NOW)).toBeUndefined();
    expect(await verifyAccessToken({ ...CONFIG, audience: 'x' }, token, NOW)).toBeUndefined();
  });

  it("a tenant's landlord: carried with the token's time; a malformed one is left out, the token still good", async () => {
    const info = { status: 1 as const, fullName: 'Nguyễn Văn Hùng', bankAccountNumber: '0071000123456' };
    const landlord = { ownerID: 'owner-1', info };
    const token = await signAccessToken(CONFIG, { ...claims, roleID: 4, landlord }, NOW);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as object;
    expect(payload).toMatchObject({ ll: { o: 'owner-1', i: info } });
    const signedAt = Math.floor(NOW.getTime() / 1000);
    expect(await verifyAccessToken(CONFIG, token, NOW)).toEqual({
      ...claims,
      roleID: 4,
      landlord: { ...landlord, signedAt },
    });
    for (const ll of [{ o: '', i: info }, { o: 'owner-1' }, { o: 'owner-1', i: { status: 9 } }, 'owner-1']) {
      const odd = await new SignJWT({ sid: SESSION, role: 4, ll })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(USER)
        .setIssuer(CONFIG.issuer)
        .setAudience(CONFIG.audience)
        .setIssuedAt(signedAt)
        .setExpirationTime(signedAt + 60)
        .sign(CONFIG.secret);
      expect(await verifyAccessToken(CONFIG, odd, NOW), JSON.stringify(ll)).toEqual({ ...claims, roleID: 4 });
    }
  });

  it('tokens with a bad role, a missing sid or sub, or another algorithm → undefined', async () => {
    const iat = Math.floor(NOW.getTime() / 1000);
    const base = (payload: Record<string, unknown>, alg = 'HS256') =>
      new SignJWT(payload)
        .setProtectedHeader({ alg })
        .setIssuer(CONFIG.issuer)
        .setAudience(CONFIG.audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 60);
    const good = await base({ sid: SESSION, role: 3 }).setSubject(USER).sign(CONFIG.secret);
    expect(await verifyAccessToken(CONFIG, good, NOW)).toEqual({
      userID: USER,
      sessionID: SESSION,
      roleID: 3,
    });
    for (const token of [
      await base({ sid: SESSION, role: 5 }).setSubject(USER).sign(CONFIG.secret),
      await base({ sid: SESSION, role: '2' }).setSubject(USER).sign(CONFIG.secret),
      await base({ role: 2 }).setSubject(USER).sign(CONFIG.secret),
      await base({ sid: SESSION, role: 2 }).sign(CONFIG.secret),
      await base({ sid: SESSION, role: 2 }, 'HS512').setSubject(USER).sign(CONFIG.secret),
    ]) {
      expect(await verifyAccessToken(CONFIG, token, NOW)).toBeUndefined();
    }
  });

  it('malformed strings → undefined (no throw)', async () => {
    for (const token of ['', 'abc', 'a.b.c', 'a.b', '....', `${'a'.repeat(10)}.${'b'.repeat(10)}.`]) {
      expect(await verifyAccessToken(CONFIG, token, NOW)).toBeUndefined();
    }
  });
});
