import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's scrypt recommendation: N=2^17, r=8, p=1 (128 MiB per hash). */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise<Buffer>((resolvePromise, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolvePromise(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, both base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A password the server generated (a tenant's first, one-time password: 12 characters from 56, about
 * 70 bits) cannot be guessed, so it needs no key stretching: scrypt at N=2^10 (1 MiB, about 1 ms) keeps
 * contract creation fast. The format is the same, and the tenant's own password replaces it at first login.
 */
const ONE_TIME_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;

export async function hashOneTimePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, ONE_TIME_PARAMS);
  return [
    'scrypt',
    ONE_TIME_PARAMS.N,
    ONE_TIME_PARAMS.r,
    ONE_TIME_PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown usernames cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('không-có-tài-khoản-này');
  await verifyPassword(password, await dummyHash);
}

/** A one-time password the landlord reads out once: 12 characters without look-alikes (about 70 bits). */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  // 56 letters: bytes of 224 and above are dropped so every letter is equally likely.
  const letters: string[] = [];
  while (letters.length < 12) {
    for (const byte of randomBytes(16)) {
      if (byte < 224 && letters.length < 12) letters.push(alphabet[byte % alphabet.length] as string);
    }
  }
  return letters.join('');
}
