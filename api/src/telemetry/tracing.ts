import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { currentScope } from './scope.js';

/**
 * Spans for the calls that leave the process (Cosmos DB, Blob Storage, VNPay, Zalo, ACS). Written with
 * the OpenTelemetry API only: until the Azure Monitor SDK is started (azureMonitor.ts, in Azure) the
 * tracer is a no-op and a span costs a function call.
 */
const tracer = trace.getTracer('nhatro-api');

/** The parent of a request's spans: the Functions host's own request, when it passed its trace context. */
function parentContext() {
  const traceParent = currentScope()?.traceParent;
  if (!traceParent) return context.active();
  return propagation.extract(context.active(), { traceparent: traceParent });
}

/** Runs `call` inside a client span named `name` (`cosmos houses.query`, `zalo send`…). */
export function withSpan<T>(name: string, attributes: Attributes, call: () => Promise<T>): Promise<T> {
  const scope = currentScope();
  return tracer.startActiveSpan(
    name,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        ...attributes,
        ...(scope ? { 'nhatro.request_id': scope.requestId, 'nhatro.operation': scope.operation } : {}),
      },
    },
    parentContext(),
    async (span) => {
      try {
        return await call();
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.name : 'error',
        });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * An object whose asynchronous methods each run in a span `<system> <method>`; everything else (fields,
 * synchronous methods, async iterables) passes through unchanged.
 */
export function tracedMethods<T extends object>(
  target: T,
  system: string,
  methods: readonly (keyof T & string)[],
  attributes: Attributes = {},
): T {
  const wanted = new Set<string>(methods);
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof property !== 'string' || !wanted.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        withSpan(`${system} ${property}`, { 'peer.service': system, ...attributes }, () =>
          Promise.resolve((value as (...a: unknown[]) => unknown).apply(object, args)),
        );
    },
  });
}
