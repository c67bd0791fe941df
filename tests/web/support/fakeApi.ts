// The network boundary of the web tier: `fetch` replaced by a table of routes, so the real pages, hooks
// and API client run as in the browser while each test says what the server answers. Every request is
// recorded; one no route answers gets a 404 and is listed in `unanswered`.
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  /** Path and query, as the app asked for it (`/odata/Room?houseID=h1&$top=1000`). */
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  match: (request: FakeRequest) => boolean;
  handler: Handler;
}

export interface FakeApi {
  /**
   * Answers `method` requests whose path (without the query) equals `path`, or whose path and query
   * match the RegExp. Later routes win, so a test can override a default.
   */
  on(method: string, path: string | RegExp, handler: Handler | FakeReply): FakeApi;
  /** Requests received, oldest first. */
  readonly requests: FakeRequest[];
  /** Requests to `method` `pathname` (without the query). */
  sent(method: string, pathname: string): FakeRequest[];
  /** Requests no route answered (each got a 404). */
  readonly unanswered: FakeRequest[];
  /** While true, every request fails as without a network (`TypeError: Failed to fetch`). */
  offline: boolean;
}

const ORIGIN = 'http://localhost';

async function readBody(init: RequestInit | undefined): Promise<unknown> {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  return body;
}

/** Installs the fake `fetch` for the current test (vitest's `unstubAllGlobals` removes it). */
export function fakeApi(): FakeApi {
  const routes: Route[] = [];
  const requests: FakeRequest[] = [];
  const unanswered: FakeRequest[] = [];
  const api: FakeApi = {
    offline: false,
    requests,
    unanswered,
    on(method, path, handler) {
      const match =
        typeof path === 'string'
          ? (request: FakeRequest) => request.url.pathname === path
          : (request: FakeRequest) => path.test(request.path);
      routes.unshift({
        method: method.toUpperCase(),
        match,
        handler: typeof handler === 'function' ? handler : () => handler,
      });
      return api;
    },
    sent(method, pathname) {
      return requests.filter(
        (request) => request.method === method.toUpperCase() && request.url.pathname === pathname,
      );
    },
  };

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, ORIGIN);
    const request: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: `${url.pathname}${decodeURIComponent(url.search)}`,
      url,
      body: await readBody(init),
      headers: new Headers(init?.headers),
    };
    if (api.offline) throw new TypeError('Failed to fetch');
    requests.push(request);
    const route = routes.find((candidate) => candidate.method === request.method && candidate.match(request));
    if (!route) {
      unanswered.push(request);
      return new Response(
        JSON.stringify({ errorMessage: `no fake route for ${request.method} ${request.path}` }),
        {
          status: 404,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    const reply = await route.handler(request);
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fetchImpl));
  return api;
}

/** An OData collection reply. */
export function collection<T>(value: readonly T[]): FakeReply {
  return { body: { '@odata.count': value.length, value } };
}
