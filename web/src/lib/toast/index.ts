/**
 * Toasts for the whole app. react-toastify and its container load on the first toast (or on
 * preloadToasts()), keeping them out of the JavaScript the login page needs. Toasts shown before the
 * container has mounted are queued by react-toastify and appear once it has.
 */
import type * as ToastHost from './ToastHost';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

type ToastHostModule = typeof ToastHost;

let toastHost: Promise<ToastHostModule> | null = null;

function loadToastHost(): Promise<ToastHostModule> {
  toastHost ??= import('./ToastHost').catch((error: unknown) => {
    toastHost = null;
    throw error;
  });
  return toastHost;
}

function show(kind: ToastKind, message: string): void {
  loadToastHost()
    .then(({ showToast }) => showToast(kind, message))
    .catch((error: unknown) => console.error(`Không hiển thị được thông báo: ${message}`, error));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
} as const;

/** Signed-in pages toast often: load the container ahead of the first one. */
export function preloadToasts(): void {
  void loadToastHost().catch(() => undefined);
}
