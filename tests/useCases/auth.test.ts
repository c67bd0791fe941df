import { changePasswordSchema, toFieldErrors } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { verifyPassword } from '../../api/src/useCases/shared/passwords.js';
import { changePassword, login } from '../../api/src/useCases/auth/sessions.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { aLandlord, TEST_PASSWORD } from '../support/builders.js';
import {
  actorFor,
  createHarness,
  expectRefusal,
  TEST_ORIGIN,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let user: UserDoc;

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  user = await aLandlord(deps);
});
afterEach(() => h.close());

async function openSessions() {
  const page = await deps.store.container<SessionDoc>('sessions').query({
    partitionKey: user.userID,
    filter: { op: 'eq', field: 'revoked', value: false },
  });
  return page.items;
}

describe('changing a password', () => {
  it('checks the old one, ends the other sessions and keeps this one', async () => {
    await login(deps, { username: user.username, password: TEST_PASSWORD }, TEST_ORIGIN);
    await login(deps, { username: user.username, password: TEST_PASSWORD }, TEST_ORIGIN);
    const [current] = await openSessions();
    const actor = {
      ...actorFor(deps, user),
      user: { ...actorFor(deps, user).user, sessionID: current?.sessionID as string },
    };
    await expectRefusal(
      changePassword(actor, { oldPassword: 'Sai@123456', newPassword: 'MatKhauMoi2026' }),
      'badRequest',
      'Mật khẩu hiện tại không đúng.',
    );
    await changePassword(actor, { oldPassword: TEST_PASSWORD, newPassword: 'MatKhauMoi2026' });
    const stored = await deps.store.container<UserDoc>('users').read(user.userID, user.userID);
    expect(await verifyPassword('MatKhauMoi2026', stored?.passwordHash ?? '')).toBe(true);
    expect((await openSessions()).map((session) => session.sessionID)).toEqual([current?.sessionID]);
  });

  it('asks for 8+ characters with letters and digits, different from the old one', () => {
    const errors = (input: Record<string, string>) => {
      const result = changePasswordSchema.safeParse(input);
      return result.success ? [] : toFieldErrors(result.error).map((error) => error.errorMessage);
    };
    expect(errors({ oldPassword: 'a', newPassword: 'ngan1' })).toContain(
      'Mật khẩu mới phải có ít nhất 8 ký tự.',
    );
    expect(errors({ oldPassword: 'a', newPassword: 'chichucai' })).toContain(
      'Mật khẩu mới phải có cả chữ và số.',
    );
    expect(errors({ oldPassword: 'GiongNhau1', newPassword: 'GiongNhau1' })).toContain(
      'Mật khẩu mới phải khác mật khẩu hiện tại.',
    );
    expect(errors({ oldPassword: 'Cu@123456', newPassword: 'Mới@2026abc' })).toEqual([]);
  });
});
