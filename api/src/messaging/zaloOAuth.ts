import { errorText } from './channel.js';

/**
 * Renewing the Zalo Official Account access token (Zalo OA API v4): `POST <oauth>/v4/oa/access_token`,
 * header `secret_key: <the app's secret key>`, form `app_id`, `refresh_token`, `grant_type=refresh_token`.
 * The reply carries a new `access_token` (valid about 25 hours: `expires_in` seconds, sent as a string)
 * and a new `refresh_token` (valid 3 months, usable once): the old refresh token is spent either way.
 * A refusal comes back as `{ error: <negative number>, message }` (HTTP 200).
 */

export interface ZaloTokens {
  accessToken: string;
  refreshToken: string;
  /** Lifetime of the access token, in seconds. */
  expiresInSeconds: number;
}

export class ZaloRenewalError extends Error {
  override readonly name = 'ZaloRenewalError';
}

export interface RenewZaloTokenOptions {
  oauthUrl: string;
  appId: string;
  appSecret: string;
  refreshToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** An access token lasts about 25 hours (Zalo OA v4); used when a reply gives no `expires_in`. */
export const ZALO_ACCESS_TOKEN_SECONDS = 25 * 3600;

export async function renewZaloAccessToken(options: RenewZaloTokenOptions): Promise<ZaloTokens> {
  const url = `${options.oauthUrl.replace(/\/+$/, '')}/v4/oa/access_token`;
  let reply: Record<string, unknown>;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', secret_key: options.appSecret },
      body: new URLSearchParams({
        app_id: options.appId,
        refresh_token: options.refreshToken,
        grant_type: 'refresh_token',
      }).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    if (!response.ok) throw new ZaloRenewalError(`Zalo trả lời HTTP ${response.status}.`);
    reply = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ZaloRenewalError) throw error;
    throw new ZaloRenewalError(`Không gọi được Zalo: ${errorText(error)}`);
  }
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn } = reply;
  if (typeof accessToken === 'string' && accessToken && typeof refreshToken === 'string' && refreshToken) {
    const seconds = Number(expiresIn);
    return {
      accessToken,
      refreshToken,
      expiresInSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : ZALO_ACCESS_TOKEN_SECONDS,
    };
  }
  const code =
    typeof reply.error === 'number' || typeof reply.error === 'string' ? ` (${String(reply.error)})` : '';
  const detail =
    typeof reply.message === 'string'
      ? `: ${reply.message}`
      : typeof reply.error_description === 'string'
        ? `: ${reply.error_description}`
        : '';
  throw new ZaloRenewalError(`Zalo từ chối gia hạn token${code}${detail}`);
}
