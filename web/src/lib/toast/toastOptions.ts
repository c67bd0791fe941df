import type { ToastContainerProps } from 'react-toastify';

/** Spec section 9. */
/** The close button's accessible name (react-toastify's own is the English 'close'). */
export const TOAST_CLOSE_LABEL = 'Đóng thông báo';

export const TOAST_CONTAINER_OPTIONS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  draggable: true,
  theme: 'light',
} as const satisfies ToastContainerProps;
