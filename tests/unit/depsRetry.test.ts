// getDeps() must not keep a failed start for the life of the process: it logs the failure, fails fast
// for a short back-off, then tries again on the next request.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../api/src/config/index.js';
import {
  DEPS_RETRY_DELAY_MS,
  closeDeps,
  getDeps,
  setDepsFactory,
  type Deps,
} from '../../api/src/composition/deps.js';

function fakeDeps(): Deps {
  return {
    config: { environment: 'local' } as AppConfig,
    store: { close: () => Promise.resolve() } as unknown as Deps['store'],
    blobs: {} as Deps['blobs'],
    now: () => new Date(0),
  };
}

function harness(outcomes: ('fail' | 'ok')[]) {
  let time = 1_000_000;
  const logs: string[] = [];
  let calls = 0;
  const deps = fakeDeps();
  setDepsFactory(
    () => {
      const outcome = outcomes[Math.min(calls, outcomes.length - 1)];
      calls += 1;
      return outcome === 'ok'
        ? Promise.resolve(deps)
        : Promise.reject(new Error(`Cosmos DB unreachable (attempt ${calls})`));
    },
    { clock: () => time, log: (line) => logs.push(line) },
  );
  return {
    deps,
    logs,
    calls: () => calls,
    advance(ms: number) {
      time += ms;
    },
  };
}

afterEach(async () => {
  await closeDeps();
  setDepsFactory();
});

describe('getDeps after a failed start', () => {
  it('logs why, fails fast during the back-off, then retries and keeps the success', async () => {
    const h = harness(['fail', 'ok']);
    await expect(getDeps()).rejects.toThrow('attempt 1');
    expect(h.logs).toHaveLength(1);
    expect(h.logs[0]).toContain('Cosmos DB unreachable (attempt 1)');
    expect(h.logs[0]).toContain(`${DEPS_RETRY_DELAY_MS / 1000} s`);

    // Within the back-off: the same error, no new attempt.
    h.advance(DEPS_RETRY_DELAY_MS - 1);
    await expect(getDeps()).rejects.toThrow('attempt 1');
    expect(h.calls()).toBe(1);

    // After it: a new attempt, which succeeds and is kept.
    h.advance(1);
    await expect(getDeps()).resolves.toBe(h.deps);
    expect(h.calls()).toBe(2);
    h.advance(10 * DEPS_RETRY_DELAY_MS);
    await expect(getDeps()).resolves.toBe(h.deps);
    expect(h.calls()).toBe(2);
    expect(h.logs).toHaveLength(1);
  });

  it('keeps retrying while the outage lasts, at most once per back-off', async () => {
    const h = harness(['fail', 'fail', 'fail', 'ok']);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await expect(getDeps()).rejects.toThrow(`attempt ${attempt}`);
      await expect(getDeps()).rejects.toThrow(`attempt ${attempt}`);
      h.advance(DEPS_RETRY_DELAY_MS);
    }
    expect(h.calls()).toBe(3);
    expect(h.logs).toHaveLength(3);
    await expect(getDeps()).resolves.toBe(h.deps);
  });

  it('requests during a start share it', async () => {
    const h = harness(['ok']);
    const [a, b] = await Promise.all([getDeps(), getDeps()]);
    expect(a).toBe(h.deps);
    expect(b).toBe(h.deps);
    expect(h.calls()).toBe(1);
  });

  it('a factory that throws synchronously (e.g. a missing setting) is retried too', async () => {
    let calls = 0;
    const logs: string[] = [];
    let time = 0;
    const deps = fakeDeps();
    setDepsFactory(
      () => {
        calls += 1;
        if (calls === 1) throw new Error('JWT_SECRET must be configured');
        return Promise.resolve(deps);
      },
      { clock: () => time, log: (line) => logs.push(line) },
    );
    await expect(getDeps()).rejects.toThrow('JWT_SECRET');
    expect(logs[0]).toContain('JWT_SECRET must be configured');
    time += DEPS_RETRY_DELAY_MS;
    await expect(getDeps()).resolves.toBe(deps);
  });
});
