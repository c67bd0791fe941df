import type { HttpResponseInit } from '@azure/functions';
import type { Deps } from '../composition/deps.js';
import { AskedBefore } from '../domain/shared/askedBefore.js';

/**
 * Serialized replies of lists, per caller and URL, valid while the store's version is unchanged (any
 * write anywhere ends them; SQLite only, see `Store.version`). A list screen polled by many clients
 * then costs the caller's authentication and a lookup instead of queries, mapping and serialization.
 * Only lists whose reply depends on nothing but the stored data opt in (no expiring SAS URLs). A reply
 * is kept from its URL's second request (`AskedBefore`): a URL asked once is not copied into the cache.
 */
const entries = new Map<string, { version: string; body: Uint8Array }>();
const asked = new AskedBefore(4 * 1024);
let bytes = 0;
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_REPLY_BYTES = 4 * 1024 * 1024;

const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;
/** A reply served from the cache says so (the benchmarks tell cache hits from work by it). */
const HIT_HEADERS = { ...HEADERS, 'X-Reply-Cache': 'hit' } as const;

/** `version`: the store's version when the request began (`AuthedCall.storeVersion`). */
export async function cachedJsonReply(
  deps: Deps,
  version: string | undefined,
  key: string,
  build: () => Promise<unknown>,
): Promise<HttpResponseInit> {
  if (version !== undefined) {
    const cached = entries.get(key);
    if (cached?.version === version) return { status: 200, body: cached.body, headers: HIT_HEADERS };
  }
  const body = new TextEncoder().encode(JSON.stringify(await build()));
  // Only what was built from one unchanged version is kept (a write during the build changes it).
  if (
    version !== undefined &&
    asked.check(key) &&
    deps.store.version() === version &&
    body.byteLength <= MAX_REPLY_BYTES
  ) {
    if (entries.size >= MAX_ENTRIES || bytes + body.byteLength > MAX_BYTES) {
      entries.clear();
      bytes = 0;
    }
    const previous = entries.get(key);
    if (previous) bytes -= previous.body.byteLength;
    entries.set(key, { version, body });
    bytes += body.byteLength;
  }
  return { status: 200, body, headers: HEADERS };
}
