import { MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDoc } from '../../api/src/domain/shared/model.js';
import { authenticateCaller } from '../../api/src/http/callerCache.js';
import type { Container, Store, StoredDoc } from '../../api/src/store/store.js';
import { login, logout } from '../../api/src/useCases/auth/sessions.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { aLandlord, TEST_PASSWORD } from '../support/builders.js';
import {
  actorFor,
  createHarness,
  expectRefusal,
  TEST_ORIGIN,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

// (Use-case tier: it signs in on a real store, which hashes a password.) The endpoint wrapper keeps who signed in per Authorization header while nothing is written
// (api/src/http/callerCache.ts): the same answers as authenticate, without its reads.

let h: UseCaseHarness;
let deps: Deps;
let user: UserDoc;
let reads: Record<string, number>;

/** The store, counting point reads per container. */
function counting(store: Store): Store {
  return {
    ...store,
    version: () => store.version(),
    container<T extends StoredDoc>(name: Parameters<Store['container']>[0]): Container<T> {
      const inner = store.container<T>(name);
      return Object.assign(Object.create(inner) as Container<T>, {
        read(pk: string, id: string) {
          reads[name] = (reads[name] ?? 0) + 1;
          return inner.read(pk, id);
        },
      });
    },
  };
}

async function signIn(): Promise<string> {
  const session = await login(h.deps, { username: user.username, password: TEST_PASSWORD }, TEST_ORIGIN);
  return `Bearer ${session.token.accessToken}`;
}

const caller = (authorization: string) => authenticateCaller(deps, authorization, deps.store.version());

beforeEach(async () => {
  h = createHarness();
  user = await aLandlord(h.deps);
  reads = {};
  deps = { ...h.deps, store: counting(h.deps.store) };
});
afterEach(() => h.close());

describe('kept callers', () => {
  it('answer a repeated request without reading the account or the session', async () => {
    const authorization = await signIn();
    const first = await caller(authorization);
    const readsAfterFirst = { ...reads };
    const second = await caller(authorization);
    expect(second.userID).toBe(user.userID);
    expect(second.sessionID).toBe(first.sessionID);
    expect(reads).toEqual(readsAfterFirst);
  });

  it('end with any write: after logout the same header is refused', async () => {
    const authorization = await signIn();
    const signedIn = await caller(authorization);
    await caller(authorization);
    await logout({ ...actorFor(h.deps, user), user: signedIn }, undefined);
    await expectRefusal(caller(authorization), 'unauthenticated', MESSAGES.unauthenticated);
  });

  it('end when the account is disabled', async () => {
    const authorization = await signIn();
    await caller(authorization);
    await h.deps.store.container<UserDoc>('users').replace({ ...user, disabled: true });
    await expectRefusal(caller(authorization), 'unauthenticated', MESSAGES.unauthenticated);
  });

  it('still expire with their token, with nothing written', async () => {
    const authorization = await signIn();
    await caller(authorization);
    h.clock.advance((h.deps.config.jwt.accessTtlSeconds + 1) * 1000);
    await expectRefusal(caller(authorization), 'unauthenticated', MESSAGES.unauthenticated);
  });

  it('are kept per header: another caller’s token is never answered with this one', async () => {
    const other = await aLandlord(h.deps);
    const mine = await signIn();
    const theirs = `Bearer ${(await login(h.deps, { username: other.username, password: TEST_PASSWORD }, TEST_ORIGIN)).token.accessToken}`;
    await caller(mine);
    await caller(theirs);
    expect((await caller(mine)).userID).toBe(user.userID);
    expect((await caller(theirs)).userID).toBe(other.userID);
    await expectRefusal(caller(`${mine}x`), 'unauthenticated', MESSAGES.invalidAccessToken);
  });

  it('cannot be changed by one request for the next', async () => {
    const authorization = await signIn();
    await caller(authorization);
    const kept = await caller(authorization);
    expect(() => {
      (kept.account as { fullName: string }).fullName = 'Người khác';
    }).toThrow(TypeError);
    expect((await caller(authorization)).account.fullName).toBe(user.fullName);
  });

  it('are not kept on a store without a version (Cosmos DB): every request reads', async () => {
    const authorization = await signIn();
    await authenticateCaller(deps, authorization, undefined);
    const readsAfterFirst = reads.users ?? 0;
    await authenticateCaller(deps, authorization, undefined);
    expect(reads.users).toBe(readsAfterFirst + 1);
  });
});
