import type { Store } from './store.js';

export * from './store.js';

export interface StoreConfig {
  /** Folder of the embedded SQLite file; used when no Cosmos endpoint is configured. */
  dataDir: string;
  cosmos?: {
    endpoint: string;
    database: string;
    /** Account key for emulators; omitted in Azure, where the managed identity is used. */
    key?: string;
    /** Accept a self-signed certificate (local Cosmos test server only). */
    allowInsecureTls?: boolean;
  };
}

/** The embedded store's SQLite file in a data folder. */
export function embeddedStoreFile(dataDir: string): string {
  return `${dataDir}/nhatro.sqlite`;
}

/** Picks the adapter once at start-up from configuration. */
export async function openStore(config: StoreConfig): Promise<Store> {
  if (config.cosmos) {
    const { openCosmosStore } = await import('./cosmos.js');
    return openCosmosStore(config.cosmos);
  }
  const { openSqliteStore } = await import('./sqlite.js');
  return openSqliteStore({ file: embeddedStoreFile(config.dataDir) });
}
