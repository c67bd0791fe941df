import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const LOCAL_API_ORIGIN = 'http://localhost:4280';

const apiProxy = {
  '/api': LOCAL_API_ORIGIN,
  '/odata': LOCAL_API_ORIGIN,
  '/ExcelImport': LOCAL_API_ORIGIN,
  '/ExcelExport': LOCAL_API_ORIGIN,
};

/** Routing and headers of the Static Web App; lives in public/, so every build emits it. */
const STATIC_WEB_APP_CONFIG = 'staticwebapp.config.json';

/**
 * Names the API's own origin (from VITE_API_BASE_URL, the Function App URL baked into the bundle) in
 * the CSP `connect-src` of the emitted staticwebapp.config.json, instead of every *.azurewebsites.net
 * site. Only that one string changes; without VITE_API_BASE_URL (same-origin API, local builds) the
 * file is emitted exactly as in public/.
 */
function staticWebAppConfig(apiBaseUrl: string | undefined): Plugin {
  let outDir = '';
  return {
    name: 'nhatro:staticwebapp-config',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!apiBaseUrl) return;
      const apiOrigin = new URL(apiBaseUrl).origin;
      const file = join(outDir, STATIC_WEB_APP_CONFIG);
      const text = await readFile(file, 'utf8');
      const parsed = JSON.parse(text) as { globalHeaders?: Record<string, string> };
      const csp = parsed.globalHeaders?.['Content-Security-Policy'];
      const connectSrc = csp?.match(/connect-src ([^;]+)/);
      if (!csp || !connectSrc) throw new Error(`${file}: no Content-Security-Policy connect-src to extend`);
      const sources = connectSrc[1]?.trim().split(/\s+/) ?? [];
      if (sources.includes(apiOrigin)) return;
      const updated = csp.replace(connectSrc[0], `connect-src ${[...sources, apiOrigin].join(' ')}`);
      await writeFile(file, text.replace(JSON.stringify(csp), JSON.stringify(updated)));
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  return {
    plugins: [react(), staticWebAppConfig(env.VITE_API_BASE_URL)],
    server: { proxy: apiProxy },
    preview: { proxy: apiProxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
    },
  };
});
