import { LEVEL, MESSAGES, ROLE } from '@nhatro/common';
import { getDeps, type Deps } from '../composition/deps.js';
import { defineEndpoint, inRequestScope } from '../http/endpoint.js';
import { json, ok } from '../http/replies.js';
import { registerHttp } from '../http/registry.js';
import { errorSummary, log } from '../telemetry/log.js';
import { deploymentEnvironment } from '../useCases/health.js';

/** How long one check may take before it counts as failed (a health probe must answer promptly). */
const CHECK_TIMEOUT_MS = 5_000;

type CheckState = 'ok' | 'unavailable';

async function check(name: string, probe: () => Promise<unknown>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${name} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return 'ok';
  } catch (error) {
    log.error('health.failed', { check: name, error: errorSummary(error) });
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The store answers a point read (a document that need not exist), and the blob account answers with the
 * app's identity (the existence of a blob that need not exist: a 403 or an unreachable account fails).
 */
const probeStore = (deps: Deps) => deps.store.container('platform').read('health', 'health');
const probeBlobs = (deps: Deps) => deps.blobs.blobExists('contract-pdf', 'health-check');

/**
 * `GET /api/health`, anonymous: 200 when the app started (configuration, Key Vault references) and both
 * the store and the blob account answer, else 503. It returns no data and no internals: which check
 * failed and why is in the log (`health.failed`, `startup.failed`), not in the reply.
 */
registerHttp({
  name: 'health',
  route: 'api/health',
  methods: ['GET'],
  auth: 'public',
  handler: (req, ctx) =>
    inRequestScope('health', req, ctx, async () => {
      let deps: Deps;
      try {
        deps = await getDeps();
      } catch {
        return json(
          503,
          { status: false, errorMessage: MESSAGES.serviceUnavailable },
          { 'Retry-After': '5' },
        );
      }
      const [store, blobs] = await Promise.all([
        check('store', () => probeStore(deps)),
        check('blobs', () => probeBlobs(deps)),
      ]);
      const healthy = store === 'ok' && blobs === 'ok';
      return healthy
        ? json(200, { status: true })
        : json(503, { status: false, errorMessage: MESSAGES.serviceUnavailable }, { 'Retry-After': '5' });
    }),
});

/** The deployment's stage (production, staging, a developer's machine), shown in the super admin's header. */
defineEndpoint({
  name: 'systemEnvironment',
  route: 'api/System/Environment',
  methods: ['GET'],
  roles: [ROLE.superAdmin],
  permission: { area: 'superAdmin', level: LEVEL.read },
  async handle({ actor }) {
    return ok(deploymentEnvironment(actor));
  },
});
