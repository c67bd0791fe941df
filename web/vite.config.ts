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

/**
 * Routing and headers of the Static Web App: one file at the repository's top level (as the design card
 * shows it), emitted into every build's output by the plugin below.
 */
const STATIC_WEB_APP_CONFIG = 'staticwebapp.config.json';
const STATIC_WEB_APP_CONFIG_SOURCE = resolve(import.meta.dirname, '..', STATIC_WEB_APP_CONFIG);

/**
 * Emits the top-level staticwebapp.config.json into the build output. With VITE_API_BASE_URL (the
 * Function App URL baked into the bundle) it names the API's own origin in the CSP `connect-src`, instead
 * of every *.azurewebsites.net site; only that one string changes. Without it (same-origin API, local
 * builds) the file is emitted byte for byte.
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
      const file = join(outDir, STATIC_WEB_APP_CONFIG);
      const text = await readFile(STATIC_WEB_APP_CONFIG_SOURCE, 'utf8');
      if (!apiBaseUrl) {
        await writeFile(file, text);
        return;
      }
      const apiOrigin = new URL(apiBaseUrl).origin;
      const parsed = JSON.parse(text) as { globalHeaders?: Record<string, string> };
      const csp = parsed.globalHeaders?.['Content-Security-Policy'];
      const connectSrc = csp?.match(/connect-src ([^;]+)/);
      if (!csp || !connectSrc) throw new Error(`${file}: no Content-Security-Policy connect-src to extend`);
      const sources = connectSrc[1]?.trim().split(/\s+/) ?? [];
      if (sources.includes(apiOrigin)) {
        await writeFile(file, text);
        return;
      }
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
