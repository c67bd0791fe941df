import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NotFoundContent } from '../../components/NotFound';
import { paths } from '../../lib/paths';
import {
  ROLE_IDS,
  forgetReturnPath,
  rememberReturnPath,
  roleNeedsSelectedHouse,
  useSession,
  useSignedInSession,
} from '../../lib/session';
import { preloadToasts } from '../../lib/toast';
import { ROUTE_ACCESS, canOpenRoute, type RouteAccess, type RouteAccessName } from '../access';
import { HouseChooserProvider } from '../houseChooser/HouseChooserProvider';
import { HouseSelectionScreen } from '../houseChooser/HouseSelectionScreen';
import { IncompleteAccountNotice } from '../houseChooser/IncompleteAccountNotice';
import { AppLayout } from './AppLayout';

/** Spec section 2: without a token the visitor goes to /, and returns to the wanted page after login. */
function RedirectSignedOutVisitor({ wantedPath }: { wantedPath: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnPath(wantedPath);
    void navigate(paths.home, { replace: true });
  }, [navigate, wantedPath]);
  return null;
}

/** Applies a guarded page's access rule (spec section 6); a forbidden page looks like a missing one. */
export function RouteAccessGate({
  access: name,
  children,
}: {
  access: RouteAccessName;
  children: ReactNode;
}) {
  const access: RouteAccess = ROUTE_ACCESS[name];
  const session = useSignedInSession();
  const { pathname } = useLocation();

  if (!canOpenRoute(access, session.role, pathname)) return <NotFoundContent homePath={paths.dashboard} />;
  const isIncompleteModerator = session.role.roleID === ROLE_IDS.houseModerator && !session.isUserActive;
  if (isIncompleteModerator && access.allowsIncompleteAccount !== true) return <IncompleteAccountNotice />;
  return children;
}

/** Layout route of every guarded page. */
export function GuardedShell() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const [wasSignedInOnArrival] = useState(() => session !== null);
  const isSignedIn = session !== null;

  useEffect(() => {
    if (!isSignedIn) return;
    forgetReturnPath();
    preloadToasts();
  }, [isSignedIn]);

  if (session === null) {
    // Signed out while here (logout, expiry, another tab): back to the login form.
    if (wasSignedInOnArrival) return <Navigate to={paths.login} replace />;
    return <RedirectSignedOutVisitor wantedPath={`${pathname}${search}${hash}`} />;
  }

  // A one-time password is replaced before anything else (the API refuses everything else until then).
  if (session.mustChangePassword && pathname !== paths.newPassword) {
    return <Navigate to={paths.newPassword} replace />;
  }

  // A new landlord replaces their one-time password before choosing a house (the API refuses the rest).
  const mustChooseHouse =
    roleNeedsSelectedHouse(session.role.roleID) && session.houseID === null && !session.mustChangePassword;
  return (
    <HouseChooserProvider>
      {mustChooseHouse ? (
        <HouseSelectionScreen />
      ) : (
        <AppLayout>
          <Outlet />
        </AppLayout>
      )}
    </HouseChooserProvider>
  );
}
