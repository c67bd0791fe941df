/**
 * Starts `@vercel/cosmosdb-server` (an in-memory Cosmos DB for NoSQL look-alike) inside
 * the test process, over https with its bundled self-signed certificate, on a free port.
 * Clients must accept that certificate (`allowInsecureTls: true` for `openCosmosStore`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import cosmosServerModule, { type createHttpsServer as createHttpsServerFn } from '@vercel/cosmosdb-server';

export interface CosmosTestServer {
  /** `https://127.0.0.1:<port>/` */
  endpoint: string;
  /** Any key is accepted by the test server; this one is in the emulator's format. */
  key: string;
  close(): Promise<void>;
}

// The package is CommonJS (`exports.default = createHttpsServer`, plus named exports).
// Depending on the loader, the default import is either the function or the exports object.
type CreateHttpsServer = typeof createHttpsServerFn;
const moduleValue: unknown = cosmosServerModule;
const createHttpsServer: CreateHttpsServer =
  typeof moduleValue === 'function'
    ? (moduleValue as CreateHttpsServer)
    : (moduleValue as { createHttpsServer: CreateHttpsServer }).createHttpsServer;

/** Same shape as the public Cosmos DB emulator key (the test server ignores the signature). */
const TEST_KEY = 'C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==';

export interface CosmosServerOptions {
  /** Called with each request as it arrives (the round-trip counts of tests/support/cosmosTraffic.ts). */
  onRequest?: (req: IncomingMessage, res: ServerResponse) => void;
  /** Milliseconds waited before the server handles each request (a simulated gateway round trip). */
  delayMs?: () => number;
  /** Answers a request itself instead of the server when it returns true (a gateway's refusals). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /**
   * Keeps connections open between requests, as the Cosmos gateway does for the SDK's keep-alive agent
   * (by default the test server closes each one, so every round trip also pays a TLS handshake).
   */
  keepAlive?: boolean;
}

export async function startCosmosServer(options: CosmosServerOptions = {}): Promise<CosmosTestServer> {
  const server = createHttpsServer(options.keepAlive ? { keepAlive: true } : undefined);
  if (options.onRequest || options.delayMs || options.intercept) {
    const handlers = server.listeners('request') as Array<
      (req: IncomingMessage, res: ServerResponse) => void
    >;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      options.onRequest?.(req, res);
      if (options.intercept?.(req, res)) return;
      const run = () => {
        for (const handler of handlers) handler.call(server, req, res);
      };
      const delay = options.delayMs?.() ?? 0;
      // The body stays buffered in the paused request until the handler reads it.
      if (delay > 0) setTimeout(run, delay);
      else run();
    });
  }
  // Unless `keepAlive`, the server answers with `connection: close`; sockets do not linger after each reply.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `https://127.0.0.1:${port}/`,
    key: TEST_KEY,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
