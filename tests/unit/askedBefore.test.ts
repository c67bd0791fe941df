import { describe, expect, it } from 'vitest';
import { AskedBefore } from '../../api/src/domain/shared/askedBefore.js';

describe('AskedBefore (cache admission)', () => {
  it('says no the first time a key is asked and yes every time after', () => {
    const asked = new AskedBefore(10);
    expect(asked.check('a')).toBe(false);
    expect(asked.check('a')).toBe(true);
    expect(asked.check('a')).toBe(true);
    expect(asked.check('b')).toBe(false);
    expect(asked.check('b')).toBe(true);
  });

  it('remembers at most its bound: when full, every key is forgotten together', () => {
    const asked = new AskedBefore(3);
    for (const key of ['a', 'b', 'c']) expect(asked.check(key)).toBe(false);
    expect(asked.check('c')).toBe(true);
    // A fourth key empties the set first: the earlier keys must be asked again.
    expect(asked.check('d')).toBe(false);
    expect(asked.check('a')).toBe(false);
    expect(asked.check('d')).toBe(true);
    expect(asked.check('a')).toBe(true);
  });
});
