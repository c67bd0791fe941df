// The login form's rules (web) and the API's login schema (common) agree: same fields flagged, same
// Vietnamese messages, same trimmed values (spec section 5).
import { describe, expect, it } from 'vitest';
import { loginSchema } from '../../common/src/auth.js';
import {
  normalizeLoginCredentials,
  validateLoginCredentials,
  type LoginCredentials,
  type LoginErrors,
} from '../../web/src/features/auth/loginValidation.js';

const USERNAME_REQUIRED = 'Tên đăng nhập không được để trống!';
const PASSWORD_REQUIRED = 'Mật khẩu không được để trống!';

/** The API's verdict in the web's shape: the first message per field. */
function apiErrors(values: LoginCredentials): LoginErrors {
  const result = loginSchema.safeParse(values);
  if (result.success) return {};
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

const CASES: Array<{ name: string; values: LoginCredentials; expected: LoginErrors }> = [
  {
    name: 'both empty',
    values: { username: '', password: '' },
    expected: { username: USERNAME_REQUIRED, password: PASSWORD_REQUIRED },
  },
  {
    name: 'empty username',
    values: { username: '', password: 'Chunha@123456' },
    expected: { username: USERNAME_REQUIRED },
  },
  {
    name: 'empty password',
    values: { username: 'chunha', password: '' },
    expected: { password: PASSWORD_REQUIRED },
  },
  {
    name: 'spaces only',
    values: { username: '   ', password: '  ' },
    expected: { username: USERNAME_REQUIRED, password: PASSWORD_REQUIRED },
  },
  {
    name: 'tabs and newlines only',
    values: { username: '\t\t', password: '\n\t ' },
    expected: { username: USERNAME_REQUIRED, password: PASSWORD_REQUIRED },
  },
  {
    name: 'no-break and ideographic spaces only',
    values: { username: '\u00a0\u3000', password: '\u2003' },
    expected: { username: USERNAME_REQUIRED, password: PASSWORD_REQUIRED },
  },
  { name: 'normal', values: { username: 'chunha', password: 'Chunha@123456' }, expected: {} },
  {
    name: 'surrounded by spaces',
    values: { username: '  chunha ', password: '\tChunha@123456  ' },
    expected: {},
  },
  {
    name: 'spaces-only username, normal password',
    values: { username: ' ', password: 'x' },
    expected: { username: USERNAME_REQUIRED },
  },
  {
    name: 'unicode (Vietnamese)',
    values: { username: 'nguyễn.văn.hùng', password: 'Mật khẩu đúng!' },
    expected: {},
  },
  { name: 'unicode (emoji, CJK)', values: { username: '房东🏠', password: '🔑🔑' }, expected: {} },
  { name: 'one character each', values: { username: 'a', password: 'b' }, expected: {} },
];

describe('login rules: web form and API schema agree', () => {
  it.each(CASES)('$name', ({ values, expected }) => {
    const web = validateLoginCredentials(values);
    const api = apiErrors(values);
    expect(web).toEqual(expected);
    expect(api).toEqual(expected);
  });

  it.each(CASES.filter(({ expected }) => Object.keys(expected).length === 0))(
    '$name: both trim the values the same way',
    ({ values }) => {
      const parsed = loginSchema.parse(values);
      expect(normalizeLoginCredentials(values)).toEqual(parsed);
    },
  );
});
