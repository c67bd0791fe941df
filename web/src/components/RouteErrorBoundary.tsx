import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export const ROUTE_ERROR_TEXT = 'Unexpected Application Error!';

export function RouteErrorFallback() {
  return (
    <Box role="alert" data-testid="route-error" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h1">{ROUTE_ERROR_TEXT}</Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        Đã xảy ra lỗi không mong muốn. Vui lòng tải lại trang hoặc thử lại sau.
      </Typography>
      <Button variant="contained" sx={{ mt: 3 }} onClick={() => window.location.reload()}>
        Tải lại trang
      </Button>
    </Box>
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
