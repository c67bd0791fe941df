/** Throttling rules, free of I/O: a sliding window of attempts per key, then a lock. */
export const LOGIN_LIMITS = {
  account: { maxFailures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
  address: { maxFailures: 20, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 },
} as const;

/** Anonymous registration uploads: 30 upload keys per address and hour. */
export const REGISTRATION_UPLOAD_LIMIT = {
  maxFailures: 30,
  windowMs: 60 * 60 * 1000,
  lockMs: 60 * 60 * 1000,
} as const;

export interface ThrottleLimit {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
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
  const locked = failures.length >= limit.maxFailures;
  return {
    failures: locked ? [] : failures,
    lockedUntil: locked ? nowMs + limit.lockMs : (state?.lockedUntil ?? 0),
  };
}
