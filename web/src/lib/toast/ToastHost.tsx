import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify';
import { TOAST_CONTAINER_OPTIONS } from './toastOptions';
import type { ToastKind } from './index';

const TOAST_HOST_ID = 'toast-root';

// The single ToastContainer of the app, mounted the first time this module loads.
if (document.getElementById(TOAST_HOST_ID) === null) {
  const host = document.createElement('div');
  host.id = TOAST_HOST_ID;
  document.body.append(host);
  createRoot(host).render(<ToastContainer {...TOAST_CONTAINER_OPTIONS} />);
}

/**
 * Identical messages shown together collapse into one toast.
 * @public (loaded through a dynamic import in ./index, which the unused-code check does not follow)
 */
export function showToast(kind: ToastKind, message: string): void {
  toast[kind](message, { toastId: `${kind}:${message}` });
}
