import type { AppConfig } from '../../config/index.js';
import type { Store } from '../../store/store.js';
import type { BlobStorage } from '../../blob/blobStorage.js';
import type { PaymentGateway } from '../../paymentGateway/gateway.js';

/** What every handler needs from the outside world, created once per process. */
export interface Deps {
  config: AppConfig;
  store: Store;
  blobs: BlobStorage;
  /** The online payment gateway; absent when it is not configured (payment URLs then say so). */
  payments?: PaymentGateway;
  now: () => Date;
}
