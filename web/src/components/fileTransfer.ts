import { ApiError, NETWORK_FAILURE_STATUS, apiRequest, apiUrl } from '../lib/api';
import { getAccessToken } from '../lib/session';

/**
 * Authenticated transfers the JSON API client cannot make: binary replies (spreadsheets) and uploads
 * with progress. A 401 is handled like the client does: one cheap authenticated call lets the client
 * refresh the tokens (or end the session), then the transfer is retried once with the new token.
 */

export interface BinaryReply {
  status: number;
  contentType: string;
  header(name: string): string | null;
  body: Blob;
}

const SESSION_PROBE_PATH = '/odata/House?$top=1&$select=houseID';

async function refreshSession(): Promise<void> {
  await apiRequest(SESSION_PROBE_PATH);
}

function networkFailure(): ApiError {
  return new ApiError(
    NETWORK_FAILURE_STATUS,
    null,
    'Không kết nối được máy chủ. Vui lòng kiểm tra kết nối mạng.',
  );
}

async function withSession(send: (token: string | null) => Promise<BinaryReply>): Promise<BinaryReply> {
  const reply = await send(getAccessToken());
  if (reply.status !== 401) return reply;
  await refreshSession();
  return send(getAccessToken());
}

/** GET with the bearer token; the body comes back as a Blob. */
export function fetchBinary(path: string): Promise<BinaryReply> {
  return withSession(async (token) => {
    let response: Response;
    try {
      response = await fetch(apiUrl(path), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    } catch {
      throw networkFailure();
    }
    const body = await response.blob();
    return {
      status: response.status,
      contentType: response.headers.get('Content-Type') ?? '',
      header: (name) => response.headers.get(name),
      body,
    };
  });
}

/** POSTs a form with XMLHttpRequest so the upload progress (0–1) can be shown. */
export function postFormWithProgress(
  path: string,
  form: FormData,
  onProgress: (fraction: number | null) => void,
): Promise<BinaryReply> {
  return withSession(
    (token) =>
      new Promise<BinaryReply>((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('POST', apiUrl(path));
        request.responseType = 'blob';
        request.setRequestHeader('Accept', 'application/json');
        if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
        request.upload.onprogress = (event) => {
          onProgress(event.lengthComputable && event.total > 0 ? event.loaded / event.total : null);
        };
        // Uploaded: the server is now reading the sheet.
        request.upload.onload = () => onProgress(null);
        request.onload = () => {
          resolve({
            status: request.status,
            contentType: request.getResponseHeader('Content-Type') ?? '',
            header: (name) => request.getResponseHeader(name),
            body: request.response instanceof Blob ? request.response : new Blob([]),
          });
        };
        request.onerror = () => reject(networkFailure());
        request.onabort = () => reject(networkFailure());
        onProgress(0);
        request.send(form);
      }),
  );
}

/** The JSON of a reply body, or null. */
export async function readJsonBody(body: Blob): Promise<unknown> {
  const text = await body.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header === null ? null : /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** Saves a Blob as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
