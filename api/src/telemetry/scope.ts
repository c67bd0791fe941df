import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What every log line and span of one request or timer run carries: the request id (sent back in the
 * `X-Request-Id` header), the function (operation) and, once known, the signed-in user and the house.
 * Ids only: never a name, a phone number, an e-mail address or a token.
 */
export interface RequestScope {
  requestId: string;
  operation: string;
  userID?: string;
  houseID?: string;
  /** The Functions host's invocation id (its own logs and request telemetry carry it). */
  invocationId?: string;
  /** The host's W3C trace context, so our spans join the host's request in Application Insights. */
  traceParent?: string;
  /** Where the scope's log lines go (the invocation's logger in Azure: correlated with the host's). */
  logger?: ScopeLogger;
}

export interface ScopeLogger {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

const storage = new AsyncLocalStorage<RequestScope>();

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's own id is kept when it is well formed (a gateway's or a proxy's), so its logs line up. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** The incoming `X-Request-Id` when well formed, else a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  const candidate = incoming?.trim();
  return candidate && WELL_FORMED_REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

export function runInScope<T>(scope: RequestScope, run: () => T): T {
  return storage.run(scope, run);
}

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

/** Ids learned during the request (the caller once authenticated, the house once known). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
export function annotateScope(ids: { userID?: string | undefined; houseID?: string | undefined }): void {
  const scope = storage.getStore();
  if (!scope) return;
  if (ids.userID && ID.test(ids.userID)) scope.userID = ids.userID;
  if (ids.houseID && ID.test(ids.houseID)) scope.houseID = ids.houseID;
}
