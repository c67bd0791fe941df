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
