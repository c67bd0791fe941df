import {
  PASSWORD_RECOVERY_MESSAGES,
  passwordRecoveryRequestSchema,
  passwordResetSchema,
  toFieldErrors,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditDoc, OutboxMessageDoc, SessionDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import {
  parseRecoveryToken,
  RECOVERY_TTL_MS,
  type PasswordRecoveryDoc,
} from '../../api/src/domain/passwordRecovery.js';
import {
  hashRecoverySecret,
  requestPasswordChange,
  resetPassword,
} from '../../api/src/useCases/passwordRecovery.js';
import { authenticate } from '../../api/src/useCases/auth/authenticate.js';
import { verifyPassword } from '../../api/src/useCases/shared/passwords.js';
import { changePassword, login } from '../../api/src/useCases/auth/sessions.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { findUser } from '../../api/src/useCases/shared/users.js';
import { aHouse, aLandlord, aStaff, TEST_PASSWORD } from '../support/builders.js';
import {
  actorFor,
  createHarness,
  expectRefusal,
  TEST_ORIGIN,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;

const NEW_PASSWORD = 'MatKhauMoi2026';

async function withContacts(
  user: UserDoc,
  contacts: Pick<UserDoc, 'email' | 'phoneNumber'>,
): Promise<UserDoc> {
  return deps.store.container<UserDoc>('users').replace({ ...user, ...contacts });
}

async function recoveryMessages(): Promise<OutboxMessageDoc[]> {
  const page = await deps.store.container<OutboxMessageDoc>('platform').query({
    filter: { op: 'eq', field: 'event', value: 'passwordRecovery' },
    orderBy: { field: 'createdOn' },
    top: 100,
  });
  return page.items;
}

const seenMessages = new Set<string>();

/** The token of the link sent since the last call, as the recipient reads it in the message. */
async function lastToken(): Promise<string> {
  const fresh = (await recoveryMessages()).filter((message) => !seenMessages.has(message.id));
  expect(fresh).toHaveLength(1);
  seenMessages.add(fresh[0]?.id ?? '');
  return decodeURIComponent((fresh[0]?.link ?? '').split('/ChangePassword/')[1] ?? '');
}

async function openSessions(userID: string): Promise<SessionDoc[]> {
  const page = await deps.store.container<SessionDoc>('sessions').query({
    partitionKey: userID,
    filter: { op: 'eq', field: 'revoked', value: false },
  });
  return page.items;
}

beforeEach(async () => {
  h = createHarness();
  deps = h.deps;
  landlord = await withContacts(await aLandlord(deps, { fullName: 'Nguyễn Văn Hùng' }), {
    email: 'hung.nguyen@example.com',
    phoneNumber: '0903123456',
  });
});
afterEach(() => h.close());

describe('asking for a link', () => {
  it('by e-mail: one message to that address only, with a single-use link valid 30 minutes; the token stored hashed', async () => {
    await requestPasswordChange(deps, '  Hung.Nguyen@Example.com ', TEST_ORIGIN);
    const [message] = await recoveryMessages();
    expect(message).toMatchObject({
      event: 'passwordRecovery',
      state: 'pending',
      recipient: { userID: landlord.userID, name: 'Nguyễn Văn Hùng', email: 'hung.nguyen@example.com' },
      channels: ['email'],
      subject: 'Đặt lại mật khẩu Nhà trọ',
    });
    expect(message?.body).toContain(landlord.username);
    expect(message?.body).toContain('30 phút');
    expect(message?.link).toMatch(
      /^http:\/\/localhost:4280\/ChangePassword\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
    );

    const token = parseRecoveryToken(await lastToken());
    expect(token?.secret.length).toBeGreaterThanOrEqual(43);
    const record = await deps.store
      .container<PasswordRecoveryDoc>('platform')
      .read(`passwordRecovery:${token?.tokenID}`, token?.tokenID ?? '');
    expect(record).toMatchObject({
      userID: landlord.userID,
      secretHash: hashRecoverySecret(token?.secret ?? ''),
      expiresOn: new Date(deps.now().getTime() + RECOVERY_TTL_MS).toISOString(),
    });
    expect(JSON.stringify(record)).not.toContain(token?.secret);
    // The record and its message are one write, in one partition.
    expect(message?.pk).toBe(record?.pk);
  });

  it('by phone, however it is written: Zalo and SMS to that number; every role can recover', async () => {
    const house = await aHouse(deps, landlord);
    const staff = await withContacts(await aStaff(deps, { houses: [house] }), { phoneNumber: '0977111222' });
    await requestPasswordChange(deps, '+84 977 111 222', TEST_ORIGIN);
    const [message] = await recoveryMessages();
    expect(message?.recipient).toEqual({
      userID: staff.userID,
      name: staff.fullName,
      phoneNumber: '0977111222',
    });
    expect(message?.channels).toEqual(['zalo', 'sms']);
  });

  it('an unknown contact, a disabled account: the same quiet success, nothing sent; audited without the contact', async () => {
    await requestPasswordChange(deps, 'khong.ai@example.com', TEST_ORIGIN);
    await deps.store.container<UserDoc>('users').replace({ ...landlord, disabled: true });
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    expect(await recoveryMessages()).toEqual([]);
    const audit = await deps.store.container<AuditDoc>('audit').query({
      filter: { op: 'eq', field: 'action', value: 'passwordRecoveryRequested' },
    });
    expect(audit.items.map((entry) => [entry.entityID, entry.ip])).toEqual([
      [null, TEST_ORIGIN.ip],
      [null, TEST_ORIGIN.ip],
    ]);
    expect(JSON.stringify(audit.items)).not.toMatch(/khong\.ai|hung\.nguyen/);
  });

  it('nobody can block the owner: five requests naming their contact from other addresses leave the owner a working link (issue 21, defect 4)', async () => {
    for (let n = 0; n < 5; n += 1) {
      await requestPasswordChange(deps, 'hung.nguyen@example.com', { ...TEST_ORIGIN, ip: `203.0.113.${n}` });
    }
    // The owner, at home, is answered like anyone (no 429)…
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    // …and the link their inbox got (spaced: one message, not six) works.
    expect(await recoveryMessages()).toHaveLength(1);
    await resetPassword(deps, { token: await lastToken(), newPassword: NEW_PASSWORD }, TEST_ORIGIN);
    const account = await findUser(deps, landlord.userID);
    expect(await verifyPassword(NEW_PASSWORD, account?.passwordHash ?? '')).toBe(true);
    // Fifteen minutes later at most, a request of theirs sends a fresh link again.
    h.clock.advance(15 * 60 * 1000);
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    expect(await recoveryMessages()).toHaveLength(2);
  });

  it('nobody can flood a contact: a request every minute from a new address for two hours sends 7 messages the first hour, 4 the next', async () => {
    const sentAt: number[] = [];
    for (let minute = 0; minute < 120; minute += 1) {
      const before = (await recoveryMessages()).length;
      await requestPasswordChange(deps, '0903 123 456', { ...TEST_ORIGIN, ip: `198.51.100.${minute}` });
      if ((await recoveryMessages()).length > before) sentAt.push(minute);
      h.clock.advance(60 * 1000);
    }
    // Spaced 1, 2, 4, 8, then 15 minutes apart.
    expect(sentAt).toEqual([0, 1, 3, 7, 15, 30, 45, 60, 75, 90, 105]);
  });

  it('limits on an address: one contact waits 1, 2, 4… minutes from the 3rd request, all contacts 30 s, 1, 2… from the 10th; known or not alike', async () => {
    for (const typed of ['hung.nguyen@example.com', 'khong.ai@example.com']) {
      for (let n = 0; n < 3; n += 1) await requestPasswordChange(deps, typed, TEST_ORIGIN);
      const refused = await expectRefusal(
        requestPasswordChange(deps, typed, TEST_ORIGIN),
        'tooManyRequests',
        PASSWORD_RECOVERY_MESSAGES.tooManyRequests(1),
      );
      expect(refused.details.retryAfterSeconds).toBe(60);
    }
    // Another address is not held back by this one, for the same contact.
    await requestPasswordChange(deps, 'hung.nguyen@example.com', { ...TEST_ORIGIN, ip: '192.0.2.1' });
    h.clock.advance(61 * 1000);
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    await expectRefusal(
      requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN),
      'tooManyRequests',
      PASSWORD_RECOVERY_MESSAGES.tooManyRequests(2),
    );
    // From one address, over all contacts: from the 10th request in an hour, 30 s, then 1, 2… minutes.
    const other = { ...TEST_ORIGIN, ip: '198.51.100.9' };
    for (let n = 0; n < 10; n += 1) await requestPasswordChange(deps, `ai${n}@example.com`, other);
    const slowed = await expectRefusal(
      requestPasswordChange(deps, 'ai99@example.com', other),
      'tooManyRequests',
      /quá nhiều lần/,
    );
    expect(slowed.details.retryAfterSeconds).toBe(30);
    h.clock.advance(30 * 1000);
    await requestPasswordChange(deps, 'ai99@example.com', other);
    await expectRefusal(
      requestPasswordChange(deps, 'ai98@example.com', other),
      'tooManyRequests',
      /quá nhiều lần/,
    );
  });

  it('bad input: a 400 naming emailOrPhoneNumber', () => {
    for (const value of [undefined, '', 'abc', '12345', 'a@b']) {
      const result = passwordRecoveryRequestSchema.safeParse({ emailOrPhoneNumber: value });
      expect(result.success, String(value)).toBe(false);
      if (!result.success) expect(toFieldErrors(result.error)[0]?.field).toBe('emailOrPhoneNumber');
    }
  });
});

describe('using a link', () => {
  it('sets the new password, clears a one-time password, ends every session; the old password fails', async () => {
    await deps.store.container<UserDoc>('users').replace({ ...landlord, mustChangePassword: true });
    const session = await login(deps, { username: landlord.username, password: TEST_PASSWORD }, TEST_ORIGIN);
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    await resetPassword(deps, { token: await lastToken(), newPassword: NEW_PASSWORD }, TEST_ORIGIN);

    expect((await findUser(deps, landlord.userID))?.mustChangePassword).toBeUndefined();
    expect(await openSessions(landlord.userID)).toEqual([]);
    await expectRefusal(
      authenticate(deps, `Bearer ${session.token.accessToken}`),
      'unauthenticated',
      /hết hạn/,
    );
    await expectRefusal(
      login(deps, { username: landlord.username, password: TEST_PASSWORD }, TEST_ORIGIN),
      'unauthenticated',
      /không đúng/,
    );
    expect(
      await login(deps, { username: landlord.username, password: NEW_PASSWORD }, TEST_ORIGIN),
    ).toMatchObject({
      status: true,
    });
  });

  it('single use, 30 minutes, void once the password changed some other way, constant-time compared', async () => {
    const invalid = PASSWORD_RECOVERY_MESSAGES.linkInvalid;
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    const first = await lastToken();
    await requestPasswordChange(deps, '0903123456', TEST_ORIGIN);
    const second = await lastToken();
    // Messages to one contact are spaced: a minute after the first.
    h.clock.advance(61 * 1000);
    await requestPasswordChange(deps, '0903123456', TEST_ORIGIN);
    const third = await lastToken();

    await resetPassword(deps, { token: first, newPassword: NEW_PASSWORD }, TEST_ORIGIN);
    const again = await expectRefusal(
      resetPassword(deps, { token: first, newPassword: 'KhacNua2026' }, TEST_ORIGIN),
      'badRequest',
      invalid,
    );
    expect(again.details.fieldErrors).toEqual([{ field: 'token', errorMessage: invalid }]);
    // The other links were made for the old password.
    await expectRefusal(
      resetPassword(deps, { token: second, newPassword: 'KhacNua2026' }, TEST_ORIGIN),
      'badRequest',
      invalid,
    );

    // A link older than 30 minutes.
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    const late = await lastToken();
    h.clock.advance(RECOVERY_TTL_MS);
    await expectRefusal(
      resetPassword(deps, { token: late, newPassword: 'KhacNua2026' }, TEST_ORIGIN),
      'badRequest',
      invalid,
    );
    expect(third).not.toBe(late);

    // A changed password (account settings) voids a fresh link too.
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    const fresh = await lastToken();
    const account = (await findUser(deps, landlord.userID)) as UserDoc;
    await changePassword(actorFor(deps, account), {
      oldPassword: NEW_PASSWORD,
      newPassword: 'DoiTaiCaiDat2026',
    });
    await expectRefusal(
      resetPassword(deps, { token: fresh, newPassword: 'KhacNua2026' }, TEST_ORIGIN),
      'badRequest',
      invalid,
    );
    expect(
      await verifyPassword('DoiTaiCaiDat2026', (await findUser(deps, landlord.userID))?.passwordHash ?? ''),
    ).toBe(true);
  });

  it('a forged secret, an unknown id, a malformed token, a disabled account: the same 400', async () => {
    const invalid = PASSWORD_RECOVERY_MESSAGES.linkInvalid;
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    const token = parseRecoveryToken(await lastToken());
    const forged = `${token?.tokenID}.${'A'.repeat(43)}`;
    const unknown = `${'B'.repeat(22)}.${token?.secret}`;
    for (const candidate of [forged, unknown, 'not-a-token', `${token?.tokenID}.${token?.secret}x`]) {
      await expectRefusal(
        resetPassword(deps, { token: candidate, newPassword: NEW_PASSWORD }, TEST_ORIGIN),
        'badRequest',
        invalid,
      );
    }
    await deps.store.container<UserDoc>('users').replace({ ...landlord, disabled: true });
    await expectRefusal(
      resetPassword(
        deps,
        { token: `${token?.tokenID}.${token?.secret}`, newPassword: NEW_PASSWORD },
        TEST_ORIGIN,
      ),
      'badRequest',
      invalid,
    );
  });

  it('the new password follows the usual rules; a missing token is a 400 naming it', () => {
    const errors = (input: Record<string, unknown>) => {
      const result = passwordResetSchema.safeParse(input);
      return result.success ? [] : toFieldErrors(result.error);
    };
    expect(errors({ token: 'x', newPassword: 'ngan1' })).toEqual([
      { field: 'newPassword', errorMessage: 'Mật khẩu mới phải có ít nhất 8 ký tự.' },
    ]);
    expect(errors({ token: 'x', newPassword: 'chicochu' })).toEqual([
      { field: 'newPassword', errorMessage: 'Mật khẩu mới phải có cả chữ và số.' },
    ]);
    expect(errors({ newPassword: NEW_PASSWORD })).toEqual([
      { field: 'token', errorMessage: PASSWORD_RECOVERY_MESSAGES.tokenRequired },
    ]);
  });

  it('two uses of one link at once: one wins, the other is refused', async () => {
    await requestPasswordChange(deps, 'hung.nguyen@example.com', TEST_ORIGIN);
    const token = await lastToken();
    const results = await Promise.allSettled([
      resetPassword(deps, { token, newPassword: 'MotMatKhau2026' }, TEST_ORIGIN),
      resetPassword(deps, { token, newPassword: 'HaiMatKhau2026' }, TEST_ORIGIN),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
