import { describe } from 'vitest';
import { startCosmosProduct } from './cosmosProduct.js';
import { startTestProduct } from './product.js';

/** The product on the local store or on the Cosmos adapter (the Cosmos test server). */
export type ProductOnAStore =
  Awaited<ReturnType<typeof startCosmosProduct>> | Awaited<ReturnType<typeof startTestProduct>>;

/**
 * The same suite twice: `define(start)` inside a `describe` on the local store, then on the Cosmos
 * adapter, `start` starting that product.
 */
export function onBothStores(define: (start: () => Promise<ProductOnAStore>) => void): void {
  describe('on the local store', () => define(() => startTestProduct()));
  describe('on the Cosmos adapter', () => define(() => startCosmosProduct()));
}
