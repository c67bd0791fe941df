import { describe, expect, it } from 'vitest';
import { billCodesIn } from '../../api/src/domain/bankTransfers.js';
import { feedSignature, verifyFeedSignature } from '../../api/src/useCases/bankTransfers/matching.js';

describe('bill codes in a transfer note', () => {
  it('finds the code however the bank spaced, cased or accented the note', () => {
    expect(billCodesIn('NTABCD2345')).toContain('NTABCD2345');
    expect(billCodesIn('ck tien phong ntabcd2345')).toContain('NTABCD2345');
    expect(billCodesIn('MBVCB.123.NT ABCD-2345.Nguyễn Văn A')).toContain('NTABCD2345');
  });

  it('returns the look-alikes that joining words makes too (only real codes count later)', () => {
    expect(billCodesIn('CHUYEN TIEN PHONG')).toEqual(['NTIENPHONG']);
    expect(billCodesIn('tien nha')).toEqual([]);
    // 0, 1, 8 and 9 are not in the codes' alphabet.
    expect(billCodesIn('NTABCD0001')).toEqual([]);
  });
});

describe('the feed signature', () => {
  const body = '{"transactions":[]}';
  const secret = 'bank-feed-secret-for-unit-tests';
  const now = 1_790_000_000;

  it('accepts the documented scheme and refuses anything else', () => {
    const t = String(now - 10);
    const v1 = feedSignature(t, body, secret);
    expect(verifyFeedSignature(`t=${t},v1=${v1}`, body, secret, now)).toBe(true);
    expect(verifyFeedSignature(`t=${t}, v1=${v1.toUpperCase()}`, body, secret, now)).toBe(true);
    expect(verifyFeedSignature(`t=${t},v1=${v1}`, `${body} `, secret, now)).toBe(false);
    expect(verifyFeedSignature(`t=${t},v1=${v1}`, body, 'other', now)).toBe(false);
    expect(
      verifyFeedSignature(
        `t=${now - 301},v1=${feedSignature(String(now - 301), body, secret)}`,
        body,
        secret,
        now,
      ),
    ).toBe(false);
    expect(verifyFeedSignature(`v1=${v1}`, body, secret, now)).toBe(false);
    expect(verifyFeedSignature('t=abc,v1=zz', body, secret, now)).toBe(false);
    expect(verifyFeedSignature(null, body, secret, now)).toBe(false);
  });
});
