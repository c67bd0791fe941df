import type { TestProject } from 'vitest/node';
import { startTestProduct, type TestProduct } from '../support/product.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let product: TestProduct | undefined;

/** One product for the browser tests: built SPA + API + Azurite + fresh demo data. */
export async function setup(project: TestProject): Promise<void> {
  product = await startTestProduct({ serveWeb: true });
  project.provide('baseURL', product.url);
}

export async function teardown(): Promise<void> {
  await product?.stop();
}
