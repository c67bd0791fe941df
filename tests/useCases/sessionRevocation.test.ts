import { ROLE } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserDoc } from '../../api/src/domain/shared/model.js';
import { authenticate } from '../../api/src/useCases/auth/authenticate.js';
import { login, logout, refresh } from '../../api/src/useCases/auth/sessions.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { findUser } from '../../api/src/useCases/shared/users.js';
import { aLandlord } from '../support/builders.js';
import { TEST_PASSWORD } from '../support/passwordHashSetup.js';
import { createHarness, expectRefusal, TEST_ORIGIN, type UseCaseHarness } from '../support/useCaseHarness.js';

/**
 * A read authenticates with one read of the account (its list of ended sessions), a write also reads
 * the session: an ended session is refused either way, at once.
 */
let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
const READ = { checkSession: false } as const;

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  landlord = await aLandlord(deps, { username: 'chuthu' });
});
afterEach(() => h.close());

async function signIn(): Promise<{ bearer: string; refreshToken: string }> {
  const session = await login(deps, { username: 'chuthu', password: TEST_PASSWORD }, TEST_ORIGIN);
  return { bearer: `Bearer ${session.token.accessToken}`, refreshToken: session.token.refreshToken };
}

describe('ended sessions', () => {
  it('logout: refused on reads and writes at once, another session goes on', async () => {
    const first = await signIn();
    const second = await signIn();
    const user = await authenticate(deps, first.bearer, READ);
    await logout({ deps, user, origin: TEST_ORIGIN }, undefined);
    await expectRefusal(authenticate(deps, first.bearer, READ), 'unauthenticated', /hết hạn/);
    await expectRefusal(authenticate(deps, first.bearer), 'unauthenticated', /hết hạn/);
    expect((await authenticate(deps, second.bearer, READ)).userID).toBe(landlord.userID);
    expect((await authenticate(deps, second.bearer)).userID).toBe(landlord.userID);
  });

  it('a refresh token used twice ends the session for reads too', async () => {
    const session = await signIn();
    await refresh(deps, session.refreshToken, TEST_ORIGIN);
    await expectRefusal(refresh(deps, session.refreshToken, TEST_ORIGIN), 'unauthenticated', /đăng nhập/);
    await expectRefusal(authenticate(deps, session.bearer, READ), 'unauthenticated', /hết hạn/);
  });

  it('a changed role or a disabled account is refused on a read', async () => {
    const session = await signIn();
    const users = deps.store.container<UserDoc>('users');
    const account = (await findUser(deps, landlord.userID)) as UserDoc;
    await users.replace({ ...account, roleID: ROLE.staff });
    await expectRefusal(authenticate(deps, session.bearer, READ), 'unauthenticated', /đăng nhập/);
    await users.replace({ ...account, disabled: true });
    await expectRefusal(authenticate(deps, session.bearer, READ), 'unauthenticated', /đăng nhập/);
  });

  it('an account overwritten by a copy read before the logout still cannot write', async () => {
    const session = await signIn();
    const stale = (await findUser(deps, landlord.userID)) as UserDoc;
    const user = await authenticate(deps, session.bearer);
    await logout({ deps, user, origin: TEST_ORIGIN }, undefined);
    expect((await findUser(deps, landlord.userID))?.revokedSessions).toHaveProperty(user.sessionID);
    const { _etag: _ignored, ...copy } = stale;
    await deps.store.container<UserDoc>('users').replace(copy);
    await expectRefusal(authenticate(deps, session.bearer), 'unauthenticated', /hết hạn/);
  });

  it('entries go once every token of theirs has expired', async () => {
    const first = await signIn();
    const user = await authenticate(deps, first.bearer);
    await logout({ deps, user, origin: TEST_ORIGIN }, undefined);
    const ttlMs = deps.config.jwt.accessTtlSeconds * 1000;
    h.clock.advance(ttlMs + 1000);
    const second = await signIn();
    const other = await authenticate(deps, second.bearer);
    await logout({ deps, user: other, origin: TEST_ORIGIN }, undefined);
    const entries = (await findUser(deps, landlord.userID))?.revokedSessions ?? {};
    expect(Object.keys(entries)).toEqual([other.sessionID]);
  });
});
