import { loadConfig, type AppConfig } from '../config/index.js';
import { openStore } from '../store/index.js';
import { createBlobStorage } from '../blob/azureBlobStorage.js';
import { vnpayGateway } from '../paymentGateway/vnpay.js';
import type { Deps } from '../useCases/shared/deps.js';
import { errorSummary, log } from '../telemetry/log.js';
import { tracedBlobs, tracedPayments, tracedStore } from './tracing.js';

/**
 * The composition root: chooses and creates the adapters (SQLite or Cosmos DB, Azurite or Azure Storage,
 * the VNPay gateway) once per process. Only the edge (functions/, http/) and the local host import it;
 * use cases receive the result as `Deps` (useCases/shared/deps.ts).
 */
export type { Deps };

/** Creates the process-wide dependencies; may fail (configuration, Key Vault reference, Cosmos DB, Storage). */
export type DepsFactory = () => Promise<Deps>;

/** After a failed start, requests within this delay fail at once with the same error instead of retrying. */
export const DEPS_RETRY_DELAY_MS = 5_000;

interface DepsRuntime {
  factory: DepsFactory;
  clock: () => number;
  log: (message: string) => void;
}

const defaultRuntime: DepsRuntime = {
  factory: () => createDeps(loadConfig()),
  clock: () => Date.now(),
  log: (message) => log.error('startup.failed', { error: message }),
};

let runtime: DepsRuntime = defaultRuntime;
let current: Promise<Deps> | undefined;
let lastFailure: { at: number; error: unknown } | undefined;

/**
 * The process-wide dependencies. A successful start is kept for the life of the process; a failed one
 * is not: it is logged, and the next request at least {@link DEPS_RETRY_DELAY_MS} later tries again
 * (a Key Vault, Cosmos DB or Storage hiccup at start must not turn every later request into a 500).
 * Requests that arrive while a start is under way share it.
 */
export function getDeps(): Promise<Deps> {
  if (current) return current;
  if (lastFailure && runtime.clock() - lastFailure.at < DEPS_RETRY_DELAY_MS) {
    return Promise.reject(lastFailure.error);
  }
  const { factory } = runtime;
  const attempt = Promise.resolve().then(factory);
  current = attempt;
  attempt.then(
    () => {
      if (current === attempt) lastFailure = undefined;
    },
    (error: unknown) => {
      if (current !== attempt) return;
      current = undefined;
      lastFailure = { at: runtime.clock(), error };
      runtime.log(
        `Start-up dependencies failed (configuration, Key Vault reference, Cosmos DB or Storage); ` +
          `the next request after ${DEPS_RETRY_DELAY_MS / 1000} s retries. ${errorSummary(error)}`,
      );
    },
  );
  return attempt;
}

/**
 * The adapters for `config`. Where telemetry is on (Azure), each one that leaves the process is wrapped
 * so every call is a span (composition/tracing.ts); locally and in tests they are used bare.
 */
export async function createDeps(config: AppConfig): Promise<Deps> {
  const store = await openStore(config.store);
  const blobs = createBlobStorage(config.blob);
  const payments = config.vnpay ? vnpayGateway(config.vnpay) : undefined;
  const traced = config.telemetryEnabled === true;
  return {
    config,
    store: traced ? tracedStore(store) : store,
    blobs: traced ? tracedBlobs(blobs) : blobs,
    ...(payments ? { payments: traced ? tracedPayments(payments) : payments } : {}),
    now: () => new Date(),
  };
}

/** Replaces the process-wide services (the local host and tests configure them explicitly). */
export function useDeps(services: Deps): void {
  current = Promise.resolve(services);
  lastFailure = undefined;
}

/**
 * How {@link getDeps} creates the services, for tests: a factory (e.g. one that fails first), a clock
 * and a log. Forgets the current services and any failure. Without arguments, restores the defaults.
 */
export function setDepsFactory(
  factory?: DepsFactory,
  options: Partial<Omit<DepsRuntime, 'factory'>> = {},
): void {
  runtime = factory ? { ...defaultRuntime, ...options, factory } : defaultRuntime;
  current = undefined;
  lastFailure = undefined;
}

export async function closeDeps(): Promise<void> {
  const pending = current;
  current = undefined;
  lastFailure = undefined;
  if (!pending) return;
  const services = await pending.catch(() => undefined);
  await services?.store.close();
}
