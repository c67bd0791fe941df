import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import azureFunctions from '@azure/functions';
import { MESSAGES } from '@nhatro/common';
import { httpFunctions, timerFunctions } from '../http/registry.js';
import { getDeps } from '../composition/deps.js';
import { listOutbox } from '../useCases/outbox.js';
import { CompressedFileCache } from './compression.js';
import { renderOutboxPage } from './devOutboxPage.js';
import { functionRequest, requestHeaders, writeFunctionResponse } from './functionIO.js';
import { loadFunctionModules } from './functionModules.js';
import { createRouter } from './router.js';
import { sendError, sendJson } from './replies.js';
import { loadStaticSite, serveStatic } from './staticSite.js';

const { InvocationContext } = azureFunctions;

/** Paths that belong to the Function App; everything else is the SPA. */
const API_PREFIXES = ['/api/', '/odata/', '/ExcelImport/'];

export interface LocalHostOptions {
  /** Built SPA (web/dist); omitted to serve the API only. */
  staticDir?: string;
  /** staticwebapp.config.json, for the SPA fallback and headers. */
  staticConfigFile?: string;
  maxBodyBytes: number;
  /** Extra origins the browser may reach (Azurite), added to the CSP's connect-src and img-src. */
  extraConnectOrigins?: string[];
  /**
   * Enables POST /_dev/timers/{name} to fire a timer on demand, and GET /_dev/outbox (from this machine
   * only) to read what would have been sent.
   */
  enableDevRoutes?: boolean;
  log?: (line: string) => void;
}

const URI_TOO_LONG = 'Địa chỉ yêu cầu quá dài.';
const HEADERS_TOO_LARGE = 'Phần đầu (header) của yêu cầu quá lớn.';

/**
 * Requests Node refuses before any handler runs (a URL or headers over `maxHeaderSize`, a
 * malformed request line) get the JSON error shape instead of Node's empty 400/431: 414 when the
 * request line alone fills the limit, 431 for the headers, 400 otherwise.
 */
function clientErrorReply(error: Error & { code?: string; rawPacket?: unknown }): {
  status: number;
  message: string;
} {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // What Node was parsing when the limit was hit: the request line (unfinished: the URL is too
    // long), or a chunk of the headers after it.
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 8192).toString('latin1') : '';
    const lineDone = /^[A-Z]+ \S* HTTP\/\d\.\d\r\n/.test(raw);
    const uriTooLong = !lineDone && (/^[A-Z]+ /.test(raw) || !raw.includes('\r\n'));
    return uriTooLong ? { status: 414, message: URI_TOO_LONG } : { status: 431, message: HEADERS_TOO_LARGE };
  }
  if (error.code === 'HPE_URI_TOO_LONG') return { status: 414, message: URI_TOO_LONG };
  return { status: 400, message: MESSAGES.invalidInput };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = clientErrorReply(error);
  const body = JSON.stringify({ status: false, errorMessage: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

class BodyTooLarge extends Error {}

const NO_BODY = Buffer.alloc(0);

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const length = req.headers['content-length'];
  // Without Content-Length or Transfer-Encoding no body follows (RFC 9112 §6.3): nothing to wait for.
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) {
    return NO_BODY;
  }
  const declared = Number(length ?? 0);
  if (declared > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Whether a request comes from this machine itself (its loopback address). The dev routes answer only
 * such requests: the local host listens on every interface, so a phone on the same network can open the
 * app, but it must not read the outbox or fire timers.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** The outbox, newest first: an HTML page, or JSON with `?format=json`. Only to this machine's own browser. */
async function serveDevOutbox(res: ServerResponse, url: URL): Promise<void> {
  const top = Math.min(Math.max(Number(url.searchParams.get('top')) || 200, 1), 1000);
  const messages = await listOutbox(await getDeps(), top);
  if (url.searchParams.get('format') === 'json') {
    sendJson(res, 200, { status: true, data: messages });
    return;
  }
  const html = renderOutboxPage(messages);
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(html);
}

/** `POST /_dev/timers/{name}`: runs a timer function now, as its schedule would. */
async function fireTimer(res: ServerResponse, name: string): Promise<void> {
  const timer = timerFunctions.find((definition) => definition.name === name);
  if (!timer) {
    sendError(res, 404, MESSAGES.routeNotFound);
    return;
  }
  const context = new InvocationContext({ functionName: name, invocationId: randomUUID() });
  const now = new Date().toISOString();
  await timer.handler(
    {
      isPastDue: false,
      schedule: { adjustForDST: false },
      scheduleStatus: { last: now, next: now, lastUpdated: now },
    },
    context,
  );
  sendJson(res, 200, { status: true });
}

/**
 * Loads every function module (as Azure does through `main`) and serves the functions on Node `http`, through
 * the real HttpRequest / HttpResponse / InvocationContext of @azure/functions,
 * and the built SPA at the same origin.
 */
export async function createLocalHost(options: LocalHostOptions): Promise<Server> {
  const log = options.log ?? (() => undefined);
  await loadFunctionModules();
  const router = createRouter(httpFunctions);
  const site = await loadStaticSite(options);

  async function handleFunction(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const method = (req.method ?? 'GET').toUpperCase();
    const found = router.match(method, url.pathname);
    if (found.kind === 'notFound') return false;
    if (found.kind === 'methodNotAllowed') {
      sendError(res, 405, MESSAGES.methodNotAllowed, { Allow: found.allow.join(', ') });
      return true;
    }
    const { definition, params } = found;
    let body: Buffer;
    try {
      body = await readBody(req, options.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        const message = MESSAGES.bodyTooLarge(options.maxBodyBytes);
        sendJson(res, 413, { status: false, value: message, errorMessage: message });
        req.resume();
        return true;
      }
      throw error;
    }
    const request = functionRequest({ method, url: url.href, headers: requestHeaders(req), params, body });
    const context = new InvocationContext({
      functionName: definition.name,
      invocationId: randomUUID(),
      logHandler: (level, ...args) => log(`[${definition.name}] ${level}: ${args.map(String).join(' ')}`),
    });
    const result = await definition.handler(request, context);
    await writeFunctionResponse(res, result ?? { status: 204 }, req.headers['accept-encoding']);
    return true;
  }

  const compressedFiles = new CompressedFileCache();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    // Node's request listener returns nothing to wait for: the reply is written by this task, which
    // answers every failure itself (a logged 500), so nothing is left to reject.
    void (async () => {
      try {
        if (options.enableDevRoutes && url.pathname.startsWith('/_dev/')) {
          const timer = /^\/_dev\/timers\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
          // Another machine gets what a route that does not exist answers, and nothing runs.
          if (!isLoopbackAddress(req.socket.remoteAddress))
            return sendError(res, 404, MESSAGES.routeNotFound);
          if (req.method === 'POST' && timer?.[1]) return await fireTimer(res, timer[1]);
          if (req.method === 'GET' && url.pathname === '/_dev/outbox') return await serveDevOutbox(res, url);
        }
        if (await handleFunction(req, res, url)) return;
        if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
          sendError(res, 404, MESSAGES.routeNotFound);
          return;
        }
        await serveStatic(site, compressedFiles, req, res, url);
      } catch (error) {
        log(`Unhandled error for ${req.method} ${url.pathname}: ${String(error)}`);
        if (!res.headersSent) sendError(res, 500, MESSAGES.serverError);
        else res.end();
      }
    })();
  });
  server.on('clientError', answerClientError);
  return server;
}
