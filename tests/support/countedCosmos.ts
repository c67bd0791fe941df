import { randomUUID } from 'node:crypto';
import { openCosmosStore } from '../../api/src/store/cosmos.js';
import type { Store } from '../../api/src/store/store.js';
import { vnpayGateway } from '../../api/src/paymentGateway/vnpay.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { startCosmosServer } from '../store/cosmosServer.js';
import { callRecorder, type CosmosCall } from './cosmosProduct.js';
import { MemoryBlobStorage } from './memoryBlobStorage.js';
import { TEST_VNPAY, testConfig } from './useCaseHarness.js';

/** Use-case dependencies on `store`: in-memory blobs, the sandbox gateway and a clock stopped at `now`. */
export function depsOn(store: Store, now: Date): Deps {
  return {
    config: testConfig(),
    store,
    blobs: new MemoryBlobStorage(() => now),
    payments: vnpayGateway(TEST_VNPAY),
    now: () => now,
  };
}

/**
 * The Cosmos adapter on a fresh in-process test server (connections kept alive, as the SDK keeps them to
 * the gateway), each call it answers handed to `onCall`: what the use-case tier counts round trips and
 * request units with.
 */
export async function countedCosmosStore(
  onCall: (call: CosmosCall) => void,
): Promise<{ store: Store; close: () => Promise<void> }> {
  const server = await startCosmosServer({ keepAlive: true, onRequest: callRecorder(onCall) });
  const store = await openCosmosStore({
    endpoint: server.endpoint,
    key: server.key,
    database: `counted-${randomUUID()}`,
    allowInsecureTls: true,
  });
  return {
    store,
    close: async () => {
      await store.close();
      await server.close();
    },
  };
}
