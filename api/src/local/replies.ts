import type { ServerResponse } from 'node:http';

/** The local host's own replies (not a function's): JSON, and refusals in the shape of every error reply. */

export function sendJson(
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
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { status: false, errorMessage: message }, headers);
}
