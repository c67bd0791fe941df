import { Suspense, lazy, useEffect } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { ACCESS } from '../features/auth/access';
import { setSessionExpiredNavigation } from '../lib/api';

// Every page is its own chunk. Declarative routes + React.lazy rather than the data router:
// createBrowserRouter alone adds ~19 KB gzipped to what the login page loads.
const HomePage = lazy(() =>
  import('../features/home/HomePage').then((module) => ({ default: module.HomePage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((module) => ({ default: module.LoginPage })),
);
const GuardedShell = lazy(() =>
  import('../features/layout/GuardedShell').then((module) => ({ default: module.GuardedShell })),
);
const RouteAccessGate = lazy(() =>
  import('../features/layout/GuardedShell').then((module) => ({ default: module.RouteAccessGate })),
);
const NotFoundPage = lazy(() =>
  import('../features/layout/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage').then((module) => ({ default: module.DashboardPage })),
);

/** Lets the API client send an expired session to /login without reloading the page. */
function SessionExpiryNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredNavigation(() => {
      void navigate('/login', { replace: true, state: { sessionExpired: true } });
    });
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <SessionExpiryNavigation />
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="login" element={<LoginPage />} />
          {/* Guarded pages: each declares who may open it (spec section 6). */}
          <Route element={<GuardedShell />}>
            <Route
              path="dashboard"
              element={
                <RouteAccessGate access={ACCESS.everyRole}>
                  <DashboardPage />
                </RouteAccessGate>
              }
            />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
