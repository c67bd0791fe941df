import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';
import { requestLogout } from '../../features/auth/authApi';

/** Spec section 4: tell the server, clear everything but the tutorial flag, go to /login. */
export function useLogout(): { logOut: () => Promise<void>; isLoggingOut: boolean } {
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logOut = useCallback(async () => {
    setIsLoggingOut(true);
    await requestLogout();
    clearSession();
    await navigate(paths.login, { replace: true });
  }, [navigate]);

  return { logOut, isLoggingOut };
}
