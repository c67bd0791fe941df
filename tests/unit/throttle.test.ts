import { describe, expect, it } from 'vitest';
import {
  LOGIN_LIMITS,
  lockRemainingMs,
  recordFailure,
  type ThrottleLimit,
  type ThrottleState,
} from '../../api/src/domain/throttle.js';

const MINUTE = 60_000;
const LIMIT: ThrottleLimit = { maxFailures: 3, windowMs: 10 * MINUTE, lockMs: 15 * MINUTE };
const T0 = Date.UTC(2026, 10, 20, 3, 0, 0);

function failTimes(times: number[], limit = LIMIT, start?: ThrottleState): ThrottleState | undefined {
  let state = start;
  for (const time of times) state = recordFailure(state, limit, time);
  return state;
}

describe('login limits', () => {
  it('5 failures per account and 20 per address in 15 minutes lock for 15 minutes', () => {
    expect(LOGIN_LIMITS.account).toEqual({ maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
    expect(LOGIN_LIMITS.address).toEqual({ maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
  });
});

describe('recordFailure / lockRemainingMs', () => {
  it('no state → not locked', () => {
    expect(lockRemainingMs(undefined, T0)).toBe(0);
  });

  it('failures below the limit are counted but do not lock', () => {
    const state = failTimes([T0, T0 + 1_000]);
    expect(state).toEqual({ failures: [T0, T0 + 1_000], lockedUntil: 0 });
    expect(lockRemainingMs(state, T0 + 2_000)).toBe(0);
  });

  it('the limit-th failure inside the window locks for lockMs and clears the counter', () => {
    const state = failTimes([T0, T0 + MINUTE, T0 + 2 * MINUTE]);
    expect(state).toEqual({ failures: [], lockedUntil: T0 + 2 * MINUTE + 15 * MINUTE });
    expect(lockRemainingMs(state, T0 + 2 * MINUTE)).toBe(15 * MINUTE);
    expect(lockRemainingMs(state, T0 + 10 * MINUTE)).toBe(7 * MINUTE);
  });

  it('the lock expires exactly at lockedUntil', () => {
    const state = failTimes([T0, T0, T0]);
    expect(lockRemainingMs(state, T0 + 15 * MINUTE - 1)).toBe(1);
    expect(lockRemainingMs(state, T0 + 15 * MINUTE)).toBe(0);
    expect(lockRemainingMs(state, T0 + 16 * MINUTE)).toBe(0);
  });

  it('failures older than the window slide out and do not count', () => {
    // Two early failures, then one 11 minutes later: only one is inside the 10-minute window.
    const state = failTimes([T0, T0 + MINUTE, T0 + 11 * MINUTE + 1]);
    expect(state).toEqual({ failures: [T0 + 11 * MINUTE + 1], lockedUntil: 0 });
    expect(lockRemainingMs(state, T0 + 11 * MINUTE + 2)).toBe(0);
    // A failure exactly windowMs old has left the window.
    expect(failTimes([T0, T0 + 5 * MINUTE, T0 + 10 * MINUTE])?.failures).toEqual([
      T0 + 5 * MINUTE,
      T0 + 10 * MINUTE,
    ]);
  });

  it('after the lock expires a fresh window starts (the old lockedUntil is kept, in the past)', () => {
    const locked = failTimes([T0, T0, T0]) as ThrottleState;
    const after = recordFailure(locked, LIMIT, T0 + 20 * MINUTE);
    expect(after).toEqual({ failures: [T0 + 20 * MINUTE], lockedUntil: T0 + 15 * MINUTE });
    expect(lockRemainingMs(after, T0 + 20 * MINUTE)).toBe(0);
    const relocked = failTimes([T0 + 21 * MINUTE, T0 + 22 * MINUTE], LIMIT, after);
    expect(relocked?.lockedUntil).toBe(T0 + 22 * MINUTE + 15 * MINUTE);
  });

  it('does not modify the state it is given', () => {
    const state: ThrottleState = { failures: [T0], lockedUntil: 0 };
    recordFailure(state, LIMIT, T0 + 1);
    expect(state).toEqual({ failures: [T0], lockedUntil: 0 });
  });

  it('with the account limit: 4 failures pass, the 5th locks for 15 minutes', () => {
    const four = failTimes([T0, T0 + 1, T0 + 2, T0 + 3], LOGIN_LIMITS.account);
    expect(lockRemainingMs(four, T0 + 4)).toBe(0);
    const five = recordFailure(four, LOGIN_LIMITS.account, T0 + 4);
    expect(lockRemainingMs(five, T0 + 4)).toBe(15 * MINUTE);
  });
});
