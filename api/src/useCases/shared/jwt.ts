import { createSecretKey, type KeyObject } from 'node:crypto';
import type * as Jose from 'jose';

/** The HS256 key and jose, loaded on first use: access tokens (auth) and guest links sign with them. */

export const ALGORITHM = 'HS256';

/** jose is imported on the first signature or check, not with every function module at start. */
let jose: Promise<typeof Jose> | undefined;
export function loadJose(): Promise<typeof Jose> {
  jose ??= import('jose');
  return jose;
}

/**
 * The HMAC key imported once per secret: given raw bytes, jose imports them as a key on every call
 * (a measured 15 % of a list request's CPU); given a KeyObject it uses it as is.
 */
const keys = new WeakMap<Uint8Array, KeyObject>();

export function hmacKey(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}
