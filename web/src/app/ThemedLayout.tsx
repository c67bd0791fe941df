import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { theme } from './theme';

/**
 * Layout route of every page built with MUI (all but /login): the theme and CssBaseline load with the
 * first such page, keeping MUI out of the JavaScript the login page needs.
 */
export function ThemedLayout() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ThemeProvider>
  );
}
