import { createTheme } from '@mui/material/styles';
import { viVN } from '@mui/material/locale';

export const DRAWER_WIDTH = 264;

export const theme = createTheme(
  {
    palette: {
      primary: { main: '#0f766e', contrastText: '#ffffff' },
      secondary: { main: '#b45309' },
      background: { default: '#f5f7f7', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 700 },
      h2: { fontSize: '1.375rem', fontWeight: 700 },
      h3: { fontSize: '1.125rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiPaper: { defaultProps: { elevation: 0 } },
    },
  },
  viVN,
);
