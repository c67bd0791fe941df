import { z } from 'zod';
import { MESSAGES } from './messages.js';
import type { Role } from './roles.js';

/** Longest username or password accepted, after trimming. */
export const LOGIN_FIELD_MAX_LENGTH = 200;

const requiredTrimmed = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(LOGIN_FIELD_MAX_LENGTH, { error: tooLong });

export const loginSchema = z.strictObject({
  username: requiredTrimmed(MESSAGES.usernameRequired, MESSAGES.usernameTooLong),
  password: requiredTrimmed(MESSAGES.passwordRequired, MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Any string is accepted here: a malformed token is refused as invalid (401), not as bad input. */
export const refreshSchema = z.strictObject({
  refreshToken: z
    .string({ error: MESSAGES.invalidRefreshToken })
    .max(512, { error: MESSAGES.invalidRefreshToken }),
});

export const logoutSchema = z.strictObject({
  refreshToken: z.string().max(512).optional(),
});

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface LessorInfoSummary {
  /** 1 = complete, 2 = incomplete. */
  status: 1 | 2;
}

export interface HouseSummary {
  houseID: string;
  houseName: string;
  houseAddress: string;
  lessorInfo: LessorInfoSummary;
}

export interface LoginSession {
  status: true;
  token: TokenPair;
  role: Role;
  houses: HouseSummary[];
  userID: string;
  username: string;
  fullName: string;
  lesseeID?: string;
  houseID?: string;
  contractID?: string;
  roomID?: string;
  /** The account was opened with a one-time password: the app asks for a new one first. */
  mustChangePassword?: boolean;
}

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
