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

/** Running under the Azure Functions host (or `func start`), not the local Node host or tests. */
const insideFunctionsHost = Boolean(process.env.FUNCTIONS_WORKER_RUNTIME);

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
