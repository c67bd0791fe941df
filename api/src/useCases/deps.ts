import { loadConfig, type AppConfig } from '../config/index.js';
import { openStore, type Store } from '../store/index.js';
import { createBlobStorage, type BlobStorage } from '../blob/blobStorage.js';

/** What every handler needs from the outside world, created once per process. */
export interface Deps {
  config: AppConfig;
  store: Store;
  blobs: BlobStorage;
  now: () => Date;
}

let current: Promise<Deps> | undefined;

export function getDeps(): Promise<Deps> {
  current ??= createDeps(loadConfig());
  return current;
}

export async function createDeps(config: AppConfig): Promise<Deps> {
  const store = await openStore(config.store);
  return { config, store, blobs: createBlobStorage(config.blob), now: () => new Date() };
}

/** Replaces the process-wide services (the local host and tests configure them explicitly). */
export function useDeps(services: Deps): void {
  current = Promise.resolve(services);
}

export async function closeDeps(): Promise<void> {
  if (!current) return;
  const services = await current;
  current = undefined;
  await services.store.close();
}
