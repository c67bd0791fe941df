import { z } from 'zod';
import { LOGIN_FIELD_MAX_LENGTH } from './auth.js';

// Apart from auth.ts: the login page imports auth.ts without zod; only the password pages load this.

export const PASSWORD_MESSAGES = {
  oldRequired: 'Mật khẩu hiện tại không được để trống!',
  oldWrong: 'Mật khẩu hiện tại không đúng.',
  newTooShort: 'Mật khẩu mới phải có ít nhất 8 ký tự.',
  newTooLong: 'Mật khẩu mới tối đa 200 ký tự.',
  newWeak: 'Mật khẩu mới phải có cả chữ và số.',
  newSameAsOld: 'Mật khẩu mới phải khác mật khẩu hiện tại.',
  changed: 'Đổi mật khẩu thành công!',
} as const;

/** `POST /api/User/ChangePassword`: a new password of 8+ characters with letters and digits. */
export const changePasswordSchema = z
  .strictObject({
    oldPassword: z
      .string({ error: PASSWORD_MESSAGES.oldRequired })
      .min(1, { error: PASSWORD_MESSAGES.oldRequired })
      .max(LOGIN_FIELD_MAX_LENGTH),
    newPassword: z
      .string({ error: PASSWORD_MESSAGES.newTooShort })
      .min(8, { error: PASSWORD_MESSAGES.newTooShort })
      .max(LOGIN_FIELD_MAX_LENGTH, { error: PASSWORD_MESSAGES.newTooLong })
      .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), { error: PASSWORD_MESSAGES.newWeak }),
  })
  .refine((input) => input.newPassword !== input.oldPassword, {
    error: PASSWORD_MESSAGES.newSameAsOld,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
