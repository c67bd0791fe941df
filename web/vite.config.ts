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

/** `connect-src` and `img-src` of a CSP with `origins` added (each once). */
function withOrigins(csp: string, directive: 'connect-src' | 'img-src', origins: string[]): string {
  const found = new RegExp(`${directive} ([^;]+)`).exec(csp);
  if (!found) throw new Error(`${STATIC_WEB_APP_CONFIG}: no ${directive} in the Content-Security-Policy`);
  const sources = found[1]?.trim().split(/\s+/) ?? [];
  const added = origins.filter((origin) => !sources.includes(origin));
  return added.length === 0 ? csp : csp.replace(found[0], `${directive} ${[...sources, ...added].join(' ')}`);
}

/**
 * Names the deployment's own hosts in the CSP of the emitted staticwebapp.config.json, instead of any
 * *.azurewebsites.net or *.blob.core.windows.net site: the API's origin (VITE_API_BASE_URL, the Function
 * App URL baked into the bundle) in `connect-src`, and the storage account's blob host (BLOB_ACCOUNT_URL,
 * an output of the provisioning; SAS links of images and uploads) in `img-src` and `connect-src`. Only
 * those strings change; with neither set (same-origin API, local builds) the top-level file is emitted
 * byte for byte. The values come from the build's environment: the file itself stays the one source.
 */
function staticWebAppConfig(apiBaseUrl: string | undefined, blobAccountUrl: string | undefined): Plugin {
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
      if (!apiBaseUrl && !blobAccountUrl) {
        await writeFile(file, text);
        return;
      }
      const parsed = JSON.parse(text) as { globalHeaders?: Record<string, string> };
      const csp = parsed.globalHeaders?.['Content-Security-Policy'];
      if (!csp) throw new Error(`${file}: no Content-Security-Policy to extend`);
      const apiOrigins = apiBaseUrl ? [new URL(apiBaseUrl).origin] : [];
      const blobOrigins = blobAccountUrl ? [new URL(blobAccountUrl).origin] : [];
      let updated = withOrigins(csp, 'connect-src', [...apiOrigins, ...blobOrigins]);
      updated = withOrigins(updated, 'img-src', blobOrigins);
      await writeFile(file, text.replace(JSON.stringify(csp), JSON.stringify(updated)));
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  return {
    plugins: [react(), staticWebAppConfig(env.VITE_API_BASE_URL, process.env.BLOB_ACCOUNT_URL)],
    server: { proxy: apiProxy },
    preview: { proxy: apiProxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      // Every browser of the es2022 target but Safari 15–16 preloads modules itself; there the lazy
      // routes' chunks load as they are imported, which is what the polyfill would only hasten.
      modulePreload: { polyfill: false },
      // The entry lists every lazy chunk it may preload: names of hashes alone keep that list short.
      rollupOptions: { output: { chunkFileNames: 'assets/c-[hash].js' } },
    },
  };
});
