import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Download,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser server of tests/e2e/globalSetup.ts, shared by the browser test files. */
    browserWSEndpoint?: string;
  }
}

/** Screenshots and other artefacts of browser tests. */
export const TEST_OUTPUT = resolve(import.meta.dirname, '../../test-results/e2e');

function chromiumPath(): string | undefined {
  return [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].find((path): path is string => Boolean(path && existsSync(path)));
}

function launchOptions(): LaunchOptions {
  const executablePath = chromiumPath();
  return {
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // Vietnamese UI language: date inputs show dd/mm/yyyy, as the app's users see them.
      '--lang=vi',
    ],
  };
}

/** A Chromium of this test file's own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/** One Chromium for the whole browser tier (tests/e2e/globalSetup.ts); test files connect to it. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}

/**
 * The Chromium shared by the browser test files (started once by tests/e2e/globalSetup.ts), or one of
 * this file's own when there is none. Closing it closes this file's contexts and disconnects.
 * Connected remotely, a download has no `path()`: read it with `downloadedBytes`.
 */
export async function sharedBrowser(): Promise<Browser> {
  let endpoint: string | undefined;
  try {
    endpoint = inject('browserWSEndpoint');
  } catch {
    // not inside a vitest worker
  }
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

/** The bytes of a finished download (also when the browser is connected remotely). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

type Viewport = keyof typeof VIEWPORTS;

function newContext(browser: Browser, baseURL: string, viewport: Viewport): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    ...(viewport === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, baseURL, viewport);
  const page = await context.newPage();
  return { context, page };
}

let workerBrowser: Promise<Browser> | undefined;
const workerContexts = new Map<string, Promise<BrowserContext>>();

/**
 * Clean pages without a new browser context for each: one context per viewport is kept for the whole
 * worker (with the shared Chromium, across test files: vitest `isolate: false`). `open` clears its
 * cookies and gives a new tab (so an empty sessionStorage) on the app's origin whose localStorage holds
 * exactly `localStorage`; `closePages` closes every tab (after each test, or after the file for a page
 * kept through its tests). Only the HTTP cache carries over: the app's scripts (immutable, hashed
 * names) are not fetched and compiled again as in a fresh context (about 1.5 s of CPU each).
 * One tab per viewport at a time, as the tabs of a context share their localStorage: a test needing a
 * second session on the same viewport, or changing the context (offline, routes, init scripts), uses
 * `newPage`.
 */
export function cleanPages(baseURL: string) {
  function contextFor(viewport: Viewport): Promise<BrowserContext> {
    const key = `${viewport} ${baseURL}`;
    let opening = workerContexts.get(key);
    if (!opening) {
      workerBrowser ??= sharedBrowser();
      opening = workerBrowser.then((browser) => newContext(browser, baseURL, viewport));
      workerContexts.set(key, opening);
    }
    return opening;
  }
  return {
    async open(
      viewport: Viewport = 'desktop',
      localStorage: Record<string, string> = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await contextFor(viewport);
      if (context.pages().length > 0) {
        throw new Error(`a ${viewport} page is still open: close it first, or use newPage for a second one`);
      }
      await context.clearCookies();
      const page = await context.newPage();
      await page.goto('/favicon.svg');
      await page.evaluate((entries) => {
        window.localStorage.clear();
        window.sessionStorage.clear();
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, localStorage);
      return { context, page };
    },
    /** Closes every page opened here. */
    async closePages(): Promise<void> {
      for (const [key, opening] of workerContexts) {
        if (!key.endsWith(` ${baseURL}`)) continue;
        const context = await opening;
        await Promise.all(context.pages().map((left) => left.close()));
      }
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  const path = join(TEST_OUTPUT, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * Screenshots no test reads, taken for people to look at the screens (test-results/e2e), are saved
 * only when asked for: `E2E_SCREENSHOTS=1 npm test -- tests/e2e`. (A PNG costs 0.1–0.2 s.)
 */
export const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** `screenshot` when SAVE_SCREENSHOTS: a picture of the screen for people, which no test reads. */
export async function pictureFor(page: Page, name: string): Promise<void> {
  if (SAVE_SCREENSHOTS) await screenshot(page, name);
}
