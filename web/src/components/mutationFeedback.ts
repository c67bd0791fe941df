import { NETWORK_FAILURE_STATUS, isApiError } from '../lib/api';
import { notify } from '../lib/toast';

const NETWORK_HINT = 'Vui lòng kiểm tra lại kết nối mạng.';
const UNEXPECTED = 'Đã xảy ra lỗi không mong muốn.';

/** True when the failure already sent the user to /login (nothing more to say). */
export function isSessionExpiry(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.status === NETWORK_FAILURE_STATUS;
}

/** The server's Vietnamese errorMessage (or the client's default for the status). */
export function serverMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return error instanceof Error && error.message !== '' ? error.message : UNEXPECTED;
}

/**
 * Spec section 8: '<action> thất bại!' followed by the server's errorMessage, or by the network hint
 * when no reply arrived.
 */
export function failureText(prefix: string, error: unknown): string {
  return `${prefix} ${isNetworkFailure(error) ? NETWORK_HINT : serverMessage(error)}`;
}

/** Toasts a failed create/update/delete; an expired session is handled by the API client. */
export function notifyFailure(prefix: string, error: unknown): void {
  if (isSessionExpiry(error)) return;
  notify.error(failureText(prefix, error));
}
