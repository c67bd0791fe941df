import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { extname, join, normalize, resolve, sep } from 'node:path';
import azureFunctions from '@azure/functions';
import { MESSAGES } from '@nhatro/common';
import { httpFunctions, timerFunctions, type HttpFunctionDefinition } from '../http/registry.js';
import { getDeps } from '../composition/deps.js';
import { listOutbox } from '../useCases/outbox.js';
import { CompressedFileCache, isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding } from './compression.js';
import { renderOutboxPage } from './devOutboxPage.js';
import { functionRequest, requestHeaders, writeFunctionResponse } from './functionIO.js';
import { loadFunctionModules } from './functionModules.js';

const { InvocationContext } = azureFunctions;

/** Paths that belong to the Function App; everything else is the SPA. */
const API_PREFIXES = ['/api/', '/odata/', '/ExcelImport/'];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface CompiledRoute {
  definition: HttpFunctionDefinition;
  pattern: RegExp;
  names: string[];
  precedence: number[];
  /** The first two segments when they are literal, lower-cased; `undefined` for a parameter or none. */
  leading: [string | undefined, string | undefined];
}

/** `{name}`, `{name?}`, `{name:int}`, `{name:int?}`, `{name:minlength(3)}`, `{*rest}`: 1 catch-all, 2 name, 3 constraints, 4 optional. */
const SEGMENT = /^\{(\*?)([A-Za-z_][A-Za-z0-9_]*)((?::[a-z]+(?:\([^)]*\))?)*)(\?)?\}$/;

/**
 * What a constrained parameter accepts, for the constraints whose rank (below) would otherwise let
 * `{id:int}` take a value meant for `{name}`; other constraints are ranked but not enforced here.
 */
const CONSTRAINTS: Record<string, string> = {
  int: '-?[0-9]+',
  long: '-?[0-9]+',
  bool: 'true|false',
  alpha: '[A-Za-z]+',
  guid: '[0-9A-Fa-f]{8}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{12}',
};

function constraintPattern(constraints: string): string {
  const known = constraints
    .split(':')
    .filter((name) => Object.hasOwn(CONSTRAINTS, name))
    .map((name) => CONSTRAINTS[name] as string);
  return known.length ? known.map((pattern) => `(?=(?:${pattern})(?:/|$))`).join('') + '[^/]+' : '[^/]+';
}

/** `odata/House/{id}` → a case-insensitive matcher with named parameters, as the Functions host routes. */
export function compileRoute(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const body = template
    .split('/')
    .map((segment) => {
      const match = SEGMENT.exec(segment);
      if (!match) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      names.push(match[2] as string);
      if (match[1]) return '(?:/(.*))?';
      const value = constraintPattern(match[3] ?? '');
      return match[4] ? `(?:/(${value}))?` : `/(${value})`;
    })
    .join('');
  return { pattern: new RegExp(`^${body}/?$`, 'i'), names };
}

/**
 * One digit per segment, lower is tried first — ASP.NET Core's inbound route precedence
 * (Microsoft.AspNetCore.Routing RoutePrecedence.ComputeInbound; "URL matching" in the ASP.NET Core
 * routing docs: a more specific template is tried before a less specific one, whatever the order
 * the routes were added): 1 literal, 2 constrained parameter (`{id:int}`), 3 parameter (`{id}`,
 * also `{id?}`: ASP.NET gives optional parameters no rank of their own), 4 constrained catch-all,
 * 5 catch-all (`{*rest}`). Templates compare digit by digit from the left, as ASP.NET compares its
 * decimals 1.13 < 1.3 (a missing digit counts as 0, so `a/b` comes before `a/b/{id?}`).
 */
export function routePrecedence(template: string): number[] {
  return template.split('/').map((segment) => {
    const match = SEGMENT.exec(segment);
    if (!match) return 1;
    const constrained = Boolean(match[3]);
    if (match[1]) return constrained ? 4 : 5;
    return constrained ? 2 : 3;
  });
}

function leadingLiterals(template: string): [string | undefined, string | undefined] {
  const [first, second] = template
    .split('/')
    .map((segment) => (SEGMENT.test(segment) ? undefined : segment.toLowerCase()));
  return [first, second];
}

function comparePrecedence(a: number[], b: number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export type RouteMatch =
  | { kind: 'found'; definition: HttpFunctionDefinition; params: Record<string, string> }
  | { kind: 'methodNotAllowed'; allow: string[] }
  | { kind: 'notFound' };

/**
 * The HTTP functions in the order routing tries them: by precedence, ties in registration order
 * (Array.prototype.sort is stable). A request goes to the first route whose template and method
 * match; if templates match but no method does, it is a 405 listing every matching route's methods.
 */
export function createRouter(definitions: readonly HttpFunctionDefinition[]) {
  const routes: CompiledRoute[] = definitions
    .map((definition) => ({
      definition,
      ...compileRoute(definition.route),
      precedence: routePrecedence(definition.route),
      leading: leadingLiterals(definition.route),
    }))
    .sort((a, b) => comparePrecedence(a.precedence, b.precedence));

  // The routes a path can match, in the same order, found by its first two segments: a literal
  // segment matches only itself (ignoring ASCII case, as the patterns do), so most routes are never
  // tried. Kept per pair of segments; cleared when unknown paths have filled it.
  const candidates = new Map<string, CompiledRoute[]>();
  function candidatesFor(path: string): CompiledRoute[] {
    const [, first = '', second] = path.toLowerCase().split('/', 3);
    const key = second === undefined ? first : `${first}/${second}`;
    let found = candidates.get(key);
    if (!found) {
      found = routes.filter(
        ({ leading: [one, two] }) =>
          (one === undefined || one === first) && (two === undefined || two === second),
      );
      if (candidates.size >= 1000) candidates.clear();
      candidates.set(key, found);
    }
    return found;
  }

  return {
    /** Route templates in the order they are tried. */
    order: routes.map((route) => route.definition),
    match(method: string, path: string): RouteMatch {
      const allowed = new Set<string>();
      for (const route of candidatesFor(path)) {
        const found = route.pattern.exec(path);
        if (!found) continue;
        route.definition.methods.forEach((allowedMethod) => allowed.add(allowedMethod));
        if (!route.definition.methods.includes(method.toUpperCase() as never)) continue;
        const params: Record<string, string> = {};
        route.names.forEach((name, index) => {
          const value = found[index + 1];
          if (value !== undefined) params[name] = decodeURIComponent(value);
        });
        return { kind: 'found', definition: route.definition, params };
      }
      return allowed.size > 0 ? { kind: 'methodNotAllowed', allow: [...allowed] } : { kind: 'notFound' };
    },
  };
}

interface StaticSite {
  root: string;
  config: {
    navigationFallback?: { rewrite: string; exclude?: string[] };
    globalHeaders?: Record<string, string>;
  };
}

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

function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]+)\}/g, (_, alternatives: string) => `(${alternatives.split(',').join('|')})`)
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}

async function loadStaticSite(options: LocalHostOptions): Promise<StaticSite | undefined> {
  if (!options.staticDir) return undefined;
  let config: StaticSite['config'] = {};
  if (options.staticConfigFile) {
    config = JSON.parse(await readFile(options.staticConfigFile, 'utf8')) as StaticSite['config'];
  }
  const headers = { ...config.globalHeaders };
  const csp = headers['Content-Security-Policy'];
  if (csp && options.extraConnectOrigins?.length) {
    const extra = options.extraConnectOrigins.join(' ');
    headers['Content-Security-Policy'] = csp
      .replace(/connect-src ([^;]+)/, `connect-src $1 ${extra}`)
      .replace(/img-src ([^;]+)/, `img-src $1 ${extra}`);
  }
  return { root: resolve(options.staticDir), config: { ...config, globalHeaders: headers } };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/** The host's own refusals, in the shape of every other error reply: `{ status: false, errorMessage }`. */
function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { status: false, errorMessage: message }, headers);
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

  /** The outbox, newest first: an HTML page, or JSON with `?format=json`. Only to this machine's own browser. */
  async function serveDevOutbox(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const address = req.socket.remoteAddress ?? '';
    if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(address)) {
      sendError(res, 404, MESSAGES.routeNotFound);
      return;
    }
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

  async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!site) {
      sendError(res, 404, MESSAGES.routeNotFound);
      return;
    }
    const headers = { ...site.config.globalHeaders };
    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
    let file = join(site.root, relative);
    if (!file.startsWith(site.root + sep) && file !== site.root) {
      sendError(res, 400, MESSAGES.invalidInput);
      return;
    }
    let info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      file = join(file, 'index.html');
      info = await stat(file).catch(() => undefined);
    }
    if (!info) {
      const fallback = site.config.navigationFallback;
      const excluded = fallback?.exclude?.some((glob) => globToRegExp(glob).test(url.pathname));
      if (!fallback || excluded) {
        sendError(res, 404, MESSAGES.notFound, headers);
        return;
      }
      file = join(site.root, fallback.rewrite);
      info = await stat(file).catch(() => undefined);
      if (!info) {
        sendError(res, 404, MESSAGES.notFound, headers);
        return;
      }
    }
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const immutable = url.pathname.startsWith('/assets/');
    const replyHeaders: Record<string, string | number> = {
      ...headers,
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const compressible = isCompressible(type) && info.size >= MIN_COMPRESS_BYTES;
    const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
    if (compressible) replyHeaders.Vary = 'Accept-Encoding';
    if (encoding) {
      const target = file;
      const compressed = await compressedFiles.get(target, `${info.size}:${info.mtimeMs}`, encoding, () =>
        readFile(target),
      );
      res.writeHead(200, {
        ...replyHeaders,
        'Content-Encoding': encoding,
        'Content-Length': compressed.length,
      });
      res.end(req.method === 'HEAD' ? undefined : compressed);
      return;
    }
    res.writeHead(200, { ...replyHeaders, 'Content-Length': info.size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  }

  const compressedFiles = new CompressedFileCache();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    void (async () => {
      try {
        if (options.enableDevRoutes && req.method === 'POST') {
          const timer = /^\/_dev\/timers\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
          if (timer?.[1]) return await fireTimer(res, timer[1]);
        }
        if (options.enableDevRoutes && req.method === 'GET' && url.pathname === '/_dev/outbox') {
          return await serveDevOutbox(req, res, url);
        }
        if (await handleFunction(req, res, url)) return;
        if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
          sendError(res, 404, MESSAGES.routeNotFound);
          return;
        }
        await serveStatic(req, res, url);
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
