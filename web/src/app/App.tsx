import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from './SessionProvider';
import { AppRoutes } from './AppRoutes';
import './base.css';

// No MUI here: the theme is applied by the lazy ThemedLayout route (every page but /login).
export function App() {
  return (
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  );
}
