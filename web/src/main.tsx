import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// After a deployment an open tab may ask for chunks that no longer exist: reload once to get the new ones.
const RELOADED_FOR_STALE_CHUNK_KEY = 'reloadedForStaleChunk';
window.addEventListener('vite:preloadError', (event) => {
  if (window.sessionStorage.getItem(RELOADED_FOR_STALE_CHUNK_KEY) !== null) return;
  window.sessionStorage.setItem(RELOADED_FOR_STALE_CHUNK_KEY, 'true');
  event.preventDefault();
  window.location.reload();
});

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html has no #root element.');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
