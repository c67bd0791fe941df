import { Component, type ErrorInfo, type ReactNode } from 'react';
import styles from './plainUi.module.css';

export const ROUTE_ERROR_TEXT = 'Unexpected Application Error!';

/** Plain HTML and CSS (no MUI): it may stand where the MUI chunks failed to load. */
export function RouteErrorFallback() {
  return (
    <div role="alert" data-testid="route-error" className={styles.routeError}>
      <h1 className={styles.heading}>{ROUTE_ERROR_TEXT}</h1>
      <p className={styles.secondaryText} style={{ marginTop: 8 }}>
        Đã xảy ra lỗi không mong muốn. Vui lòng tải lại trang hoặc thử lại sau.
      </p>
      <button
        type="button"
        className={styles.button}
        style={{ marginTop: 24 }}
        onClick={() => window.location.reload()}
      >
        Tải lại trang
      </button>
    </div>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** Changing it (e.g. the pathname) clears the error, so navigating away recovers. */
  resetKey?: string;
}

interface RouteErrorBoundaryState {
  error: unknown;
  errorResetKey: string | undefined;
}

/**
 * The routes' error element: a page that throws while rendering, or whose code fails to load,
 * is replaced by the error message where it stood (inside the layout for guarded pages).
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, errorResetKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (state.error === null) return { errorResetKey: props.resetKey };
    if (props.resetKey !== state.errorResetKey) return { error: null, errorResetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Lỗi khi hiển thị trang:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <RouteErrorFallback />;
  }
}
