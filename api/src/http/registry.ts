import { createRequire } from 'node:module';
import azureFunctions, {
  type HttpHandler,
  type HttpMethod,
  type InvocationContext,
  type Timer,
} from '@azure/functions';

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

/** Every function the modules declared, for the local host (Azure has its own registry). */
export const httpFunctions: HttpFunctionDefinition[] = [];
export const timerFunctions: TimerFunctionDefinition[] = [];

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

export function registerTimer(definition: TimerFunctionDefinition): void {
  timerFunctions.push(definition);
  if (insideFunctionsHost) {
    app.timer(definition.name, { schedule: definition.schedule, handler: definition.handler });
  }
}
