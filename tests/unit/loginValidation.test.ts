import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginSchema, logoutSchema, refreshSchema } from '../../common/src/auth.js';
import { toFieldErrors } from '../../common/src/validation.js';

const USERNAME_REQUIRED = 'Tên đăng nhập không được để trống!';
const PASSWORD_REQUIRED = 'Mật khẩu không được để trống!';

function errors(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  return toFieldErrors(parsed.error);
}

describe('loginSchema', () => {
  it('trims both fields', () => {
    expect(loginSchema.parse({ username: '  chunha ', password: '\tChunha@123456 ' })).toEqual({
      username: 'chunha',
      password: 'Chunha@123456',
    });
  });

  it('empty, blank and missing fields → the two spec messages, in field order', () => {
    const both = [
      { field: 'username', errorMessage: USERNAME_REQUIRED },
      { field: 'password', errorMessage: PASSWORD_REQUIRED },
    ];
    expect(errors(loginSchema, { username: '', password: '' })).toEqual(both);
    expect(errors(loginSchema, { username: '   ', password: '\n' })).toEqual(both);
    expect(errors(loginSchema, {})).toEqual(both);
    expect(errors(loginSchema, { username: 'chunha', password: '' })).toEqual([
      { field: 'password', errorMessage: PASSWORD_REQUIRED },
    ]);
  });

  it('wrong types → the field message (still Vietnamese)', () => {
    expect(errors(loginSchema, { username: 123, password: 'x' })).toEqual([
      { field: 'username', errorMessage: USERNAME_REQUIRED },
    ]);
    expect(errors(loginSchema, { username: 'x', password: ['a'] })).toEqual([
      { field: 'password', errorMessage: PASSWORD_REQUIRED },
    ]);
  });

  it('a non-object body → one "wrong type" error without a field (not "required")', () => {
    for (const value of [[], 'chunha', null, 42]) {
      const list = errors(loginSchema, value);
      expect(list).toHaveLength(1);
      expect(list[0]).not.toHaveProperty('field');
      expect(list[0]?.errorMessage).toBe('Giá trị không đúng kiểu dữ liệu.');
    }
  });

  it('over 200 characters → refused with a Vietnamese message', () => {
    const list = errors(loginSchema, { username: 'a'.repeat(201), password: 'x' });
    expect(list).toEqual([{ field: 'username', errorMessage: expect.stringMatching(/[À-ỹ]/u) }]);
  });
});

describe('refresh and logout schemas', () => {
  it('refreshToken must be a string', () => {
    expect(errors(refreshSchema, {})).toEqual([
      {
        field: 'refreshToken',
        errorMessage: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn. Vui lòng đăng nhập lại.',
      },
    ]);
    expect(refreshSchema.parse({ refreshToken: 'x'.repeat(40) })).toEqual({ refreshToken: 'x'.repeat(40) });
  });

  it('logout takes an optional refreshToken', () => {
    expect(logoutSchema.parse({})).toEqual({});
    expect(errors(logoutSchema, { refreshToken: 5 })[0]?.field).toBe('refreshToken');
  });
});

describe('toFieldErrors', () => {
  it('keeps Vietnamese custom messages and translates zod defaults into Vietnamese', () => {
    const schema = z.object({
      name: z.string({ error: 'Vui lòng nhập tên.' }),
      age: z.number().min(18),
      rooms: z.number().max(3),
      email: z.email(),
      nested: z.object({ phone: z.string().min(9) }),
      kind: z.enum(['a', 'b']),
    });
    const list = errors(schema, {
      age: 12,
      rooms: 9,
      email: 'không-phải-email',
      nested: { phone: '09' },
      kind: 'c',
    });
    expect(list).toEqual([
      { field: 'name', errorMessage: 'Vui lòng nhập tên.' },
      { field: 'age', errorMessage: 'Giá trị quá nhỏ.' },
      { field: 'rooms', errorMessage: 'Giá trị quá lớn.' },
      { field: 'email', errorMessage: 'Giá trị không đúng định dạng.' },
      { field: 'nested.phone', errorMessage: 'Giá trị quá nhỏ.' },
      { field: 'kind', errorMessage: 'Giá trị không đúng định dạng.' },
    ]);
  });

  it('a missing required field without a custom message → "Trường này là bắt buộc."', () => {
    expect(errors(z.object({ phone: z.string() }), {})).toEqual([
      { field: 'phone', errorMessage: 'Trường này là bắt buộc.' },
    ]);
  });

  it('a value of the wrong type → "Giá trị không đúng kiểu dữ liệu." (not "Trường này là bắt buộc.")', () => {
    expect(errors(z.object({ phone: z.string(), count: z.number() }), { phone: 5, count: '3' })).toEqual([
      { field: 'phone', errorMessage: 'Giá trị không đúng kiểu dữ liệu.' },
      { field: 'count', errorMessage: 'Giá trị không đúng kiểu dữ liệu.' },
    ]);
  });

  it('unknown keys of a strict object → one error per key, naming it', () => {
    const list = errors(z.strictObject({ a: z.string() }), { a: 'x', extra: 1, billingDay: 5 });
    expect(list).toEqual([
      { field: 'extra', errorMessage: 'Trường "extra" không tồn tại.' },
      { field: 'billingDay', errorMessage: 'Trường "billingDay" không tồn tại.' },
    ]);
  });

  it('unknown keys of a nested strict object are named with their path', () => {
    const list = errors(z.object({ info: z.strictObject({ a: z.string() }) }), { info: { a: 'x', b: 1 } });
    expect(list).toEqual([{ field: 'info.b', errorMessage: 'Trường "info.b" không tồn tại.' }]);
  });

  it('every message is Vietnamese', () => {
    const list = errors(z.object({ a: z.string().regex(/^x$/), b: z.boolean() }), { a: 'y', b: 'no' });
    for (const item of list) expect(item.errorMessage).toMatch(/[À-ỹ]/u);
  });
});
