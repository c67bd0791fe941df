import { describe, expect, it } from 'vitest';
import { compileRoute } from '../../api/src/local/router.js';

function match(template: string, path: string): Record<string, string | undefined> | null {
  const { pattern, names } = compileRoute(template);
  const found = pattern.exec(path);
  if (!found) return null;
  return Object.fromEntries(names.map((name, index) => [name, found[index + 1]]));
}

describe('compileRoute', () => {
  it('literal routes match exactly, case-insensitively, with an optional trailing slash', () => {
    expect(match('api/User/Login', '/api/User/Login')).toEqual({});
    expect(match('api/User/Login', '/API/user/LOGIN')).toEqual({});
    expect(match('api/User/Login', '/api/User/Login/')).toEqual({});
    expect(match('api/User/Login', '/api/User/LoginX')).toBeNull();
    expect(match('api/User/Login', '/api/User')).toBeNull();
    expect(match('api/User/Login', '/x/api/User/Login')).toBeNull();
    expect(match('api/User/Login', '/api/User/Login/x')).toBeNull();
  });

  it('{id} captures one segment', () => {
    expect(compileRoute('odata/House/{id}').names).toEqual(['id']);
    expect(match('odata/House/{id}', '/odata/House/3f0c9a52-8d1e')).toEqual({ id: '3f0c9a52-8d1e' });
    expect(match('odata/House/{id}', '/ODATA/house/abc')).toEqual({ id: 'abc' });
    expect(match('odata/House/{id}', '/odata/House')).toBeNull();
    expect(match('odata/House/{id}', '/odata/House/')).toBeNull();
    expect(match('odata/House/{id}', '/odata/House/a/b')).toBeNull();
  });

  it('several parameters, with a type constraint', () => {
    const template = 'odata/House/{houseID}/Room/{roomID:int}';
    expect(compileRoute(template).names).toEqual(['houseID', 'roomID']);
    expect(match(template, '/odata/House/h1/Room/42')).toEqual({ houseID: 'h1', roomID: '42' });
  });

  it('int, long, bool, alpha and guid constraints are enforced; others only parsed', () => {
    expect(match('x/{id:int}', '/x/-7')).toEqual({ id: '-7' });
    expect(match('x/{id:int}', '/x/7a')).toBeNull();
    expect(match('x/{flag:bool}', '/x/True')).toEqual({ flag: 'True' });
    expect(match('x/{flag:bool}', '/x/yes')).toBeNull();
    expect(match('x/{name:alpha}', '/x/abc')).toEqual({ name: 'abc' });
    expect(match('x/{name:alpha}', '/x/ab1')).toBeNull();
    expect(match('x/{id:guid}', '/x/3f0c9a52-8d1e-4b7a-9c3d-2e1f0a9b8c7d')).toEqual({
      id: '3f0c9a52-8d1e-4b7a-9c3d-2e1f0a9b8c7d',
    });
    expect(match('x/{id:guid}', '/x/3f0c9a52')).toBeNull();
    expect(match('x/{id:int?}', '/x')).toEqual({ id: undefined });
    expect(match('x/{code:minlength(3)}', '/x/ab')).toEqual({ code: 'ab' });
  });

  it('{id?} is optional', () => {
    expect(match('api/Bill/{id?}', '/api/Bill')).toEqual({ id: undefined });
    expect(match('api/Bill/{id?}', '/api/Bill/7')).toEqual({ id: '7' });
    expect(match('api/Bill/{id?}', '/api/Bill/7/8')).toBeNull();
  });

  it('{*rest} catches the remaining path', () => {
    expect(match('files/{*rest}', '/files/a/b/c.png')).toEqual({ rest: 'a/b/c.png' });
    expect(match('files/{*rest}', '/files')).toEqual({ rest: undefined });
  });

  it('regular-expression characters in literals are escaped', () => {
    expect(match('odata/$metadata', '/odata/$metadata')).toEqual({});
    expect(match('odata/$metadata', '/odata/Xmetadata')).toBeNull();
    expect(match('api/v1.0/x', '/api/v1.0/x')).toEqual({});
    expect(match('api/v1.0/x', '/api/v1x0/x')).toBeNull();
  });
});
