import { createRoot } from 'react-dom/client';
import { ToastContainer, toast, type CloseButtonProps } from 'react-toastify';
import { TOAST_CLOSE_LABEL, TOAST_CONTAINER_OPTIONS } from './toastOptions';
import './toastOnPhones.css';
import type { ToastKind } from './index';

const TOAST_HOST_ID = 'toast-root';

/** react-toastify's close button (same look) with a Vietnamese name instead of 'close'. */
function CloseToastButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={TOAST_CLOSE_LABEL}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

// The single ToastContainer of the app, mounted the first time this module loads.
if (document.getElementById(TOAST_HOST_ID) === null) {
  const host = document.createElement('div');
  host.id = TOAST_HOST_ID;
  document.body.append(host);
  createRoot(host).render(<ToastContainer {...TOAST_CONTAINER_OPTIONS} closeButton={CloseToastButton} />);
}

/**
 * Identical messages shown together collapse into one toast.
 * @public (loaded through a dynamic import in ./index, which the unused-code check does not follow)
 */
export function showToast(kind: ToastKind, message: string): void {
  toast[kind](message, { toastId: `${kind}:${message}` });
}
