import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import azureFunctions, {
  type Cookie,
  type HttpHeadersInit,
  type HttpRequestInit,
  type HttpResponseInit,
} from '@azure/functions';
import { compress, isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding } from './compression.js';

const { HttpRequest, HttpResponse } = azureFunctions;

type FunctionRequest = InstanceType<typeof HttpRequest>;
type FunctionResponse = InstanceType<typeof HttpResponse>;

/** A header name as the fetch spec accepts it (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * A request's headers as handlers see them. `get` and `has`, all the API calls, read Node's parsed
 * headers directly: building undici's `Headers` (name and value checks, a sorted list) cost more than
 * the rest of a kept list reply. Anything else — iteration, a change, a name `Headers` would refuse —
 * goes to a real `Headers` built from the same values on first need, which then answers everything.
 */
class RequestHeaders implements Headers {
  #real: Headers | undefined;

  constructor(private readonly init: Record<string, string>) {}

  private real(): Headers {
    this.#real ??= new Headers(this.init);
    return this.#real;
  }

  get(name: string): string | null {
    if (this.#real || !HEADER_NAME.test(name)) return this.real().get(name);
    const key = name.toLowerCase();
    return Object.hasOwn(this.init, key) ? (this.init[key] as string) : null;
  }

  has(name: string): boolean {
    if (this.#real || !HEADER_NAME.test(name)) return this.real().has(name);
    return Object.hasOwn(this.init, name.toLowerCase());
  }

  append(name: string, value: string): void {
    this.real().append(name, value);
  }

  set(name: string, value: string): void {
    this.real().set(name, value);
  }

  delete(name: string): void {
    this.real().delete(name);
  }

  getSetCookie(): string[] {
    return this.real().getSetCookie();
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.real().forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): ReturnType<Headers['entries']> {
    return this.real().entries();
  }

  keys(): ReturnType<Headers['keys']> {
    return this.real().keys();
  }

  values(): ReturnType<Headers['values']> {
    return this.real().values();
  }

  [Symbol.iterator](): ReturnType<Headers['entries']> {
    return this.real()[Symbol.iterator]();
  }
}

/**
 * The fetch `Request` behind an `HttpRequest`, built only when a handler reads the body. A GET
 * that reads headers and the query (most calls) never pays for undici's Request, its header
 * guard and its body stream; `text()`, `formData()`, `json()`… go to a real Request, so their
 * behaviour is undici's own.
 */
class LazyNativeRequest {
  #native: Request | undefined;
  readonly headers: Headers;

  constructor(
    readonly url: string,
    readonly method: string,
    headerInit: Record<string, string>,
    private readonly bytes: Uint8Array<ArrayBuffer> | undefined,
  ) {
    this.headers = new RequestHeaders(headerInit);
  }

  private native(): Request {
    this.#native ??= new Request(this.url, {
      method: this.method,
      headers: this.headers,
      ...(this.bytes ? { body: this.bytes } : {}),
    });
    return this.#native;
  }

  get body(): Request['body'] {
    return this.native().body;
  }

  get bodyUsed(): boolean {
    return this.#native?.bodyUsed ?? false;
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.native().arrayBuffer();
  }

  blob(): Promise<Blob> {
    return this.native().blob();
  }

  formData(): Promise<FormData> {
    return this.native().formData();
  }

  json(): Promise<unknown> {
    return this.native().json();
  }

  text(): Promise<string> {
    return this.native().text();
  }

  clone(): Request {
    return this.native().clone();
  }
}

/** Node's request headers as one string each, and the client address as Azure passes it. */
export function requestHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  // As on Azure, the client address arrives in X-Forwarded-For.
  headers['x-forwarded-for'] = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? 'unknown';
  return headers;
}

/**
 * The real `HttpRequest` of @azure/functions (handlers use its `headers.get`, `query`, `params`,
 * `text()`, `formData()`), over a request built lazily. `nativeRequest` is the init field the
 * library itself uses for its streaming path (HttpRequest.ts, createStreamRequest).
 */
export function functionRequest(options: {
  method: string;
  url: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  body: Buffer;
}): FunctionRequest {
  const { method, url, headers, params, body } = options;
  // As the library: GET and HEAD carry no body.
  const hasBody = body.length > 0 && method !== 'GET' && method !== 'HEAD';
  const init: HttpRequestInit & { nativeRequest: LazyNativeRequest } = {
    method,
    url,
    params,
    nativeRequest: new LazyNativeRequest(url, method, headers, hasBody ? new Uint8Array(body) : undefined),
  };
  return new HttpRequest(init);
}

/** Statuses without a body (as the fetch spec, which `HttpResponse` follows). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function serializeCookie(cookie: Cookie): string {
  let text = `${cookie.name}=${cookie.value}`;
  if (cookie.domain) text += `; Domain=${cookie.domain}`;
  if (cookie.path) text += `; Path=${cookie.path}`;
  if (cookie.expires !== undefined) {
    const expires = cookie.expires instanceof Date ? cookie.expires : new Date(cookie.expires);
    text += `; Expires=${expires.toUTCString()}`;
  }
  if (cookie.maxAge !== undefined) text += `; Max-Age=${cookie.maxAge}`;
  if (cookie.httpOnly) text += '; HttpOnly';
  if (cookie.secure) text += '; Secure';
  if (cookie.sameSite) text += `; SameSite=${cookie.sameSite}`;
  return text;
}

/** Header names lower-cased, repeated names joined as `Headers` joins them. */
function normalizeHeaders(init: HttpHeadersInit | undefined): Map<string, string> {
  const headers = new Map<string, string>();
  if (!init) return headers;
  const add = (value: string, name: string) => {
    const key = name.toLowerCase();
    const previous = headers.get(key);
    headers.set(key, previous === undefined ? value : `${previous}, ${value}`);
  };
  if (init instanceof Headers) init.forEach(add);
  else if (Array.isArray(init)) for (const [name, value] of init) add(value, name);
  else for (const [name, value] of Object.entries(init)) add(value, name);
  return headers;
}

/** The reply's bytes when the handler gave JSON, text, bytes or nothing; `undefined` for anything else. */
function plainBody(result: HttpResponseInit, headers: Map<string, string>): Buffer | null | undefined {
  if (result.status !== undefined && NULL_BODY_STATUSES.has(result.status)) return null;
  if (result.jsonBody !== undefined && result.jsonBody !== null) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return Buffer.from(JSON.stringify(result.jsonBody));
  }
  const body = result.body;
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') {
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
    return Buffer.from(body);
  }
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return undefined;
}

interface Reply {
  status: number;
  headers: Map<string, string>;
  body: Buffer | null;
  cookies: Cookie[];
}

/** Anything other than JSON, text or bytes (streams, Blob, FormData…) goes through `HttpResponse`. */
async function throughHttpResponse(result: HttpResponseInit | FunctionResponse): Promise<Reply> {
  const response = result instanceof HttpResponse ? result : new HttpResponse(result);
  const headers = new Map<string, string>();
  response.headers.forEach((value, name) => headers.set(name, value));
  return {
    status: response.status,
    headers,
    body: Buffer.from(await response.arrayBuffer()),
    cookies: response.cookies,
  };
}

/**
 * Writes a handler's result to Node's response directly: no `HttpResponse` and no undici
 * `Response` for the JSON, text and byte replies every endpoint gives (the wrappers were a fifth
 * of a list request's CPU). The JSON is serialized once; a compressible reply over 1 KB is sent
 * with brotli or gzip when the client accepts it.
 */
export async function writeFunctionResponse(
  res: ServerResponse,
  result: HttpResponseInit | FunctionResponse,
  acceptEncoding: string | undefined,
): Promise<void> {
  let reply: Reply | undefined;
  if (!(result instanceof HttpResponse)) {
    const headers = normalizeHeaders(result.headers);
    const bytes = plainBody(result, headers);
    if (bytes !== undefined) {
      reply = { status: result.status ?? 200, headers, body: bytes, cookies: result.cookies ?? [] };
    }
  }
  reply ??= await throughHttpResponse(result);
  const { status, headers, cookies } = reply;
  let { body } = reply;
  if (
    body &&
    body.length >= MIN_COMPRESS_BYTES &&
    !headers.has('content-encoding') &&
    isCompressible(headers.get('content-type'))
  ) {
    const vary = headers.get('vary');
    headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = negotiateEncoding(acceptEncoding);
    if (encoding) {
      body = await compress(body, encoding, 'fast');
      headers.set('content-encoding', encoding);
    }
  }
  const out: OutgoingHttpHeaders = Object.fromEntries(headers);
  if (cookies.length) out['set-cookie'] = cookies.map(serializeCookie);
  out['content-length'] = String(body?.length ?? 0);
  res.writeHead(status, out);
  res.end(body ?? undefined);
}
