/**
 * Login form rules (spec section 5). Kept free of dependencies so the schema can later move to
 * the package shared with the API without changing the messages.
 */
export interface LoginCredentials {
  username: string;
  password: string;
}

export type LoginField = keyof LoginCredentials;

export type LoginErrors = Partial<Record<LoginField, string>>;

export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];

export const LOGIN_MESSAGES = {
  usernameRequired: 'Tên đăng nhập không được để trống!',
  passwordRequired: 'Mật khẩu không được để trống!',
} as const;

export function normalizeLoginCredentials(values: LoginCredentials): LoginCredentials {
  return { username: values.username.trim(), password: values.password.trim() };
}

export function validateLoginCredentials(values: LoginCredentials): LoginErrors {
  const { username, password } = normalizeLoginCredentials(values);
  const errors: LoginErrors = {};
  if (username === '') errors.username = LOGIN_MESSAGES.usernameRequired;
  if (password === '') errors.password = LOGIN_MESSAGES.passwordRequired;
  return errors;
}
