// Routes that read their whole query string at once take a repeated name's first value, as every route
// reading one name with `query.get` does; a name like `__proto__` is just a name.
import { describe, expect, it } from 'vitest';
import { queryValues } from '../../api/src/http/body.js';

describe('the query string as an object', () => {
  it('keeps the first value of a repeated name', () => {
    const values = queryValues(new URLSearchParams('houseID=h1&houseID=h2&top=10'));
    expect(values).toEqual({ houseID: 'h1', top: '10' });
  });

  it('keeps hostile names as plain own fields, never touching the prototype', () => {
    const values = queryValues(new URLSearchParams('__proto__=x&constructor=y&houseID=h1'));
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.keys(values).sort()).toEqual(['__proto__', 'constructor', 'houseID']);
    expect(values.constructor).toBe('y');
  });
});
