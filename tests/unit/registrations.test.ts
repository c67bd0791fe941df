import {
  DEFAULT_PLATFORM_PRICING,
  REGISTRATION_MESSAGES,
  REGISTRATION_PHONE_CONFLICT_TEXTS,
  registrationCreateSchema,
} from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import {
  assertMayDelete,
  assertPhoneFree,
  checkDecision,
  paymentBlocker,
  phoneConflict,
  registrationCode,
  registrationFee,
  termEndDate,
} from '../../api/src/domain/registrations.js';
import { decideSend, maskEmail, maskPhone, newVerificationCode } from '../../api/src/domain/verification.js';
import { checkCode, verificationCodeHash } from '../../api/src/useCases/verification.js';

const SECRET = new Uint8Array(Buffer.from('unit-test-secret-of-at-least-32-bytes!', 'utf8'));
const TARGET = { registrationID: 'reg-000001', channel: 'sms' as const, sentTo: '0938111222' };
const NOW = new Date('2026-11-20T03:00:00.000Z');

describe('registration rules', () => {
  it('the fee is the yearly term of the rooms, at least the minimum', () => {
    expect(registrationFee(20, DEFAULT_PLATFORM_PRICING)).toEqual({ fee: 2_400_000, termMonths: 12 });
    expect(registrationFee(1, DEFAULT_PLATFORM_PRICING)).toEqual({ fee: 300_000, termMonths: 12 });
  });

  it('the paid term ends the same day months later, or the last day of a shorter month', () => {
    expect(termEndDate('2026-11-22', 12)).toBe('2027-11-22');
    expect(termEndDate('2027-01-31', 1)).toBe('2027-02-28');
    expect(termEndDate('2028-02-29', 12)).toBe('2029-02-28');
    expect(termEndDate('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('a short ASCII reference from the id', () => {
    expect(registrationCode('3f2a9c1e-77b0-4c2d-9e1f-000000000000')).toBe('DK3F2A9C1E');
  });

  it('decisions: approve only paid, reject pending or paid with a reason, decided is final', () => {
    expect(checkDecision('paid', { status: 'approved' })).toBe('decide');
    expect(checkDecision('approved', { status: 'approved' })).toBe('unchanged');
    expect(() => checkDecision('pending', { status: 'approved' })).toThrow(
      REGISTRATION_MESSAGES.onlyPaidApproved,
    );
    expect(() => checkDecision('pending', { status: 'rejected' })).toThrow(
      REGISTRATION_MESSAGES.rejectionReasonRequired,
    );
    expect(checkDecision('pending', { status: 'rejected', rejectionReason: 'x' })).toBe('decide');
    expect(() => checkDecision('rejected', { status: 'approved' })).toThrow(
      REGISTRATION_MESSAGES.alreadyDecided,
    );
  });

  it('paying needs both verifications and a pending registration; deleting spares paid and approved ones', () => {
    const verified = { status: 'pending' as const, emailVerified: true, phoneVerified: true };
    expect(paymentBlocker(verified, undefined)).toBeUndefined();
    expect(paymentBlocker({ ...verified, phoneVerified: false }, undefined)).toBe(
      REGISTRATION_MESSAGES.verifyBeforePaying,
    );
    expect(paymentBlocker({ ...verified, status: 'paid' }, undefined)).toBe(
      REGISTRATION_MESSAGES.alreadyPaid,
    );
    // A number that cannot be approved: the registrant is told instead of paying for nothing.
    expect(paymentBlocker(verified, 'account')).toBe(REGISTRATION_PHONE_CONFLICT_TEXTS.account);
    expect(paymentBlocker(verified, 'paidRegistration')).toBe(
      REGISTRATION_PHONE_CONFLICT_TEXTS.paidRegistration,
    );
    expect(paymentBlocker(verified, 'pendingRegistration')).toBeUndefined();
    expect(() => assertMayDelete('rejected', 'superAdmin')).not.toThrow();
    expect(() => assertMayDelete('paid', 'superAdmin')).toThrow(REGISTRATION_MESSAGES.deleteBlocked);
    expect(() => assertMayDelete('rejected', 'registrant')).toThrow(REGISTRATION_MESSAGES.withdrawBlocked);
  });

  it('a phone number conflicts with an account first, then another paid or approved registration, then a pending one', () => {
    const self = { registrationID: 'r1', status: 'pending' as const };
    const other = (status: 'pending' | 'paid' | 'approved' | 'rejected') => ({
      registrationID: 'r2',
      status,
    });
    expect(phoneConflict(self, { hasAccount: false, registrations: [self] })).toBeUndefined();
    expect(
      phoneConflict(self, { hasAccount: false, registrations: [self, other('rejected')] }),
    ).toBeUndefined();
    expect(phoneConflict(self, { hasAccount: false, registrations: [self, other('pending')] })).toBe(
      'pendingRegistration',
    );
    expect(phoneConflict(self, { hasAccount: false, registrations: [other('paid')] })).toBe(
      'paidRegistration',
    );
    expect(phoneConflict(self, { hasAccount: true, registrations: [other('pending')] })).toBe('account');
    expect(() => assertPhoneFree('account')).toThrow(REGISTRATION_MESSAGES.phoneHasAccount);
    expect(() => assertPhoneFree('paidRegistration')).not.toThrow();
  });

  it('the form: a Vietnamese mobile number, an e-mail kept in lower case, 1–1000 rooms, 1–4 distinct papers', () => {
    const valid = {
      fullName: ' Đỗ Quốc Khánh ',
      phoneNumber: '0938111222',
      email: ' Khanh.Do@Example.VN ',
      houseName: 'Nhà trọ Khánh Hội',
      houseAddress: '30 Hoàng Diệu',
      roomQuota: 20,
      papers: ['reg-abc/registration-1767225600000-abc123.png'],
    };
    expect(registrationCreateSchema.parse(valid)).toMatchObject({
      fullName: 'Đỗ Quốc Khánh',
      email: 'khanh.do@example.vn',
    });
    const fieldOf = (input: object) =>
      registrationCreateSchema
        .safeParse({ ...valid, ...input })
        .error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(fieldOf({ phoneNumber: '02838123456' })).toEqual([
      ['phoneNumber', 'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.'],
    ]);
    expect(fieldOf({ email: 'khanh' })).toEqual([['email', 'Email không hợp lệ.']]);
    expect(fieldOf({ roomQuota: 0 })).toEqual([['roomQuota', 'Số phòng đăng ký phải từ 1 đến 1000.']]);
    expect(fieldOf({ papers: [] })).toEqual([['papers', REGISTRATION_MESSAGES.papersRequired]]);
    expect(fieldOf({ papers: [valid.papers[0], valid.papers[0]] })).toEqual([
      ['papers', 'Một tệp giấy tờ được gửi hai lần.'],
    ]);
    expect(registrationCreateSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });
});

describe('verification code rules', () => {
  it('the hash is keyed and bound to the registration, the channel and the address', () => {
    const hash = verificationCodeHash(SECRET, TARGET, '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verificationCodeHash(SECRET, TARGET, '123457')).not.toBe(hash);
    expect(verificationCodeHash(SECRET, { ...TARGET, sentTo: '0938111333' }, '123456')).not.toBe(hash);
    expect(verificationCodeHash(SECRET, { ...TARGET, channel: 'email' }, '123456')).not.toBe(hash);
    expect(verificationCodeHash(new Uint8Array(32), TARGET, '123456')).not.toBe(hash);
  });

  it('checks: valid, wrong, expired at ten minutes, exhausted after five tries, used, missing', () => {
    const code = newVerificationCode(
      TARGET,
      verificationCodeHash(SECRET, TARGET, '123456'),
      [NOW.toISOString()],
      NOW,
    );
    const right = verificationCodeHash(SECRET, TARGET, '123456');
    const wrong = verificationCodeHash(SECRET, TARGET, '654321');
    expect(checkCode(code, right, NOW)).toBe('valid');
    expect(checkCode(code, wrong, NOW)).toBe('wrong');
    expect(checkCode(code, right, new Date(NOW.getTime() + 10 * 60_000))).toBe('expired');
    expect(checkCode({ ...code, attempts: 5 }, right, NOW)).toBe('exhausted');
    expect(checkCode({ ...code, attempts: 4 }, right, NOW)).toBe('valid');
    expect(checkCode({ ...code, usedOn: NOW.toISOString() }, right, NOW)).toBe('used');
    expect(checkCode(undefined, right, NOW)).toBe('missing');
    expect(checkCode(code, 'not-hex', NOW)).toBe('wrong');
  });

  it('sending: once a minute, five an hour', () => {
    expect(decideSend(undefined, NOW)).toEqual({ allowed: true, sendTimes: [NOW.toISOString()] });
    const sent = newVerificationCode(TARGET, 'ab', [NOW.toISOString()], NOW);
    expect(decideSend(sent, new Date(NOW.getTime() + 59_000))).toEqual({
      allowed: false,
      reason: 'resendTooSoon',
      retryAfterMs: 1_000,
    });
    const times = [0, 1, 2, 3, 4].map((minute) => new Date(NOW.getTime() + minute * 60_000).toISOString());
    const busy = { ...sent, sendTimes: times };
    expect(decideSend(busy, new Date(NOW.getTime() + 5 * 60_000))).toMatchObject({
      allowed: false,
      reason: 'tooManyCodes',
    });
    expect(decideSend(busy, new Date(NOW.getTime() + 60 * 60_000 + 1))).toMatchObject({ allowed: true });
  });

  it('masks addresses', () => {
    expect(maskEmail('khanh.do@example.vn')).toBe('kh•••@example.vn');
    expect(maskEmail('a@b.vn')).toBe('a•••@b.vn');
    expect(maskPhone('0938111222')).toBe('•••••••222');
  });
});
