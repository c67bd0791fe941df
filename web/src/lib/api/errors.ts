/** Status used for replies that never arrived (offline, DNS, CORS). */
export const NETWORK_FAILURE_STATUS = 0;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The Vietnamese message the backend puts in every error body. */
export function errorMessageOf(body: unknown): string | null {
  if (Array.isArray(body)) {
    const messages = badRequestMessages(body);
    return messages.length > 0 ? messages.join(' ') : null;
  }
  if (!isRecord(body)) return nonEmptyString(body);
  return nonEmptyString(body.errorMessage) ?? nonEmptyString(body.value);
}

/**
 * Spec section 8: a 400 list shows each item's errorMessage; a 400 object shows its `value`.
 */
export function badRequestMessages(body: unknown): string[] {
  if (Array.isArray(body)) {
    return body
      .map((item) => (isRecord(item) ? nonEmptyString(item.errorMessage) : nonEmptyString(item)))
      .filter((message): message is string => message !== null);
  }
  if (isRecord(body)) {
    const message = nonEmptyString(body.value) ?? nonEmptyString(body.errorMessage);
    return message === null ? [] : [message];
  }
  const text = nonEmptyString(body);
  return text === null ? [] : [text];
}
