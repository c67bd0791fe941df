import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../api/src/local/azurite.js';
import { startLocalProduct, type RunningProduct } from '../../api/src/local/product.js';
import { hashOneTimePassword } from '../../api/src/useCases/shared/passwords.js';
import { startCosmosServer, type CosmosTestServer } from '../store/cosmosServer.js';

/**
 * The whole product on the Cosmos adapter, against the in-process Cosmos test server, with every request
 * the server receives recorded: the round trips a request of the product costs on Cosmos DB, counted
 * where Azure would bill them. `delayMs` adds a wait before each answer (a simulated gateway round trip).
 */

export type CosmosCallKind = 'read' | 'query' | 'queryPlan' | 'write' | 'batch' | 'metadata';

export interface CosmosCall {
  method: string;
  path: string;
  kind: CosmosCallKind;
  /** The partition key the call names, if any (`x-ms-documentdb-partitionkey`). */
  partition: string;
  /** Bytes of the answer's body (a written document comes back whole: its size too). */
  responseBytes: number;
}

export function kindOf(req: IncomingMessage): CosmosCallKind {
  const path = (req.url ?? '').split('?')[0] ?? '';
  const onDocs = /\/docs(\/|$)/.test(path);
  if (!onDocs) return 'metadata';
  const header = (name: string) => String(req.headers[name] ?? '').toLowerCase();
  switch (req.method) {
    case 'GET':
      return /\/docs\/[^/]+$/.test(path) ? 'read' : 'query';
    case 'POST':
      if (header('x-ms-cosmos-is-query-plan-request') === 'true') return 'queryPlan';
      if (header('x-ms-documentdb-isquery') === 'true') return 'query';
      if (header('x-ms-cosmos-is-batch-request') === 'true') return 'batch';
      return 'write';
    default:
      return 'write';
  }
}

function countBody(res: ServerResponse, add: (bytes: number) => void): void {
  const size = (chunk: unknown) =>
    typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.byteLength : 0;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    add(size(chunk));
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') add(size(chunk));
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

/** An `onRequest` of the test server that hands each request, and later its answer's size, to `record`. */
export function callRecorder(record: (call: CosmosCall) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const call: CosmosCall = {
      method: req.method ?? '',
      path: req.url ?? '',
      kind: kindOf(req),
      partition: String(req.headers['x-ms-documentdb-partitionkey'] ?? ''),
      responseBytes: 0,
    };
    record(call);
    countBody(res, (bytes) => (call.responseBytes += bytes));
  };
}

export interface CosmosProduct extends RunningProduct {
  cosmos: CosmosTestServer;
  /** Every request the Cosmos test server received since the last `reset`. */
  calls: CosmosCall[];
  /** Forgets the recorded calls. */
  reset(): void;
  /** The simulated round-trip delay, in ms (0: none). */
  setDelay(ms: number): void;
}

/**
 * `serveWeb`: the built SPA (web/dist) served too, for a browser to load its pages. A port taken between
 * its probe and the listen (test files start products side by side) is tried again, as `startTestProduct`
 * does, with a fresh Cosmos test server and folder (a failed start cleans up after itself).
 */
export async function startCosmosProduct(options: { serveWeb?: boolean } = {}): Promise<CosmosProduct> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startCosmosProductOnce(options);
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
      if (!taken || attempt >= 3) throw error;
    }
  }
}

async function startCosmosProductOnce(options: { serveWeb?: boolean }): Promise<CosmosProduct> {
  let calls: CosmosCall[] = [];
  let delay = 0;
  const cosmos = await startCosmosServer({
    onRequest: callRecorder((call) => calls.push(call)),
    delayMs: () => delay,
    // The SDK's agent keeps its connections to the gateway open: a round trip is a request, not a handshake.
    keepAlive: true,
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'nhatro-cosmos-'));
  try {
    const product = await startLocalProduct({
      port: await freePort(),
      dataDir,
      serveWeb: options.serveWeb ?? false,
      log: () => undefined,
      seedOptions: { hashPassword: hashOneTimePassword },
      env: {
        ...process.env,
        COSMOS_ENDPOINT: cosmos.endpoint,
        COSMOS_KEY: cosmos.key,
        COSMOS_DATABASE: 'nhatro',
        COSMOS_ALLOW_INSECURE_TLS: 'true',
      },
    });
    return {
      ...product,
      cosmos,
      get calls() {
        return calls;
      },
      reset() {
        calls = [];
      },
      setDelay(ms: number) {
        delay = ms;
      },
      async stop() {
        await product.stop();
        await cosmos.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cosmos.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export function writesIn(calls: readonly CosmosCall[]): number {
  return calls.filter((call) => call.kind === 'write' || call.kind === 'batch').length;
}

/**
 * Request units from the documented costs: a point read ≈ 1 RU per KB, a write ≈ 5 RU per KB plus
 * indexing (taken as 3 RU), a query ≈ 2.5 RU plus the documents it returns (taken as 1 RU per KB
 * returned); the query-plan request is answered by the gateway and costs none; metadata reads 1 RU.
 */
export function estimatedRU(calls: readonly CosmosCall[]): number {
  let ru = 0;
  for (const call of calls) {
    const kb = Math.max(1, call.responseBytes / 1024);
    switch (call.kind) {
      case 'read':
        ru += kb;
        break;
      case 'query':
        ru += 2.5 + call.responseBytes / 1024;
        break;
      case 'write':
      case 'batch':
        ru += 5 * kb + 3;
        break;
      case 'queryPlan':
        break;
      case 'metadata':
        ru += 1;
        break;
    }
  }
  return ru;
}
