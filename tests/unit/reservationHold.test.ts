// The hold-until date of a deposit: move-in + 7 days by default; a hold lapses the day after it.
import { defaultHoldUntil } from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import { hasLapsed, holdUntilOf } from '../../api/src/domain/reservations.js';

describe('hold-until dates', () => {
  it('default to the move-in date plus 7 calendar days, across months, years and 29 February', () => {
    expect(defaultHoldUntil('2026-12-01')).toBe('2026-12-08');
    expect(defaultHoldUntil('2026-12-28')).toBe('2027-01-04');
    expect(defaultHoldUntil('2028-02-25')).toBe('2028-03-03');
  });

  it('a hold lapses only after its last day, and only while active', () => {
    const held = { status: 'active', expectedMoveInDate: '2026-12-01', holdUntil: '2026-12-10' };
    expect(hasLapsed(held, '2026-12-10')).toBe(false);
    expect(hasLapsed(held, '2026-12-11')).toBe(true);
    expect(hasLapsed({ ...held, status: 'contracted' }, '2027-01-01')).toBe(false);
    expect(holdUntilOf({ expectedMoveInDate: '2026-12-01' })).toBe('2026-12-08');
  });
});
