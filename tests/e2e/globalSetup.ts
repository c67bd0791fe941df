import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../support/browser.js';
import { startTestProduct, type TestProduct } from '../support/product.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let product: TestProduct | undefined;
let browserServer: BrowserServer | undefined;

/**
 * One product for the browser tests (built SPA + API + Azurite + fresh demo data: see
 * `startTestProduct`) and one Chromium that the test files connect to
 * (`sharedBrowser()`) instead of each starting its own.
 */
export async function setup(project: TestProject): Promise<void> {
  const [started, server] = await Promise.all([startTestProduct({ serveWeb: true }), launchBrowserServer()]);
  product = started;
  browserServer = server;
  project.provide('baseURL', product.url);
  project.provide('browserWSEndpoint', browserServer.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await Promise.all([product?.stop(), browserServer?.close()]);
}
