import {
  clearSession,
  currentBrowserPath,
  getAccessToken,
  getRefreshToken,
  rememberReturnPath,
  saveTokens,
} from '../session';
import { notify } from '../toast';
import { ApiError, NETWORK_FAILURE_STATUS, badRequestMessages, errorMessageOf } from './errors';
import type { RequestOptions } from './types';

/** Spec section 9: the user is sent to /login 10 ms after the session is cleared. */
export const SESSION_EXPIRED_REDIRECT_DELAY_MS = 10;

export const REFRESH_TOKEN_PATH = '/api/User/RefreshToken';

const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

const DEFAULT_ERROR_MESSAGES: Record<number, string> = {
  [NETWORK_FAILURE_STATUS]: 'Không kết nối được máy chủ. Vui lòng kiểm tra kết nối mạng.',
  400: 'Dữ liệu gửi lên không hợp lệ.',
  401: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  403: 'Bạn không có quyền thực hiện thao tác này.',
  404: 'Không tìm thấy dữ liệu.',
  409: 'Dữ liệu đã bị thay đổi bởi người khác. Vui lòng tải lại trang.',
  412: 'Dữ liệu đã bị thay đổi bởi người khác. Vui lòng tải lại trang.',
  413: 'Dữ liệu gửi lên quá lớn.',
  429: 'Bạn thao tác quá nhanh. Vui lòng thử lại sau.',
};
const SERVER_FAILURE_MESSAGE = 'Hệ thống đang gặp sự cố. Vui lòng thử lại sau.';

interface RawReply {
  status: number;
  body: unknown;
}

type RefreshOutcome =
  { kind: 'refreshed'; accessToken: string } | { kind: 'rejected' } | { kind: 'unreachable' };

let refreshInFlight: Promise<RefreshOutcome> | null = null;
let expiryRedirectPending = false;
let navigateToLogin: () => void = () => window.location.assign('/login');

/** The router registers how to reach /login without a full page reload. */
export function setSessionExpiredNavigation(navigate: () => void): void {
  navigateToLogin = navigate;
}

export function apiUrl(path: string): string {
  return `${API_BASE_URL}${path}`;
}

function defaultMessageFor(status: number): string {
  return (
    DEFAULT_ERROR_MESSAGES[status] ?? (status >= 500 ? SERVER_FAILURE_MESSAGE : 'Yêu cầu không thành công.')
  );
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(path: string, options: RequestOptions, accessToken: string | null): Promise<RawReply> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (options.ifMatch) headers.set('If-Match', options.ifMatch);

  try {
    const response = await fetch(apiUrl(path), { method, headers, body, signal: options.signal ?? null });
    return { status: response.status, body: await readBody(response) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    console.error(`[api] ${method} ${path}: không kết nối được máy chủ`, error);
    throw new ApiError(NETWORK_FAILURE_STATUS, null, defaultMessageFor(NETWORK_FAILURE_STATUS));
  }
}

function readTokenPair(body: unknown): { accessToken: string; refreshToken: string | null } | null {
  if (typeof body !== 'object' || body === null || !('token' in body)) return null;
  const { token } = body;
  if (typeof token !== 'object' || token === null || !('accessToken' in token)) return null;
  const { accessToken } = token;
  if (typeof accessToken !== 'string' || accessToken === '') return null;
  const refreshToken =
    'refreshToken' in token && typeof token.refreshToken === 'string' ? token.refreshToken : null;
  return { accessToken, refreshToken };
}

async function refreshTokens(): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return { kind: 'rejected' };
  let reply: RawReply;
  try {
    reply = await send(REFRESH_TOKEN_PATH, { method: 'POST', body: { refreshToken } }, null);
  } catch {
    return { kind: 'unreachable' };
  }
  if (reply.status >= 500) return { kind: 'unreachable' };
  const tokens = reply.status === 200 ? readTokenPair(reply.body) : null;
  if (!tokens) return { kind: 'rejected' };
  saveTokens(tokens.accessToken, tokens.refreshToken);
  return { kind: 'refreshed', accessToken: tokens.accessToken };
}

/**
 * Single flight: refresh tokens are single use, so concurrent 401s must share one refresh.
 * A request that failed with a token already replaced by another refresh just retries.
 */
function obtainFreshAccessToken(rejectedToken: string | null): Promise<RefreshOutcome> {
  const currentToken = getAccessToken();
  if (currentToken && currentToken !== rejectedToken) {
    return Promise.resolve({ kind: 'refreshed', accessToken: currentToken });
  }
  refreshInFlight ??= refreshTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function expireSession(): void {
  if (expiryRedirectPending) return;
  expiryRedirectPending = true;
  rememberReturnPath(currentBrowserPath());
  clearSession();
  window.setTimeout(() => {
    expiryRedirectPending = false;
    navigateToLogin();
  }, SESSION_EXPIRED_REDIRECT_DELAY_MS);
}

async function retryWithFreshToken(
  path: string,
  options: RequestOptions,
  rejectedToken: string | null,
): Promise<RawReply> {
  const outcome = await obtainFreshAccessToken(rejectedToken);
  if (outcome.kind === 'unreachable') {
    throw new ApiError(NETWORK_FAILURE_STATUS, null, defaultMessageFor(NETWORK_FAILURE_STATUS));
  }
  if (outcome.kind === 'refreshed') {
    const retried = await send(path, options, outcome.accessToken);
    if (retried.status !== 401) return retried;
  }
  expireSession();
  throw new ApiError(401, null, defaultMessageFor(401));
}

function showBadRequestToasts(body: unknown): void {
  const messages = badRequestMessages(body);
  for (const message of messages.length > 0 ? messages : [defaultMessageFor(400)]) {
    notify.error(message);
  }
}

/**
 * Calls the backend. Resolves with the parsed reply body on 2xx, throws ApiError otherwise.
 * 401: one token refresh and retry, then the session is cleared and the user sent to /login.
 * 400: each message becomes an error toast. Other failures are logged, never toasted.
 */
export async function apiRequest<TReply>(path: string, options: RequestOptions = {}): Promise<TReply> {
  const authenticated = options.authenticated ?? true;
  const tokenSent = authenticated ? getAccessToken() : null;
  let reply = await send(path, options, tokenSent);
  if (reply.status === 401 && authenticated) {
    reply = await retryWithFreshToken(path, options, tokenSent);
  }

  const { status, body } = reply;
  if (status >= 200 && status < 300) return body as TReply;

  if (status === 400 && (options.toastBadRequest ?? true)) {
    showBadRequestToasts(body);
  } else if (!options.handledStatuses?.includes(status)) {
    console.error(`[api] ${options.method ?? 'GET'} ${path}: HTTP ${status}`, body);
  }
  throw new ApiError(status, body, errorMessageOf(body) ?? defaultMessageFor(status));
}

/** SWR fetcher: the key is the request path. */
export function fetchJson<TReply>(path: string): Promise<TReply> {
  return apiRequest<TReply>(path);
}
