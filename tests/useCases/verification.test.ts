import * as crypto from 'node:crypto';
import { REGISTRATION_MESSAGES, VERIFICATION_MESSAGES } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REGISTRATIONS_PARTITION,
  type RegistrationDoc,
  type VerificationDoc,
} from '../../api/src/domain/shared/model.js';
import {
  verificationCodeHash,
  requestVerificationCode,
  verifyCode,
} from '../../api/src/useCases/verification.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { updateOwnRegistration } from '../../api/src/useCases/registrations/registering.js';
import { readRegistration, verificationDocID } from '../../api/src/useCases/shared/registrationAccess.js';
import {
  aRegistration,
  latestCode,
  registrationMessages,
  type RegisteredForTest,
} from '../support/registrationBuilders.js';
import { createHarness, expectRefusal, TEST_ORIGIN, type UseCaseHarness } from '../support/useCaseHarness.js';

// Every comparison of a code goes through a spy, to see that it is the constant-time one.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

/** The e-mail and phone verification of a registration: codes, their limits and their messages. */

const MINUTE = 60_000;

let h: UseCaseHarness;
let deps: Deps;
let reg: RegisteredForTest;
let id: string;

beforeEach(async () => {
  h = createHarness({ now: new Date('2026-11-20T03:00:00Z') });
  deps = h.deps;
  reg = await aRegistration(deps, h.blobs, { email: 'khanh.do@example.vn', phoneNumber: '0938111222' });
  id = reg.registration.registrationID;
});
afterEach(() => h.close());

const ask = (channel: 'email' | 'sms', token = reg.token, key = id) =>
  requestVerificationCode(deps, channel, token, key);
const check = (channel: 'email' | 'sms', code: string, key: string = id) =>
  verifyCode(deps, TEST_ORIGIN, channel, key, code);
const stored = (channel: 'email' | 'sms') =>
  deps.store
    .container<VerificationDoc>('platform')
    .read(REGISTRATIONS_PARTITION, verificationDocID(id, channel));
const current = async () => (await readRegistration(deps, id)) as RegistrationDoc;

/** A code that is not the one sent (same length). */
function otherThan(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('asking for a code', () => {
  it('e-mail: six digits to the e-mail only, valid ten minutes, written with its message; only a keyed hash is kept', async () => {
    const sent = await ask('email');
    expect(sent).toEqual({
      channel: 'email',
      sentTo: 'kh•••@example.vn',
      expiresOn: '2026-11-20T03:10:00.000Z',
      resendAfter: '2026-11-20T03:01:00.000Z',
    });
    const [message] = await registrationMessages(deps, id);
    expect(message).toMatchObject({
      event: 'verificationCode',
      recipient: { name: 'Đỗ Quốc Khánh', email: 'khanh.do@example.vn' },
      channels: ['email'],
      state: 'pending',
    });
    expect(message?.recipient.phoneNumber).toBeUndefined();
    const code = await latestCode(deps, id, 'email');
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.body).toContain('có hiệu lực 10 phút');
    const doc = await stored('email');
    expect(doc).toMatchObject({ channel: 'email', sentTo: 'khanh.do@example.vn', attempts: 0 });
    expect(doc?.codeHash).toBe(
      verificationCodeHash(
        deps.config.jwt.secret,
        { registrationID: id, channel: 'email', sentTo: 'khanh.do@example.vn' },
        code,
      ),
    );
    expect(Object.values(doc ?? {})).not.toContain(code);
  });

  it('SMS: to the phone only, with the spec’s flag messages for a number that cannot take an SMS', async () => {
    expect((await ask('sms')).sentTo).toBe('•••••••222');
    const messages = await registrationMessages(deps, id);
    expect(messages).toEqual([
      expect.objectContaining({
        channels: ['sms'],
        recipient: { name: 'Đỗ Quốc Khánh', phoneNumber: '0938111222' },
      }),
    ]);

    // A landline (kept from before the form checked it) cannot get an SMS: the spec's "bad phone".
    const other = await aRegistration(deps, h.blobs);
    const doc = (await readRegistration(deps, other.registration.registrationID)) as RegistrationDoc;
    await deps.store.container<RegistrationDoc>('platform').replace({ ...doc, phoneNumber: '02838123456' });
    const refused = await expectRefusal(
      requestVerificationCode(deps, 'sms', other.token, doc.registrationID),
      'badRequest',
      VERIFICATION_MESSAGES.smsFailed,
    );
    expect(refused.details.fieldErrors).toEqual([
      { field: 'phoneNumber', errorMessage: VERIFICATION_MESSAGES.smsFailed },
    ]);
  });

  it('needs the registration token: a wrong one and an unknown key get the same 404', async () => {
    await expectRefusal(ask('email', 'not-the-token'), 'notFound', REGISTRATION_MESSAGES.notFound);
    await expectRefusal(
      ask('email', reg.token, 'no-such-registration'),
      'notFound',
      REGISTRATION_MESSAGES.notFound,
    );
    await expectRefusal(ask('email', ''), 'notFound', REGISTRATION_MESSAGES.notFound);
    expect(await registrationMessages(deps, id)).toEqual([]);
  });

  it('a new code at most once a minute; the new one replaces the old', async () => {
    await ask('sms');
    const first = await latestCode(deps, id, 'sms');
    h.clock.advance(30_000);
    const refused = await expectRefusal(ask('sms'), 'tooManyRequests', VERIFICATION_MESSAGES.resendWait(30));
    expect(refused.details.retryAfterSeconds).toBe(30);
    expect(await registrationMessages(deps, id)).toHaveLength(1);

    h.clock.advance(30_000);
    await ask('sms');
    const second = await latestCode(deps, id, 'sms');
    expect(await registrationMessages(deps, id)).toHaveLength(2);
    if (second !== first) {
      await expectRefusal(check('sms', first), 'badRequest', VERIFICATION_MESSAGES.phoneCodeInvalid);
    }
    expect(await check('sms', second)).toEqual({ emailVerified: false, phoneVerified: true });
  });

  it('at most five codes an hour per channel', async () => {
    for (let i = 0; i < 5; i += 1) {
      await ask('email');
      h.clock.advance(MINUTE);
    }
    await expectRefusal(ask('email'), 'tooManyRequests', VERIFICATION_MESSAGES.tooManyCodes);
    // The other channel has its own count.
    await ask('sms');
    h.clock.advance(56 * MINUTE);
    await ask('email');
  });

  it('two requests at the same instant send one code', async () => {
    const outcomes = await Promise.allSettled([ask('email'), ask('email')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await registrationMessages(deps, id)).toHaveLength(1);
  });

  it('nothing to verify once verified, paid or decided (409)', async () => {
    await ask('email');
    await check('email', await latestCode(deps, id, 'email'));
    await expectRefusal(ask('email'), 'conflict', VERIFICATION_MESSAGES.emailAlreadyVerified);
    await deps.store.container<RegistrationDoc>('platform').replace({ ...(await current()), status: 'paid' });
    await expectRefusal(ask('sms'), 'conflict', VERIFICATION_MESSAGES.notPending);
  });
});

describe('checking a code', () => {
  it('the right code verifies its channel once: a second use is refused', async () => {
    await ask('email');
    const code = await latestCode(deps, id, 'email');
    expect(await check('email', code)).toEqual({ emailVerified: true, phoneVerified: false });
    expect(await current()).toMatchObject({ emailVerified: true, phoneVerified: false });
    expect((await stored('email'))?.usedOn).toBe('2026-11-20T03:00:00.000Z');
    await expectRefusal(check('email', code), 'conflict', VERIFICATION_MESSAGES.emailAlreadyVerified);
  });

  it('a used code stays used: after a new address needs verifying, the old code does not work', async () => {
    await ask('email');
    const code = await latestCode(deps, id, 'email');
    await check('email', code);
    await updateOwnRegistration(
      deps,
      TEST_ORIGIN,
      reg.token,
      id,
      { email: 'khanh.moi@example.vn' },
      undefined,
    );
    expect((await current()).emailVerified).toBe(false);
    await expectRefusal(check('email', code), 'badRequest', VERIFICATION_MESSAGES.emailCodeInvalid);
  });

  it('a wrong code: the spec’s message per channel, and one of five tries spent', async () => {
    await ask('email');
    await ask('sms');
    const emailCode = await latestCode(deps, id, 'email');
    const smsCode = await latestCode(deps, id, 'sms');
    await expectRefusal(
      check('email', otherThan(emailCode)),
      'badRequest',
      VERIFICATION_MESSAGES.emailCodeInvalid,
    );
    await expectRefusal(
      check('sms', otherThan(smsCode)),
      'badRequest',
      VERIFICATION_MESSAGES.phoneCodeInvalid,
    );
    expect((await stored('email'))?.attempts).toBe(1);
    expect((await stored('sms'))?.attempts).toBe(1);
  });

  it('after five wrong tries even the right code is refused until a new one is sent', async () => {
    await ask('sms');
    const code = await latestCode(deps, id, 'sms');
    for (let i = 0; i < 5; i += 1) {
      await expectRefusal(
        check('sms', otherThan(code)),
        'badRequest',
        VERIFICATION_MESSAGES.phoneCodeInvalid,
      );
    }
    await expectRefusal(check('sms', code), 'badRequest', VERIFICATION_MESSAGES.tooManyTries);
    expect((await current()).phoneVerified).toBe(false);
    h.clock.advance(MINUTE);
    await ask('sms');
    expect(await check('sms', await latestCode(deps, id, 'sms'))).toMatchObject({ phoneVerified: true });
  });

  it('parallel guesses cannot share a try: ten at once still leave the code exhausted', async () => {
    await ask('sms');
    const code = await latestCode(deps, id, 'sms');
    const guesses = Array.from({ length: 10 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const outcomes = await Promise.allSettled(guesses.map((guess) => check('sms', guess)));
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect((await stored('sms'))?.attempts).toBeGreaterThanOrEqual(5);
    await expectRefusal(check('sms', code), 'badRequest', VERIFICATION_MESSAGES.tooManyTries);
  });

  it('a code expires after ten minutes', async () => {
    await ask('email');
    const code = await latestCode(deps, id, 'email');
    h.clock.advance(10 * MINUTE);
    await expectRefusal(check('email', code), 'badRequest', VERIFICATION_MESSAGES.expired);
    h.clock.advance(-1);
    expect(await check('email', code)).toMatchObject({ emailVerified: true });
  });

  it('is compared in constant time: timingSafeEqual on the two 32-byte hashes, also for a wrong code', async () => {
    await ask('email');
    const code = await latestCode(deps, id, 'email');
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    await expectRefusal(
      check('email', otherThan(code)),
      'badRequest',
      VERIFICATION_MESSAGES.emailCodeInvalid,
    );
    const [a, b] = compare.mock.calls.at(-1) ?? [];
    expect((a as Buffer).length).toBe(32);
    expect((b as Buffer).length).toBe(32);
  });

  it('an unknown key, or a channel without a code, answers like a wrong code; malformed input names its field', async () => {
    await expectRefusal(
      check('email', '123456', 'no-such-registration'),
      'badRequest',
      VERIFICATION_MESSAGES.emailCodeInvalid,
    );
    await expectRefusal(check('sms', '123456'), 'badRequest', VERIFICATION_MESSAGES.phoneCodeInvalid);
    const badCode = await expectRefusal(check('sms', '12345'), 'badRequest', 'Mã xác thực gồm 6 chữ số.');
    expect(badCode.details.fieldErrors?.[0]?.field).toBe('VerifyToken');
    const badKey = await expectRefusal(
      verifyCode(deps, TEST_ORIGIN, 'sms', 'x', '123456'),
      'badRequest',
      VERIFICATION_MESSAGES.keyInvalid,
    );
    expect(badKey.details.fieldErrors?.[0]?.field).toBe('Key');
  });
});
