import { describe, expect, it } from 'vitest';
import { functionRequest } from '../../api/src/local/functionIO.js';

// The local host's HttpRequest (api/src/local/functionIO.ts): headers are read from Node's parsed
// headers until something needs a real `Headers`, and then behave as one.

const HEADERS = {
  host: '127.0.0.1:4280',
  authorization: 'Bearer a.b.c',
  'user-agent': 'autocannon',
  'x-forwarded-for': '127.0.0.1',
  cookie: 'a=1; b=2',
};

function request(method = 'GET', body = Buffer.alloc(0)) {
  return functionRequest({
    method,
    url: 'http://127.0.0.1:4280/odata/Room?houseID=h1&$top=5',
    headers: { ...HEADERS },
    params: { id: 'r1' },
    body,
  });
}

describe('the local host’s request headers', () => {
  it('read like Headers: any case, null when absent, nothing from Object.prototype', () => {
    const { headers } = request();
    expect(headers.get('Authorization')).toBe('Bearer a.b.c');
    expect(headers.get('USER-AGENT')).toBe('autocannon');
    expect(headers.get('x-missing')).toBeNull();
    expect(headers.has('Cookie')).toBe(true);
    expect(headers.has('x-missing')).toBe(false);
    expect(headers.get('constructor')).toBeNull();
    expect(headers.get('__proto__')).toBeNull();
    expect(headers.has('toString')).toBe(false);
  });

  it('refuse a name Headers refuses, as Headers does', () => {
    const { headers } = request();
    expect(() => headers.get('bad name')).toThrow(TypeError);
    expect(() => new Headers(HEADERS).get('bad name')).toThrow(TypeError);
  });

  it('iterate, change and answer afterwards as a real Headers would', () => {
    const { headers } = request();
    expect([...headers]).toEqual([...new Headers(HEADERS)]);
    const seen: string[] = [];
    headers.forEach((value, name, parent) => {
      seen.push(`${name}=${value}`);
      expect(parent).toBe(headers);
    });
    expect(seen).toContain('authorization=Bearer a.b.c');
    headers.set('Authorization', 'Bearer x.y.z');
    headers.append('x-extra', '1');
    headers.delete('cookie');
    expect(headers.get('authorization')).toBe('Bearer x.y.z');
    expect(headers.get('x-extra')).toBe('1');
    expect(headers.has('cookie')).toBe(false);
    expect([...headers.keys()]).toEqual([...new Headers(headers).keys()]);
  });

  it('leave the query, the route parameters and the body as the library gives them', async () => {
    const get = request();
    expect(get.method).toBe('GET');
    expect(get.query.get('houseID')).toBe('h1');
    expect(get.query.get('$top')).toBe('5');
    expect(get.params).toEqual({ id: 'r1' });
    const post = request('POST', Buffer.from('{"roomName":"P101"}'));
    expect(await post.json()).toEqual({ roomName: 'P101' });
    expect(post.bodyUsed).toBe(true);
  });
});
