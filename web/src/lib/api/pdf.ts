import { getAccessToken } from '../session';
import { apiRequest, apiUrl } from './client';
import { ApiError } from './errors';

function requestPdf(path: string): Promise<Response> {
  const token = getAccessToken();
  return fetch(apiUrl(path), {
    headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

/**
 * A PDF the API makes (a bill, a contract's liquidation), fetched with the session's bearer: the API client
 * reads JSON only. An expired token is renewed by one call of `renewPath` through the client (which
 * refreshes it, or ends the session) before the one retry; a refusal becomes an `ApiError` with the
 * server's Vietnamese message.
 */
export async function fetchPdf(path: string, renewPath: string): Promise<Blob> {
  let response = await requestPdf(path);
  if (response.status === 401) {
    await apiRequest(renewPath);
    response = await requestPdf(path);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Plain text: the status says enough.
    }
    const message =
      typeof body === 'object' &&
      body !== null &&
      'errorMessage' in body &&
      typeof body.errorMessage === 'string'
        ? body.errorMessage
        : `Máy chủ không tạo được tệp PDF (HTTP ${response.status}).`;
    throw new ApiError(response.status, body, message);
  }
  return response.blob();
}
