import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../api/src/useCases/shared/passwords.js';

/** A stored hash made with small parameters, to check verification reads them from the string. */
function cheapHash(password: string, N = 1024): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('hashPassword / verifyPassword (scrypt N=2^17, r=8, p=1)', () => {
  it('hashes to scrypt$131072$8$1$<salt>$<key> with a fresh salt; verifies right and refuses wrong', async () => {
    const password = 'Chunha@123456';
    const [first, second] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(second).not.toBe(first);
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    const [right, wrong] = await Promise.all([
      verifyPassword(password, second),
      verifyPassword('chunha@123456', first),
    ]);
    expect(right).toBe(true);
    expect(wrong).toBe(false);
    // 128 MiB and ~0.3–0.8 s per scrypt call: four of them, two at a time.
  }, 30_000);

  it('verification uses the parameters stored with the hash', async () => {
    const stored = cheapHash('Mật khẩu@1');
    expect(await verifyPassword('Mật khẩu@1', stored)).toBe(true);
    expect(await verifyPassword('Mat khau@1', stored)).toBe(false);
  });

  it('Vietnamese passwords compare in NFC (a decomposed input still matches)', async () => {
    const stored = cheapHash('Mật khẩu@1'.normalize('NFC'));
    expect(await verifyPassword('Mật khẩu@1'.normalize('NFD'), stored)).toBe(true);
  });

  it.each([
    '',
    'plain-text-password',
    'bcrypt$10$abc$def',
    'scrypt$1024$8$1$c2FsdA==',
    'scrypt$$8$1$c2FsdA==$a2V5',
    '$2b$10$abcdefghijklmnopqrstuv',
  ])('a stored value that is not a complete scrypt hash (%j) never verifies', async (stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('a hash whose key has another length never verifies', async () => {
    const [scheme, n, r, p, salt] = cheapHash('x').split('$');
    const shortKey = Buffer.alloc(16).toString('base64');
    expect(await verifyPassword('x', [scheme, n, r, p, salt, shortKey].join('$'))).toBe(false);
  });
});
