import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NotFoundContent } from '../../components/NotFound';
import { ROLE_IDS, forgetReturnPath, rememberReturnPath, roleNeedsSelectedHouse } from '../../lib/session';
import { preloadToasts } from '../../lib/toast';
import { canOpenRoute, type RouteAccess } from '../auth/access';
import { useSession, useSignedInSession } from '../auth/sessionContext';
import { HouseChooserProvider } from '../houses/HouseChooserProvider';
import { HouseSelectionScreen } from '../houses/HouseSelectionScreen';
import { IncompleteAccountNotice } from '../houses/IncompleteAccountNotice';
import { AppLayout } from './AppLayout';

/** Spec section 2: without a token the visitor goes to /, and returns to the wanted page after login. */
function RedirectSignedOutVisitor({ wantedPath }: { wantedPath: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnPath(wantedPath);
    void navigate('/', { replace: true });
  }, [navigate, wantedPath]);
  return null;
}

/** Applies a guarded page's access rule (spec section 6); a forbidden page looks like a missing one. */
export function RouteAccessGate({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const session = useSignedInSession();
  const { pathname } = useLocation();

  if (!canOpenRoute(access, session.role, pathname)) return <NotFoundContent homePath="/dashboard" />;
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
    if (wasSignedInOnArrival) return <Navigate to="/login" replace />;
    return <RedirectSignedOutVisitor wantedPath={`${pathname}${search}${hash}`} />;
  }

  const mustChooseHouse = roleNeedsSelectedHouse(session.role.roleID) && session.houseID === null;
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
