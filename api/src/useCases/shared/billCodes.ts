import { createHash } from 'node:crypto';

/** Bill codes are a hash of the bill's id (node:crypto), so they are made here rather than in domain/. */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The short code a tenant writes in a bank transfer's note (and the QR code carries): 'NT' and eight
 * base-32 letters of a SHA-256 of the id — only A–Z and 2–7, so no bank app mangles it. Stable: the
 * same id always gives the same code.
 */
export function billCode(id: string): string {
  const digest = createHash('sha256').update(id, 'utf8').digest();
  // 5 bytes = 40 bits = 8 letters of 5 bits.
  let bits = 0n;
  for (let index = 0; index < 5; index += 1) bits = (bits << 8n) | BigInt(digest[index] ?? 0);
  let code = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) code += BASE32[Number((bits >> shift) & 31n)];
  return `NT${code}`;
}
