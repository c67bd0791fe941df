import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { PlainPageLoader } from '../components/Spinner';
import { setSessionExpiredNavigation } from '../lib/api';
import { corePaths, routePatterns } from '../lib/paths/core';
import type { RouteAccessName } from './access';

// Every page is its own chunk. Declarative routes + React.lazy rather than the data router:
// createBrowserRouter alone adds ~19 KB gzipped to what the login page loads. MUI (theme, CssBaseline,
// components) loads with ThemedLayout, the layout route of every page but /login, which uses plain
// React and CSS: the login route's JavaScript stays within 100 KB gzipped (tests/unit/loginBundleBudget).
const ThemedLayout = lazy(() =>
  import('./ThemedLayout').then((module) => ({ default: module.ThemedLayout })),
);
const HomePage = lazy(() =>
  import('../features/home/HomePage').then((module) => ({ default: module.HomePage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((module) => ({ default: module.LoginPage })),
);
const GuardedShell = lazy(() =>
  import('./shell/GuardedShell').then((module) => ({ default: module.GuardedShell })),
);
const RouteAccessGate = lazy(() =>
  import('./shell/GuardedShell').then((module) => ({ default: module.RouteAccessGate })),
);
const NotFoundPage = lazy(() =>
  import('./shell/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);
const DashboardPage = lazy(() =>
  import('./routes/DashboardRoute').then((module) => ({ default: module.DashboardRoute })),
);
const RoomsPage = lazy(() =>
  import('../features/rooms/RoomsPage').then((module) => ({ default: module.RoomsPage })),
);
const RoomDetailPage = lazy(() =>
  import('../features/rooms/RoomDetailPage').then((module) => ({ default: module.RoomDetailPage })),
);
const DevicesPage = lazy(() =>
  import('../features/devices/DevicesPage').then((module) => ({ default: module.DevicesPage })),
);
const FeesPage = lazy(() =>
  import('../features/fees/FeesPage').then((module) => ({ default: module.FeesPage })),
);

/**
 * The signed-in pages: URL pattern, access rule, page. /settingAdmin/{type} is a tab of the service-fee
 * page: 'metered' (Điện, Nước: billed from the kWh and m³ meters), 'fixed' (every other fee: per room,
 * person or vehicle); /settingAdmin shows all. Any other {type} is the 404 page (shown by the page).
 */
const GUARDED_PAGES: ReadonlyArray<{ path: string; access: RouteAccessName; Page: ComponentType }> = [
  { path: routePatterns.dashboard, access: 'dashboard', Page: DashboardPage },
  { path: routePatterns.rooms, access: 'rooms', Page: RoomsPage },
  { path: routePatterns.room, access: 'rooms', Page: RoomDetailPage },
  { path: routePatterns.devices, access: 'devices', Page: DevicesPage },
  { path: routePatterns.fees, access: 'fees', Page: FeesPage },
];

/** Lets the API client send an expired session to /login without reloading the page. */
function SessionExpiryNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredNavigation(() => {
      void navigate(corePaths.login, { replace: true, state: { sessionExpired: true } });
    });
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <SessionExpiryNavigation />
      <Suspense fallback={<PlainPageLoader />}>
        <Routes>
          <Route path={routePatterns.login} element={<LoginPage />} />
          <Route element={<ThemedLayout />}>
            <Route index element={<HomePage />} />
            {/* Guarded pages: each declares who may open it (spec section 6, app/access.ts). */}
            <Route element={<GuardedShell />}>
              {GUARDED_PAGES.map(({ path, access, Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RouteAccessGate access={access}>
                      <Page />
                    </RouteAccessGate>
                  }
                />
              ))}
            </Route>
            <Route path={routePatterns.notFound} element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
