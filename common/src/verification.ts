import { z } from 'zod';
import { idField } from './fields.js';

/**
 * Verifying a registration's e-mail and phone number with six-digit codes (spec §7 `/api/Verify/*`).
 * `Key` is the registration's id; `VerifyToken` is the code the registrant received.
 */

export const VERIFICATION_CHANNELS = ['email', 'sms'] as const;
export type VerificationChannel = (typeof VERIFICATION_CHANNELS)[number];

export const VERIFICATION_RULES = {
  codeLength: 6,
  validMinutes: 10,
  maxTries: 5,
  resendSeconds: 60,
  /** Codes per channel and registration in an hour (SMS costs money; nobody is flooded). */
  codesPerHour: 5,
} as const;

/** Spec texts verbatim (§8, including their spelling), then the other refusals. */
export const VERIFICATION_MESSAGES = {
  smsSent: 'Đã gửi mã xác nhận về số điện thoại thành công',
  smsFailed: 'Đã gửi mã xác nhận về số điện thoại thất bại. Vui lòng kiểm tra lại số điện thoại',
  phoneCodeInvalid: 'Mã xác thực không đúng vui lòng kiểm tra lại',
  emailCodeInvalid: 'Mã số bạn nhập chưa phù hơp, vui lòng kiểm tra lại thông tin email đã đăng kí',
  emailSent: 'Đã gửi mã xác nhận về email thành công',
  emailVerified: 'Xác thực email thành công',
  phoneVerified: 'Xác thực số điện thoại thành công',
  expired: 'Mã xác thực đã hết hạn. Vui lòng gửi lại mã mới.',
  tooManyTries: `Bạn đã nhập sai mã quá ${VERIFICATION_RULES.maxTries} lần. Vui lòng gửi lại mã mới.`,
  resendWait: (seconds: number) => `Vui lòng đợi ${seconds} giây rồi gửi lại mã.`,
  tooManyCodes: 'Bạn đã yêu cầu gửi mã quá nhiều lần. Vui lòng thử lại sau một giờ.',
  emailAlreadyVerified: 'Email đã được xác thực.',
  phoneAlreadyVerified: 'Số điện thoại đã được xác thực.',
  notPending: 'Đăng ký đã được thanh toán hoặc xét duyệt, không cần xác thực nữa.',
  keyInvalid: 'Mã đăng ký (Key) không hợp lệ.',
} as const;

/** `POST /api/Verify/RequestEmailVerify` and `RequestSMSVerify`, with the registration token in its header. */
export const verificationRequestSchema = z.strictObject({ key: idField(VERIFICATION_MESSAGES.keyInvalid) });
export type VerificationRequestInput = z.infer<typeof verificationRequestSchema>;

/** What a sent code says: where it went (masked), until when it is valid, and when another may be asked. */
export interface VerificationSent {
  channel: VerificationChannel;
  sentTo: string;
  expiresOn: string;
  resendAfter: string;
}

/** A registration's verification state after a valid code. */
export interface VerificationState {
  emailVerified: boolean;
  phoneVerified: boolean;
}
