// The decorators put around the adapters where telemetry is on: every call that leaves the process is one
// client span named after the system and the call, ended, marked failed when it throws, carrying the
// request id; the adapters' results pass through unchanged.
import type { Span, SpanOptions, Tracer, TracerProvider } from '@opentelemetry/api';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStorage } from '../../api/src/blob/blobStorage.js';
import { tracedBlobs, tracedPayments, tracedStore } from '../../api/src/composition/tracing.js';
import type { PaymentGateway } from '../../api/src/paymentGateway/gateway.js';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import { runInScope } from '../../api/src/telemetry/scope.js';
import { messageChannels } from '../../api/src/messaging/index.js';
import { testConfig } from '../support/useCaseHarness.js';

interface Recorded {
  name: string;
  attributes: Record<string, unknown>;
  failed: boolean;
  ended: boolean;
}
const spans: Recorded[] = [];

function fakeSpan(record: Recorded): Span {
  const span = {
    spanContext: () => ({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 1 }),
    setAttribute: (key: string, value: unknown) => ((record.attributes[key] = value), span),
    setAttributes: (values: Record<string, unknown>) => (Object.assign(record.attributes, values), span),
    addEvent: () => span,
    addLink: () => span,
    addLinks: () => span,
    setStatus: (status: { code: number }) => ((record.failed = status.code === 2), span),
    updateName: () => span,
    end: () => void (record.ended = true),
    isRecording: () => true,
    recordException: () => undefined,
  };
  return span as unknown as Span;
}

function startSpan(name: string, options?: SpanOptions): Span {
  const record: Recorded = { name, attributes: { ...options?.attributes }, failed: false, ended: false };
  spans.push(record);
  return fakeSpan(record);
}
const tracer = {
  startSpan,
  startActiveSpan(name: string, ...rest: unknown[]) {
    const run = rest.at(-1) as (span: Span) => unknown;
    return run(startSpan(name, rest[0] as SpanOptions));
  },
} as unknown as Tracer;
const provider: TracerProvider = { getTracer: () => tracer };

beforeAll(() => {
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => trace.disable());
beforeEach(() => {
  spans.length = 0;
});

describe('tracing decorators', () => {
  it('a store call is a span per container call, with the request id, and the result unchanged', async () => {
    const store = tracedStore(openSqliteStore({ file: ':memory:' }));
    const doc = { id: 'a', pk: 'p', type: 'x' };
    await runInScope({ requestId: 'req-12345678', operation: 'rooms' }, async () => {
      await store.container<typeof doc>('houses').create(doc);
      expect(await store.container<typeof doc>('houses').read('p', 'a')).toMatchObject(doc);
    });
    expect(spans.map((span) => span.name)).toEqual(['sqlite houses create', 'sqlite houses read']);
    expect(spans[0]?.attributes).toMatchObject({
      'db.collection.name': 'houses',
      'nhatro.request_id': 'req-12345678',
      'nhatro.operation': 'rooms',
    });
    expect(spans.every((span) => span.ended && !span.failed)).toBe(true);
    await store.close();
  });

  it('a failed call is a failed span, and the error reaches the caller', async () => {
    const store = tracedStore(openSqliteStore({ file: ':memory:' }));
    const doc = { id: 'a', pk: 'p', type: 'x' };
    await store.container<typeof doc>('houses').create(doc);
    await expect(store.container<typeof doc>('houses').create(doc)).rejects.toThrow();
    expect(spans.at(-1)).toMatchObject({ name: 'sqlite houses create', failed: true, ended: true });
    await store.close();
  });

  it('blob and VNPay calls are spans; synchronous fields pass through', async () => {
    const blobs = tracedBlobs({
      accountUrl: 'https://st.blob.core.windows.net',
      blobExists: () => Promise.resolve(true),
    } as unknown as BlobStorage);
    expect(blobs.accountUrl).toBe('https://st.blob.core.windows.net');
    expect(await blobs.blobExists('contract-pdf', 'x.pdf')).toBe(true);
    const payments = tracedPayments({
      paymentUrl: () => Promise.resolve('https://pay.vnpay.vn/x'),
      verifyCallback: () => Promise.resolve({ verified: false }),
    });
    expect(await payments.paymentUrl({} as Parameters<PaymentGateway['paymentUrl']>[0])).toBe(
      'https://pay.vnpay.vn/x',
    );
    expect(spans.map((span) => span.name)).toEqual(['blob blobExists', 'vnpay paymentUrl']);
  });

  it('Zalo and ACS sends are spans where telemetry is on, and not otherwise', async () => {
    const message = { messageID: 'm1', recipient: {}, subject: 's', body: 'b' };
    const azure = { ...testConfig(), environment: 'azure' as const, telemetryEnabled: true };
    const channels = messageChannels(azure, undefined);
    await channels.zalo.send(message);
    await channels.email.send(message);
    expect(spans.map((span) => span.name)).toEqual(['zalo send', 'acs email send']);
    spans.length = 0;
    await messageChannels({ ...azure, telemetryEnabled: false }, undefined).zalo.send(message);
    expect(spans).toEqual([]);
  });
});
