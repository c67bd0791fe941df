import { z } from 'zod';
import { MOBILE_PHONE_PATTERN } from './lessees.js';
import { normalizePhoneNumber } from './lessorInfo.js';
import { changePasswordSchema } from './passwords.js';

/**
 * Password recovery (`/ForgotPassword` → a link by e-mail or SMS → `/ChangePassword/{token}`): anyone
 * who can read the messages of an account's e-mail or phone number chooses a new password.
 */

/** How long a recovery link works. */
export const RECOVERY_LINK_MINUTES = 30;

export const PASSWORD_RECOVERY_MESSAGES = {
  /** The one answer to every well-formed request, whether or not an account has that contact. */
  requested:
    'Nếu email hoặc số điện thoại này thuộc một tài khoản Nhà trọ, chúng tôi đã gửi liên kết đặt lại mật khẩu. ' +
    `Liên kết chỉ dùng được một lần, trong ${RECOVERY_LINK_MINUTES} phút.`,
  contactRequired: 'Email hoặc số điện thoại không được để trống!',
  contactInvalid: 'Vui lòng nhập email hoặc số điện thoại di động hợp lệ (10 chữ số, bắt đầu bằng 0).',
  tooManyRequests: (minutes: number) =>
    `Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
  tokenRequired: 'Thiếu mã đặt lại mật khẩu trong liên kết.',
  linkInvalid:
    'Liên kết đặt lại mật khẩu không hợp lệ, đã được dùng hoặc đã hết hạn. Vui lòng yêu cầu liên kết mới.',
  changed: 'Đặt lại mật khẩu thành công! Vui lòng đăng nhập bằng mật khẩu mới.',
  requestFailed: 'Gửi yêu cầu thất bại!',
  changeFailed: 'Đặt lại mật khẩu thất bại!',
} as const;

/** What a person typed to find their account: an e-mail address (lower case) or a mobile number. */
export type RecoveryContact = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const EMAIL = z.email();

export function recoveryContact(typed: string): RecoveryContact | undefined {
  const value = typed.trim();
  if (value.includes('@')) {
    const email = value.toLowerCase();
    return email.length <= 200 && EMAIL.safeParse(email).success
      ? { kind: 'email', value: email }
      : undefined;
  }
  const phone = normalizePhoneNumber(value);
  return MOBILE_PHONE_PATTERN.test(phone) ? { kind: 'phone', value: phone } : undefined;
}

/** `GET /api/ForgotPassword/RequestPasswordChange?emailOrPhoneNumber=…` (other parameters are ignored). */
export const passwordRecoveryRequestSchema = z.object({
  emailOrPhoneNumber: z
    .string({ error: PASSWORD_RECOVERY_MESSAGES.contactRequired })
    .trim()
    .min(1, { error: PASSWORD_RECOVERY_MESSAGES.contactRequired })
    .max(200, { error: PASSWORD_RECOVERY_MESSAGES.contactInvalid })
    .refine((value) => recoveryContact(value) !== undefined, {
      error: PASSWORD_RECOVERY_MESSAGES.contactInvalid,
    }),
});
export type PasswordRecoveryRequest = z.infer<typeof passwordRecoveryRequestSchema>;

/** `POST /api/ForgotPassword/ChangePassword`: the link's token and a new password (the usual rules). */
export const passwordResetSchema = z.strictObject({
  token: z
    .string({ error: PASSWORD_RECOVERY_MESSAGES.tokenRequired })
    .min(1, { error: PASSWORD_RECOVERY_MESSAGES.tokenRequired })
    .max(300, { error: PASSWORD_RECOVERY_MESSAGES.linkInvalid }),
  newPassword: changePasswordSchema.shape.newPassword,
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
