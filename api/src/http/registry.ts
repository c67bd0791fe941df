import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import azureFunctions, {
  type HttpHandler,
  type HttpMethod,
  type InvocationContext,
  type Timer,
} from '@azure/functions';

import { startTelemetry } from '../telemetry/azureMonitor.js';
import { errorSummary, log } from '../telemetry/log.js';
import { runInScope } from '../telemetry/scope.js';

const { app } = azureFunctions;

export interface HttpFunctionDefinition {
  name: string;
  /** Route template as in Azure (`odata/House/{id}`); served without prefix (`routePrefix: ""`). */
  route: string;
  methods: HttpMethod[];
  /** Who may call it: `public` needs no session; every other route answers 401 without one. */
  auth?: 'public' | 'user';
  handler: HttpHandler;
}

export interface TimerFunctionDefinition {
  name: string;
  /** NCRONTAB in UTC (Linux plans ignore WEBSITE_TIME_ZONE). */
  schedule: string;
  handler: (timer: Timer, context: InvocationContext) => Promise<void>;
}

/**
 * A function run by the Cosmos DB change feed of one container (Azure only: the embedded store has no
 * change feed; locally the same work is done by the timer it backs up, fired on demand).
 */
export interface ChangeFeedFunctionDefinition {
  name: string;
  /** The store container watched (`houses`, `platform`). */
  container: string;
  handler: (documents: unknown[], context: InvocationContext) => Promise<void>;
}

/**
 * The identity-based connection of the change-feed triggers: the host reads `COSMOS_FEED__accountEndpoint`
 * (written by infra/main.bicep) and signs in with the Function App's managed identity.
 */
export const CHANGE_FEED_CONNECTION = 'COSMOS_FEED';
/** The lease container the change-feed triggers keep their progress in (infra/modules/cosmos.bicep). */
export const CHANGE_FEED_LEASES = 'leases';

/** Every function the modules declared, for the local host (Azure has its own registry). */
export const httpFunctions: HttpFunctionDefinition[] = [];
export const timerFunctions: TimerFunctionDefinition[] = [];
export const changeFeedFunctions: ChangeFeedFunctionDefinition[] = [];

/**
 * Running inside the Azure Functions Node worker (Azure or `func start`), not the local host or tests.
 * The worker provides the `@azure/functions-core` module only there (Flex Consumption does not set
 * FUNCTIONS_WORKER_RUNTIME as an app setting, so the environment is not a reliable sign).
 */
function detectFunctionsHost(): boolean {
  try {
    createRequire(import.meta.url)('@azure/functions-core');
    return true;
  } catch {
    return false;
  }
}
const insideFunctionsHost = detectFunctionsHost();

export function registerHttp(definition: HttpFunctionDefinition): void {
  httpFunctions.push(definition);
  if (insideFunctionsHost) {
    app.http(definition.name, {
      route: definition.route,
      methods: definition.methods,
      authLevel: 'anonymous',
      handler: definition.handler,
    });
  }
}

/**
 * A timer run that finished every item (house, account, step) but failed some: it throws after the others
 * are done, so the host records the run as failed and the "timer failed" alert fires.
 */
export class TimerRunFailed extends Error {
  override readonly name = 'TimerRunFailed';
}

/** Throws {@link TimerRunFailed} when any item failed; `what` names the items (`houses`, `steps`). */
export function failIfAnyFailed(what: string, failed: readonly unknown[], total?: number): void {
  if (failed.length === 0) return;
  throw new TimerRunFailed(`${failed.length}${total === undefined ? '' : ` of ${total}`} ${what} failed`);
}

/**
 * Registers a timer for both hosts. Each run has its own scope (a request id, the timer's name: every log
 * line carries them) and ends with one `timer.finished` line, `outcome` succeeded or failed: the alerts
 * "a timer run failed" and "a timer did not run" read it (infra/modules/alerts.bicep).
 */
export function registerTimer(definition: TimerFunctionDefinition): void {
  const { name } = definition;
  const handler: TimerFunctionDefinition['handler'] = (timer, context) =>
    runInScope(
      {
        requestId: context.invocationId || randomUUID(),
        operation: name,
        invocationId: context.invocationId,
        logger: {
          info: (line) => context.info(line),
          warn: (line) => context.warn(line),
          error: (line) => context.error(line),
        },
      },
      async () => {
        void startTelemetry();
        const started = performance.now();
        const durationMs = () => Math.round(performance.now() - started);
        try {
          await definition.handler(timer, context);
        } catch (error) {
          log.error('timer.finished', {
            timer: name,
            outcome: 'failed',
            durationMs: durationMs(),
            error: errorSummary(error),
          });
          throw error;
        }
        log.info('timer.finished', { timer: name, outcome: 'succeeded', durationMs: durationMs() });
      },
    );
  timerFunctions.push({ ...definition, handler });
  if (insideFunctionsHost) {
    app.timer(name, { schedule: definition.schedule, handler });
  }
}

/**
 * Registers a change-feed function (Azure only). The database name comes from the COSMOS_DATABASE app
 * setting (`%COSMOS_DATABASE%`); each function keeps its own leases (prefix = its name).
 */
export function registerChangeFeed(definition: ChangeFeedFunctionDefinition): void {
  const { name } = definition;
  const handler: ChangeFeedFunctionDefinition['handler'] = (documents, context) =>
    runInScope(
      {
        requestId: context.invocationId || randomUUID(),
        operation: name,
        invocationId: context.invocationId,
        logger: {
          info: (line) => context.info(line),
          warn: (line) => context.warn(line),
          error: (line) => context.error(line),
        },
      },
      async () => {
        void startTelemetry();
        await definition.handler(documents, context);
      },
    );
  changeFeedFunctions.push({ ...definition, handler });
  if (insideFunctionsHost) {
    app.cosmosDB(name, {
      connection: CHANGE_FEED_CONNECTION,
      databaseName: '%COSMOS_DATABASE%',
      containerName: definition.container,
      leaseContainerName: CHANGE_FEED_LEASES,
      leaseContainerPrefix: `${name}-`,
      createLeaseContainerIfNotExists: false,
      handler: (documents: unknown, context: InvocationContext) => handler(documents as unknown[], context),
    });
  }
}
