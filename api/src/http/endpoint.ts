import type { HttpMethod, HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import { MESSAGES, toFieldErrors, type PermissionArea, type RoleID } from '@nhatro/common';
import type { z } from 'zod';
import { hasPermission } from '../domain/access.js';
import { ODataQueryError } from '../domain/odata/parse.js';
import { StoreError } from '../store/store.js';
import { recordAudit, type AuditEntry, type RequestOrigin } from '../services/audit.js';
import { authenticate, type AuthUser } from '../services/auth/authenticate.js';
import { getServices, type AppServices } from '../services/context.js';
import { ApiError } from './errors.js';
import { registerHttp } from './registry.js';

export interface PublicCall {
  req: HttpRequest;
  ctx: InvocationContext;
  services: AppServices;
  origin: RequestOrigin;
  /** Route parameters (`{id}`). */
  params: Record<string, string>;
}

export interface AuthedCall extends PublicCall {
  user: AuthUser;
  /** Records a write in the audit trail with this caller and origin. */
  audit(entry: AuditEntry): Promise<void>;
}

interface BaseDefinition {
  name: string;
  route: string;
  methods: HttpMethod[];
}

export interface PublicEndpoint extends BaseDefinition {
  handle(call: PublicCall): Promise<HttpResponseInit>;
}

export interface AuthedEndpoint extends BaseDefinition {
  /** Roles allowed at all (default: any authenticated role). */
  roles?: RoleID[];
  /** Minimum permission level in one area of spec section 6. */
  permission?: { area: PermissionArea; level: number };
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

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponseInit {
  return {
    status,
    jsonBody: body,
    headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers },
  };
}

/** `{ status: true, data }` reply of `/api/*`. */
export function ok(data?: unknown, extra: Record<string, unknown> = {}): HttpResponseInit {
  return json(200, { status: true, ...(data === undefined ? {} : { data }), ...extra });
}

export function errorResponse(error: unknown, ctx: InvocationContext): HttpResponseInit {
  if (error instanceof ApiError) {
    if (error.fieldErrors) return json(error.status, error.fieldErrors, error.headers);
    return json(
      error.status,
      { status: false, value: error.errorMessage, errorMessage: error.errorMessage },
      error.headers,
    );
  }
  if (error instanceof ODataQueryError) return errorResponse(ApiError.badRequest(error.message), ctx);
  if (error instanceof StoreError) {
    const mapped = {
      not_found: ApiError.notFound(),
      conflict: ApiError.conflict(),
      precondition_failed: new ApiError(412, MESSAGES.staleData),
      bad_request: ApiError.badRequest(MESSAGES.invalidInput),
    }[error.code];
    return errorResponse(mapped, ctx);
  }
  ctx.error('Unhandled error', error);
  return json(500, { status: false, errorMessage: MESSAGES.serverError });
}

/** Parses a JSON body and validates it with the payload's schema; every failure is a 400. */
export async function readJson<S extends z.ZodType>(
  req: HttpRequest,
  schema: S,
  maxBytes: number,
): Promise<z.infer<S>> {
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw new ApiError(413, MESSAGES.bodyTooLarge(maxBytes));
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBytes) {
    throw new ApiError(413, MESSAGES.bodyTooLarge(maxBytes));
  }
  let value: unknown = {};
  if (text.trim() !== '') {
    const contentType = req.headers.get('content-type') ?? 'application/json';
    if (!/^application\/(.+\+)?json\b/i.test(contentType) && !/^text\/plain\b/i.test(contentType)) {
      throw new ApiError(415, MESSAGES.unsupportedMediaType);
    }
    try {
      value = JSON.parse(text);
    } catch {
      throw ApiError.badRequest(MESSAGES.malformedJson);
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw ApiError.validation(toFieldErrors(parsed.error));
  return parsed.data;
}

/** Registers a handler for both hosts; every failure becomes a Vietnamese 4xx (or a logged 500). */
function register(
  definition: BaseDefinition,
  run: (req: HttpRequest, ctx: InvocationContext, services: AppServices) => Promise<HttpResponseInit>,
): void {
  registerHttp({
    name: definition.name,
    route: definition.route,
    methods: definition.methods,
    handler: async (req, ctx) => {
      try {
        return await run(req, ctx, await getServices());
      } catch (error) {
        return errorResponse(error, ctx);
      }
    },
  });
}

export function definePublicEndpoint(definition: PublicEndpoint): void {
  register(definition, (req, ctx, services) =>
    definition.handle({ req, ctx, services, origin: clientOrigin(req), params: { ...req.params } }),
  );
}

/** An endpoint that needs a signed-in caller with the declared role and permission. */
export function defineEndpoint(definition: AuthedEndpoint): void {
  register(definition, async (req, ctx, services) => {
    const user = await authenticate(services, req.headers.get('authorization'));
    if (!user) throw ApiError.unauthenticated();
    if (definition.roles && !definition.roles.includes(user.roleID)) throw ApiError.forbidden();
    if (
      definition.permission &&
      !hasPermission(user, definition.permission.area, definition.permission.level)
    ) {
      throw ApiError.forbidden();
    }
    const origin = clientOrigin(req);
    return definition.handle({
      req,
      ctx,
      services,
      origin,
      user,
      params: { ...req.params },
      audit: (entry) => recordAudit(services, user, origin, entry),
    });
  });
}
