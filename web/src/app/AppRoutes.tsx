import { Suspense, lazy, useEffect } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { ACCESS, type RouteAccess } from '../features/auth/access';
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
const RoomsPage = lazy(() =>
  import('../features/rooms/RoomsPage').then((module) => ({ default: module.RoomsPage })),
);
const RoomDetailPage = lazy(() =>
  import('../features/rooms/RoomDetailPage').then((module) => ({ default: module.RoomDetailPage })),
);
const DevicesPage = lazy(() =>
  import('../features/devices/DevicesPage').then((module) => ({ default: module.DevicesPage })),
);
const ServiceFeesPage = lazy(() =>
  import('../features/serviceFees/ServiceFeesPage').then((module) => ({ default: module.ServiceFeesPage })),
);

/** Spec section 6: room pages need a non-zero room level (creating, level 3+, is checked in the page). */
const ROOM_ACCESS: RouteAccess = { ...ACCESS.houseManagers, permission: 'roomPermission' };
const DEVICE_ACCESS: RouteAccess = { ...ACCESS.houseManagers, permission: 'devicePermission' };
/** settingHouse: housePermission 2, 3 or 4 (staff, level 1, get the 404 page). */
const SETTING_HOUSE_ACCESS: RouteAccess = {
  ...ACCESS.houseManagers,
  permission: 'housePermission',
  allowedLevels: [2, 3, 4],
};

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
            <Route
              path="rooms"
              element={
                <RouteAccessGate access={ROOM_ACCESS}>
                  <RoomsPage />
                </RouteAccessGate>
              }
            />
            <Route
              path="rooms/:id"
              element={
                <RouteAccessGate access={ROOM_ACCESS}>
                  <RoomDetailPage />
                </RouteAccessGate>
              }
            />
            <Route
              path="deviceCD/:id"
              element={
                <RouteAccessGate access={DEVICE_ACCESS}>
                  <DevicesPage />
                </RouteAccessGate>
              }
            />
            {/*
              /settingAdmin/{type} is a tab of the service-fee page: 'metered' (Điện, Nước: billed from the
              kWh and m³ meters), 'fixed' (every other fee: per room, person or vehicle); /settingAdmin shows
              all. Any other {type} is the 404 page (shown by the page).
            */}
            <Route
              path="settingAdmin/:type?"
              element={
                <RouteAccessGate access={SETTING_HOUSE_ACCESS}>
                  <ServiceFeesPage />
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
