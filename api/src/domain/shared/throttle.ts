/**
 * Throttling rules, free of I/O: a sliding window of attempts per key, growing delays, then a lock.
 *
 * Logins are counted per account *and* address (`pair`): someone who knows a landlord's username
 * can only slow down and lock out their own address, never the landlord at home. After 3 failures
 * in the window each further failure makes that pair wait (1 s, 2 s, 4 s … 64 s); the 10th locks
 * the pair for 15 minutes. Every address also has its own limit over all usernames (`address`).
 */
export const LOGIN_LIMITS = {
  pair: {
    maxFailures: 10,
    windowMs: 15 * 60 * 1000,
    lockMs: 15 * 60 * 1000,
    delays: { after: 3, firstMs: 1000 },
  },
  address: { maxFailures: 20, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
} as const;

/** Anonymous registration uploads: 30 upload keys per address and hour. */
export const REGISTRATION_UPLOAD_LIMIT = {
  maxFailures: 30,
  windowMs: 60 * 60 * 1000,
  lockMs: 60 * 60 * 1000,
} as const;

export interface ThrottleLimit {
  /** The failure inside the window that locks for `lockMs` (and starts a fresh count). */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
  /**
   * Growing delays before the lock: the `after`-th failure makes the key wait `firstMs`, each next one
   * twice as long, never more than `maxMs` when given.
   */
  delays?: { after: number; firstMs: number; maxMs?: number };
}

export interface ThrottleState {
  failures: number[];
  lockedUntil: number;
}

export function lockRemainingMs(state: ThrottleState | undefined, nowMs: number): number {
  return state && state.lockedUntil > nowMs ? state.lockedUntil - nowMs : 0;
}

export function recordFailure(
  state: ThrottleState | undefined,
  limit: ThrottleLimit,
  nowMs: number,
): ThrottleState {
  const failures = [...(state?.failures ?? []), nowMs].filter((t) => t > nowMs - limit.windowMs);
  const previousLock = state?.lockedUntil ?? 0;
  if (failures.length >= limit.maxFailures) return { failures: [], lockedUntil: nowMs + limit.lockMs };
  const delay = delayAfter(failures.length, limit);
  return { failures, lockedUntil: delay > 0 ? Math.max(previousLock, nowMs + delay) : previousLock };
}

/** How long a key waits after its `failures`-th failure in the window (0 below the delays' start). */
export function delayAfter(failures: number, limit: ThrottleLimit): number {
  if (!limit.delays || failures < limit.delays.after) return 0;
  const delay = limit.delays.firstMs * 2 ** (failures - limit.delays.after);
  return Math.min(delay, limit.delays.maxMs ?? delay);
}
