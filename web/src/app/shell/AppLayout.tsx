import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { DRAWER_WIDTH } from '../theme';
import { AccountExpiryBanner } from '../../features/platformRequests/AccountExpiryBanner';
import { BrandLink } from '../../components/BrandLink';
import { PageLoader } from '../../components/PageLoader';
import { RouteErrorBoundary } from '../../components/RouteErrorBoundary';
import { paths } from '../../lib/paths';
import { ROLE_IDS, roleNeedsSelectedHouse, useSignedInSession } from '../../lib/session';
import { HouseSwitcher } from '../houseChooser/HouseSwitcher';
import { EnvironmentBadge } from './EnvironmentBadge';
import { SideNav } from './SideNav';

const drawerPaperStyles = { width: DRAWER_WIDTH, boxSizing: 'border-box' } as const;

/**
 * Signed-in frame: app bar, side navigation (permanent from the md breakpoint, 900 px; a temporary
 * drawer behind the menu button below it) and the page.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [isMobileNavOpen, setIsMobileNavOpen] = useState(false);
  const session = useSignedInSession();
  const { pathname } = useLocation();
  const closeMobileNav = () => setIsMobileNavOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!isDesktop && (
            <>
              <IconButton
                edge="start"
                aria-label="Mở menu điều hướng"
                aria-expanded={isMobileNavOpen}
                onClick={() => setIsMobileNavOpen(true)}
                data-testid="nav-drawer-button"
              >
                <MenuIcon />
              </IconButton>
              <Box sx={{ color: 'primary.main' }}>
                <BrandLink to={paths.dashboard} />
              </Box>
            </>
          )}
          <Box sx={{ flex: 1 }} />
          {session.role.roleID === ROLE_IDS.superAdmin && <EnvironmentBadge />}
          {roleNeedsSelectedHouse(session.role.roleID) && <HouseSwitcher />}
        </Toolbar>
      </AppBar>

      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': drawerPaperStyles }}
          data-testid="nav-drawer-permanent"
        >
          <SideNav />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={isMobileNavOpen}
          onClose={closeMobileNav}
          sx={{ '& .MuiDrawer-paper': drawerPaperStyles }}
          data-testid="nav-drawer-temporary"
        >
          <SideNav onNavigate={closeMobileNav} />
        </Drawer>
      )}

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3 }, pb: 4 }}>
        <Toolbar />
        <Box sx={{ pt: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>
          <AccountExpiryBanner />
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </RouteErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}
