import type { Deps } from './deps.js';
import type { StoredDoc } from '../../store/store.js';
import {
  lockRemainingMs,
  recordFailure,
  type ThrottleLimit,
  type ThrottleState,
} from '../../domain/shared/throttle.js';

interface ThrottleDoc extends StoredDoc, ThrottleState {
  type: 'throttle';
  updatedAt: number;
}

/**
 * Counters of attempts per key (failed logins, anonymous uploads) with a sliding window and a lock.
 * They live in the store so every Function App instance sees them.
 */
export class Throttle {
  constructor(private readonly services: Deps) {}

  private container() {
    return this.services.store.container<ThrottleDoc>('throttle');
  }

  async remainingLockMs(keys: string[]): Promise<number> {
    const now = this.services.now().getTime();
    let remaining = 0;
    for (const key of keys) {
      const doc = await this.container().read(key, key);
      remaining = Math.max(remaining, lockRemainingMs(doc, now));
    }
    return remaining;
  }

  async count(key: string, limit: ThrottleLimit): Promise<void> {
    const now = this.services.now().getTime();
    const current = await this.container().read(key, key);
    const next = recordFailure(current, limit, now);
    await this.container().upsert({ id: key, pk: key, type: 'throttle', ...next, updatedAt: now });
  }

  async reset(key: string): Promise<void> {
    const current = await this.container().read(key, key);
    if (current) await this.container().delete(key, key);
  }
}
