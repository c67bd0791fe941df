import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const LOCAL_API_ORIGIN = 'http://localhost:4280';

const apiProxy = {
  '/api': LOCAL_API_ORIGIN,
  '/odata': LOCAL_API_ORIGIN,
  '/ExcelImport': LOCAL_API_ORIGIN,
};

export default defineConfig({
  plugins: [react()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
});
