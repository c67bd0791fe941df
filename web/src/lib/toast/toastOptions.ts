import type { ToastContainerProps } from 'react-toastify';

/** Spec section 9. */
export const TOAST_CONTAINER_OPTIONS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  draggable: true,
  theme: 'light',
} as const satisfies ToastContainerProps;
