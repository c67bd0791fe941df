import { LOGIN_FIELD_MAX_LENGTH, MESSAGES } from '@nhatro/common';

/**
 * Login form rules (spec section 5): the same rules and messages as the API's `loginSchema`
 * (tests/unit check they agree), without pulling zod into the login bundle.
 */
export interface LoginCredentials {
  username: string;
  password: string;
}

export type LoginField = keyof LoginCredentials;

export type LoginErrors = Partial<Record<LoginField, string>>;

export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];

export const LOGIN_MESSAGES = {
  usernameRequired: MESSAGES.usernameRequired,
  passwordRequired: MESSAGES.passwordRequired,
  usernameTooLong: MESSAGES.usernameTooLong,
  passwordTooLong: MESSAGES.passwordTooLong,
} as const;

export function normalizeLoginCredentials(values: LoginCredentials): LoginCredentials {
  return { username: values.username.trim(), password: values.password.trim() };
}

export function validateLoginCredentials(values: LoginCredentials): LoginErrors {
  const { username, password } = normalizeLoginCredentials(values);
  const errors: LoginErrors = {};
  if (username === '') errors.username = LOGIN_MESSAGES.usernameRequired;
  else if (username.length > LOGIN_FIELD_MAX_LENGTH) errors.username = LOGIN_MESSAGES.usernameTooLong;
  if (password === '') errors.password = LOGIN_MESSAGES.passwordRequired;
  else if (password.length > LOGIN_FIELD_MAX_LENGTH) errors.password = LOGIN_MESSAGES.passwordTooLong;
  return errors;
}
