import type { HttpResponseInit } from '@azure/functions';
import { MESSAGES } from '@nhatro/common';
import { AppError, type ErrorKind } from '../domain/shared/errors.js';
import { StoreError } from '../store/store.js';
import { errorSummary, log } from '../telemetry/log.js';
import { json } from './replies.js';

/** The one place where a refusal becomes an HTTP status. */
const STATUS: Record<ErrorKind, number> = {
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  stale: 412,
  tooLarge: 413,
  unsupportedMedia: 415,
  tooManyRequests: 429,
};

const STORE_ERRORS: Record<StoreError['code'], () => AppError> = {
  not_found: () => AppError.notFound(),
  conflict: () => AppError.conflict(),
  precondition_failed: () => AppError.stale(),
  bad_request: () => AppError.badRequest(MESSAGES.invalidInput),
};

/** Every failure of a handler as the spec's error reply; anything unexpected is logged and a 500. */
export function errorResponse(error: unknown): HttpResponseInit {
  const refusal = error instanceof StoreError ? STORE_ERRORS[error.code]() : error;
  if (refusal instanceof AppError) {
    const { fieldErrors, retryAfterSeconds } = refusal.details;
    const headers: Record<string, string> =
      retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) };
    const status = STATUS[refusal.kind];
    if (fieldErrors) return json(status, fieldErrors, headers);
    return json(
      status,
      { status: false, value: refusal.errorMessage, errorMessage: refusal.errorMessage },
      headers,
    );
  }
  // Its kind, message and where it was thrown, scrubbed (telemetry/log.ts): never the data it held.
  log.error('request.unhandled', {
    error: errorSummary(error),
    stack: error instanceof Error ? error.stack?.split('\n').slice(1, 8).join('\n') : undefined,
  });
  return json(500, { status: false, errorMessage: MESSAGES.serverError });
}
