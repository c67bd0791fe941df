import type { HttpMethod, HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import { MESSAGES, type PermissionArea, type RoleID } from '@nhatro/common';
import { hasPermission } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import { loadODataParser } from '../domain/shared/odata/parse.js';
import { assertAccountWritable } from '../useCases/accountExpiry.js';
import type { Actor } from '../useCases/shared/actor.js';
import type { RequestOrigin } from '../useCases/shared/audit.js';
import { getDeps, type Deps } from '../composition/deps.js';
import { authenticateCaller } from './callerCache.js';
import { startTelemetry } from '../telemetry/azureMonitor.js';
import { log } from '../telemetry/log.js';
import { annotateScope, REQUEST_ID_HEADER, requestIdFrom, runInScope } from '../telemetry/scope.js';
import { errorResponse } from './errors.js';
import { json } from './replies.js';
import { registerHttp } from './registry.js';

export interface PublicCall {
  req: HttpRequest;
  ctx: InvocationContext;
  deps: Deps;
  origin: RequestOrigin;
  /** Route parameters (`{id}`). */
  params: Record<string, string>;
}

export interface AuthedCall extends PublicCall {
  /** The signed-in caller, for the use case. */
  actor: Actor;
  /**
   * The store's version when the request began (`Store.version`): what was kept under it (the caller,
   * a list's reply) is what the request would have read at that moment.
   */
  storeVersion: string | undefined;
}

interface BaseDefinition {
  name: string;
  route: string;
  methods: HttpMethod[];
}

export interface PublicEndpoint extends BaseDefinition {
  handle(call: PublicCall): Promise<HttpResponseInit>;
}

export interface Permission {
  area: PermissionArea;
  level: number;
}

export interface AuthedEndpoint extends BaseDefinition {
  /** Roles allowed at all (default: any authenticated role). */
  roles?: RoleID[];
  /** Minimum permission level in one area of spec section 6. */
  permission?: Permission;
  /** Open to an account that must still replace its one-time password (change password, logout). */
  allowsPendingPasswordChange?: boolean;
  /**
   * Open to a landlord (or their staff) whose paid term ended, who otherwise only read: logout, password,
   * asking for the extension.
   */
  allowsExpiredAccount?: boolean;
  handle(call: AuthedCall): Promise<HttpResponseInit>;
}

export function clientOrigin(req: HttpRequest): RequestOrigin {
  // The platform appends the address it saw; earlier entries come from the client and can be forged.
  const forwarded = req.headers.get('x-forwarded-for')?.split(',').pop()?.trim();
  // Azure writes "ip:port" (IPv4) or "[ip]:port" (IPv6); the local host writes the bare socket address.
  const ip =
    (forwarded ?? 'unknown')
      .replace(/^\[([^\]]+)\](:\d+)?$/, '$1')
      .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1')
      .slice(0, 64) || 'unknown';
  return { ip, userAgent: req.headers.get('user-agent') ?? '' };
}

/** Loaded with the first request, not at start (see parse.ts); handlers may then parse OData options. */
let odataParserLoaded: Promise<void> | undefined;
function odataParserReady(): Promise<void> {
  odataParserLoaded ??= loadODataParser().catch((error: unknown) => {
    odataParserLoaded = undefined;
    throw error;
  });
  return odataParserLoaded;
}

/** The house a request is about, when its route or query names one (for the log line, never trusted). */
function houseOf(req: HttpRequest): string | undefined {
  return req.params.houseID ?? req.query.get('houseID') ?? undefined;
}

/** `reply` with the request id header added (every reply, errors included). */
function withRequestId(reply: HttpResponseInit, requestId: string): HttpResponseInit {
  const { headers } = reply;
  if (headers instanceof Headers) {
    headers.set(REQUEST_ID_HEADER, requestId);
    return reply;
  }
  const entries = Array.isArray(headers) ? Object.fromEntries(headers) : headers;
  return { ...reply, headers: { ...entries, [REQUEST_ID_HEADER]: requestId } };
}

/**
 * Runs an HTTP invocation in its request scope: the request id (the caller's `X-Request-Id` when well
 * formed, else a new one) is sent back on every reply, errors included, and is written in every log line
 * of the request, with the operation, the user and the house (telemetry/scope.ts). One `request` line
 * per reply gives its status and duration.
 */
export async function inRequestScope(
  name: string,
  req: HttpRequest,
  ctx: InvocationContext,
  run: () => Promise<HttpResponseInit>,
): Promise<HttpResponseInit> {
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  const traceParent = ctx.traceContext?.traceParent;
  const scope = {
    requestId,
    operation: name,
    invocationId: ctx.invocationId,
    ...(traceParent ? { traceParent } : {}),
    logger: {
      info: (line: string) => ctx.info(line),
      warn: (line: string) => ctx.warn(line),
      error: (line: string) => ctx.error(line),
    },
  };
  return runInScope(scope, async () => {
    const started = performance.now();
    annotateScope({ houseID: houseOf(req) });
    void startTelemetry();
    const reply = await run();
    const status = reply.status ?? 200;
    const fields = { method: req.method, status, durationMs: Math.round(performance.now() - started) };
    if (status >= 500) log.error('request', fields);
    else log.info('request', fields);
    return withRequestId(reply, requestId);
  });
}

/** Registers a handler for both hosts; every failure becomes a Vietnamese 4xx (or a logged 500). */
function register(
  definition: BaseDefinition,
  auth: 'public' | 'user',
  run: (call: PublicCall) => Promise<HttpResponseInit>,
): void {
  registerHttp({
    name: definition.name,
    route: definition.route,
    methods: definition.methods,
    auth,
    handler: (req, ctx) =>
      inRequestScope(definition.name, req, ctx, async () => {
        let deps: Deps;
        try {
          deps = await getDeps();
        } catch {
          // Logged by getDeps (startup.failed) with the reason; the caller learns only to come back.
          return json(
            503,
            { status: false, errorMessage: MESSAGES.serviceUnavailable },
            { 'Retry-After': '5' },
          );
        }
        try {
          await odataParserReady();
          return await run({ req, ctx, deps, origin: clientOrigin(req), params: { ...req.params } });
        } catch (error) {
          return errorResponse(error);
        }
      }),
  });
}

export function definePublicEndpoint(definition: PublicEndpoint): void {
  register(definition, 'public', (call) => definition.handle(call));
}

/** An endpoint that needs a signed-in caller with the declared role and permission. */
export function defineEndpoint(definition: AuthedEndpoint): void {
  register(definition, 'user', async (call) => {
    const storeVersion = call.deps.store.version();
    const writes = call.req.method !== 'GET' && call.req.method !== 'HEAD';
    // A read trusts the account's list of ended sessions; a write also reads the session (authenticate.ts).
    const user = await authenticateCaller(call.deps, call.req.headers.get('authorization'), storeVersion, {
      checkSession: writes,
    });
    annotateScope({ userID: user.userID });
    if (user.account.mustChangePassword && definition.allowsPendingPasswordChange !== true) {
      throw AppError.forbidden(MESSAGES.passwordChangeRequired);
    }
    if (definition.roles && !definition.roles.includes(user.roleID)) throw AppError.forbidden();
    if (
      definition.permission &&
      !hasPermission(user, definition.permission.area, definition.permission.level)
    ) {
      throw AppError.forbidden();
    }
    if (writes && definition.allowsExpiredAccount !== true) await assertAccountWritable(call.deps, user);
    return definition.handle({
      ...call,
      actor: { deps: call.deps, user, origin: call.origin },
      storeVersion,
    });
  });
}
