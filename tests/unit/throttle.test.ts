import { describe, expect, it } from 'vitest';
import {
  delayAfter,
  LOGIN_LIMITS,
  lockRemainingMs,
  recordFailure,
  type ThrottleLimit,
  type ThrottleState,
} from '../../api/src/domain/shared/throttle.js';
import { RECOVERY_LIMITS } from '../../api/src/domain/passwordRecovery.js';

const MINUTE = 60_000;
const LIMIT: ThrottleLimit = { maxFailures: 3, windowMs: 10 * MINUTE, lockMs: 15 * MINUTE };
const T0 = Date.UTC(2026, 10, 20, 3, 0, 0);

function failTimes(times: number[], limit = LIMIT, start?: ThrottleState): ThrottleState | undefined {
  let state = start;
  for (const time of times) state = recordFailure(state, limit, time);
  return state;
}

describe('login limits', () => {
  it('per account and address: delays from the 3rd failure, a 15-minute lock at the 10th; 20 per address', () => {
    expect(LOGIN_LIMITS.pair).toEqual({
      maxFailures: 10,
      windowMs: 15 * MINUTE,
      lockMs: 15 * MINUTE,
      delays: { after: 3, firstMs: 1000 },
    });
    expect(LOGIN_LIMITS.address).toEqual({ maxFailures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
  });

  it('the delays double: 1 s after the 3rd failure, 2 s, 4 s … 64 s after the 9th', () => {
    expect([1, 2, 3, 4, 5, 9].map((failures) => delayAfter(failures, LOGIN_LIMITS.pair))).toEqual([
      0, 0, 1000, 2000, 4000, 64_000,
    ]);
    expect(delayAfter(5, LIMIT)).toBe(0);
  });

  it('a ceiling on the delays: password recovery spaces a contact’s messages 1, 2, 4, 8, then 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((sent) => delayAfter(sent, RECOVERY_LIMITS.contact) / MINUTE)).toEqual([
      1, 2, 4, 8, 15, 15, 15,
    ]);
    expect([2, 3, 4, 9].map((asked) => delayAfter(asked, RECOVERY_LIMITS.pair) / MINUTE)).toEqual([
      0, 1, 2, 15,
    ]);
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

  it('with the login pair limit: 2 failures pass, then each waits longer, the 10th locks for 15 minutes', () => {
    const pair = LOGIN_LIMITS.pair;
    const two = failTimes([T0, T0 + 1], pair);
    expect(lockRemainingMs(two, T0 + 2)).toBe(0);
    // Each next failure comes as soon as the delay allows (the API refuses attempts during it).
    let state = two;
    let now = T0 + 2;
    const waits: number[] = [];
    for (let failure = 3; failure <= 9; failure += 1) {
      state = recordFailure(state, pair, now);
      const wait = lockRemainingMs(state, now);
      waits.push(wait);
      now += wait;
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 64_000]);
    state = recordFailure(state, pair, now);
    expect(state).toEqual({ failures: [], lockedUntil: now + 15 * MINUTE });
  });

  it('failures that left the window no longer make the pair wait', () => {
    const pair = LOGIN_LIMITS.pair;
    const three = failTimes([T0, T0 + 1, T0 + 2], pair);
    expect(lockRemainingMs(three, T0 + 2)).toBe(1000);
    // 16 minutes later the three old failures are out of the window: one new failure, no delay.
    const later = recordFailure(three, pair, T0 + 16 * MINUTE);
    expect(later.failures).toEqual([T0 + 16 * MINUTE]);
    expect(lockRemainingMs(later, T0 + 16 * MINUTE)).toBe(0);
  });
});
