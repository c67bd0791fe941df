import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, localSandboxMerchant } from '../config/index.js';
import { closeDeps, createDeps, useDeps, type Deps } from '../composition/deps.js';
import { allowBrowserOrigin, startAzurite } from './azurite.js';
import { createLocalHost } from './host.js';
import { startPaymentSandbox, type PaymentSandbox } from './paymentSandbox.js';
import { connectDemoBankFeeds, type DemoBankFeedKeys } from './demoBankFeed.js';
import { seedDemoData, type SeedOptions } from './seed.js';

const REPOSITORY_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const WEB_DIST = join(REPOSITORY_ROOT, 'web', 'dist');

/**
 * The Static Web App configuration the build emitted (the top-level staticwebapp.config.json, written by
 * every `vite build`), as Azure serves it; the source file when web/dist predates it.
 */
function staticWebAppConfigFile(): string {
  const emitted = join(WEB_DIST, 'staticwebapp.config.json');
  return existsSync(emitted) ? emitted : join(REPOSITORY_ROOT, 'staticwebapp.config.json');
}

export interface LocalProductOptions {
  port: number;
  dataDir: string;
  /** Serve the built SPA from web/dist (default true). */
  serveWeb?: boolean;
  seed?: boolean;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Port of the local payment sandbox (default: any free port). */
  paymentSandboxPort?: number;
  /** How the demo data is seeded (see `SeedOptions`). */
  seedOptions?: SeedOptions;
}

export interface RunningProduct {
  url: string;
  services: Deps;
  seeded: boolean;
  /** The local stand-in for VNPay; absent when real VNPay settings were given. */
  paymentSandbox?: PaymentSandbox;
  /** Where the demo landlord's SePay and Casso keys are (absent without demo data). */
  bankFeedKeys?: DemoBankFeedKeys;
  stop(): Promise<void>;
}

/** The whole product on one machine: Azurite, the embedded store, the functions and the SPA. */
export async function startLocalProduct(options: LocalProductOptions): Promise<RunningProduct> {
  const azurite = await startAzurite({ location: join(options.dataDir, 'azurite') });
  const origin = `http://localhost:${options.port}`;
  const env = options.env ?? process.env;
  // Real VNPay settings (its own sandbox) take the same code path; without them the local sandbox stands in.
  const paymentSandbox =
    env.VNPAY_TMN_CODE && env.VNPAY_HASH_SECRET
      ? undefined
      : await startPaymentSandbox({
          ...localSandboxMerchant(options.dataDir),
          ipnUrl: `${origin}/api/Payment/VNPayIPN`,
          ...(options.paymentSandboxPort === undefined ? {} : { port: options.paymentSandboxPort }),
        });
  const config = loadConfig({
    ...env,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    AZURITE_BLOB_PORT: String(azurite.port),
    WEB_ORIGIN: origin,
    ...(paymentSandbox ? { VNPAY_HOST: paymentSandbox.url } : {}),
  });
  const services = await createDeps(config);
  useDeps(services);
  await services.blobs.ensureContainers();
  await allowBrowserOrigin(azurite.accountUrl, `${origin},http://127.0.0.1:${options.port}`);
  const seeded = options.seed === false ? false : await seedDemoData(services, options.seedOptions);
  const bankFeedKeys = await connectDemoBankFeeds(services, options.dataDir);
  const server: Server = await createLocalHost({
    ...(options.serveWeb === false
      ? {}
      : {
          staticDir: WEB_DIST,
          staticConfigFile: staticWebAppConfigFile(),
        }),
    maxBodyBytes: config.maxBodyBytes,
    extraConnectOrigins: [`http://127.0.0.1:${azurite.port}`],
    enableDevRoutes: true,
    ...(options.log ? { log: options.log } : {}),
  });
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(options.port, '0.0.0.0', () => resolveListen());
    });
  } catch (error) {
    await closeDeps();
    await paymentSandbox?.stop();
    await azurite.stop();
    throw error;
  }
  return {
    url: origin,
    services,
    seeded,
    ...(paymentSandbox ? { paymentSandbox } : {}),
    ...(bankFeedKeys ? { bankFeedKeys } : {}),
    async stop() {
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      await closeDeps();
      await paymentSandbox?.stop();
      await azurite.stop();
    },
  };
}
