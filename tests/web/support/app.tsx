// Rendering the real web app (or one of its pages) in the web tier: the session store, the router, the
// MUI theme, SWR's cache and the toasts are the app's own; only `fetch` is fake (./fakeApi.ts).
import { DEFAULT_ROLES } from '@nhatro/common';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppRoutes } from '../../../web/src/app/AppRoutes';
import { SessionProvider } from '../../../web/src/app/SessionProvider';
import { theme } from '../../../web/src/app/theme';
import { saveSession, type Role, type Session } from '../../../web/src/lib/session';

/** The roles the API gives each kind of user (common's DEFAULT_ROLES), as the login returns them. */
export const ROLES = {
  superAdmin: DEFAULT_ROLES[1],
  landlord: DEFAULT_ROLES[2],
  /** housePermission 1: no service-fee page. */
  staff: DEFAULT_ROLES[3],
  lessee: DEFAULT_ROLES[4],
} as const satisfies Record<string, Role>;

export const HOUSE = { houseID: 'h1', houseName: 'Nhà trọ Hoa Sen', houseAddress: '12 Võ Văn Ngân' };

/** Stores a signed-in session as the login leaves it (see web/TESTING-NOTES.md, "Browser storage"). */
export function signIn(role: keyof typeof ROLES, session: Partial<Session> = {}): Session {
  const managesHouses = role === 'landlord' || role === 'staff';
  const stored: Session = {
    accessToken: 'token-1',
    refreshToken: 'refresh-1',
    role: ROLES[role],
    userID: `user-${role}`,
    fullName: ROLES[role].roleName,
    houses: managesHouses ? [{ ...HOUSE, lessorInfo: { status: 1 } }] : [],
    houseID: role === 'superAdmin' ? null : HOUSE.houseID,
    isUserActive: true,
    lesseeID: role === 'lessee' ? 'lessee-1' : null,
    contractID: role === 'lessee' ? 'contract-1' : null,
    roomID: role === 'lessee' ? 'room-1' : null,
    mustChangePassword: false,
    ...session,
  };
  saveSession(stored);
  return stored;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/**
 * The app's session provider, and SWR asking the server on every mount: a test's first render must not
 * be served from the deduplication window of the test before (SWR's cache is emptied between tests).
 */
function Fresh({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <SWRConfig value={{ dedupingInterval: 0 }}>{children}</SWRConfig>
    </SessionProvider>
  );
}

/** The path the router shows now. */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The whole app (its route table, guards and lazy pages) opened at `path`. */
export function renderApp(path: string): RenderResult {
  return render(
    <Fresh>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Fresh>,
  );
}

/** One page at `path`, matched by `pattern`, with the app's theme (as ThemedLayout gives it). */
export function renderPage(page: ReactNode, path: string, pattern = path.split('?')[0]!): RenderResult {
  return render(
    <Fresh>
      <MemoryRouter initialEntries={[path]}>
        <ThemeProvider theme={theme}>
          <Routes>
            <Route path={pattern} element={page} />
            {/* Where the page leads to shows nothing: the probe below tells the path. */}
            <Route path="*" element={null} />
          </Routes>
        </ThemeProvider>
        <LocationProbe />
      </MemoryRouter>
    </Fresh>,
  );
}

/** The toasts of a kind shown now (react-toastify's container, top right). */
export function toasts(kind: 'success' | 'error' | 'info'): string[] {
  return [...document.querySelectorAll(`.Toastify__toast--${kind}`)].map((toast) =>
    (toast.textContent ?? '').trim(),
  );
}

export { within };
