import type { BlobStorage } from '../blob/blobStorage.js';
import type { PaymentGateway } from '../paymentGateway/gateway.js';
import type { Container, ContainerName, Store, StoredDoc } from '../store/store.js';
import { tracedMethods } from '../telemetry/tracing.js';

/**
 * Decorators that give every call leaving the process a span (telemetry/tracing.ts), put around the
 * adapters where they are chosen (deps.ts), so neither the adapters nor the use cases know about
 * telemetry. Zalo, ACS and the Zalo token renewal are wrapped where their channels are made
 * (messaging/index.ts, useCases/zaloToken.ts).
 */

const CONTAINER_CALLS = [
  'read',
  'query',
  'count',
  'create',
  'replace',
  'upsert',
  'delete',
  'patch',
  'batch',
] as const satisfies readonly (keyof Container<StoredDoc>)[];

export function tracedStore(store: Store): Store {
  const containers = new Map<string, unknown>();
  return {
    get kind() {
      return store.kind;
    },
    container<T extends StoredDoc>(name: ContainerName): Container<T> {
      let traced = containers.get(name) as Container<T> | undefined;
      if (!traced) {
        traced = tracedMethods(store.container<T>(name), `${store.kind} ${name}`, CONTAINER_CALLS, {
          'db.system': store.kind === 'cosmos' ? 'cosmosdb' : 'sqlite',
          'db.collection.name': name,
        });
        containers.set(name, traced);
      }
      return traced;
    },
    version: () => store.version(),
    close: () => store.close(),
  };
}

export function tracedBlobs(blobs: BlobStorage): BlobStorage {
  return tracedMethods(blobs, 'blob', [
    'ensureContainers',
    'uploadSas',
    'readSas',
    'blobExists',
    'head',
    'upload',
    'download',
    'setContentType',
    'delete',
  ]);
}

export function tracedPayments(gateway: PaymentGateway): PaymentGateway {
  return tracedMethods(gateway, 'vnpay', ['paymentUrl', 'verifyCallback']);
}
