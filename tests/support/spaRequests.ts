import type { Browser } from 'playwright-core';
import type { CosmosProduct } from './cosmosProduct.js';
import { estimatedRU, writesIn } from './cosmosProduct.js';
import { DEMO_PASSWORDS } from './product.js';
import { storedSessionFor } from './ui.js';

/**
 * Every request the SPA makes on the first load of each main page, as a browser loads it, and the round
 * trips each costs on Cosmos DB (issue 25). `firstLoads.ts` lists one request per page, chosen by hand;
 * this loads the pages in Chromium against the product on the Cosmos test server, records what the
 * pages ask, then sends each request again alone (after one warm-up send) and counts the test server's
 * calls. Used by tests/e2e/spaRoundTrips.test.ts (which holds the counts) and `npm run bench`.
 */

export interface SpaPage {
  name: string;
  who: 'chunha' | 'chunha2' | 'nhanvien' | 'nguoithue';
  path: (ids: DemoIDs) => string;
  /** The house the page is on (a tenant's: their own). */
  houseName?: string;
}

interface DemoIDs {
  roomID: string;
  contractID: string;
}

// chunha's pages open on Hoa Sen (the tenant's house: rooms, a contract, occupants), chunha2's on Gò Vấp
// Xanh (four tenancies, last month's bills): the house a page opens on decides what it reads.
const HOA_SEN = 'Nhà trọ Hoa Sen';
const GO_VAP = 'Nhà trọ Gò Vấp Xanh';

export const SPA_PAGES: readonly SpaPage[] = [
  { name: 'dashboard', who: 'chunha', path: () => '/dashboard', houseName: HOA_SEN },
  { name: 'dashboard (billed house)', who: 'chunha2', path: () => '/dashboard', houseName: GO_VAP },
  { name: 'rooms', who: 'chunha', path: () => '/rooms', houseName: HOA_SEN },
  { name: 'one room', who: 'chunha', path: (ids) => `/rooms/${ids.roomID}`, houseName: HOA_SEN },
  { name: 'contracts', who: 'chunha', path: () => '/contracts', houseName: HOA_SEN },
  { name: 'contracts (4 tenancies)', who: 'chunha2', path: () => '/contracts', houseName: GO_VAP },
  { name: 'one contract', who: 'chunha', path: (ids) => `/contracts/${ids.contractID}`, houseName: HOA_SEN },
  { name: 'bills', who: 'chunha2', path: () => '/monthlyBills', houseName: GO_VAP },
  { name: 'meter round', who: 'chunha2', path: () => '/MeterRecord', houseName: GO_VAP },
  { name: 'lessees', who: 'chunha', path: () => '/lessees', houseName: HOA_SEN },
  { name: 'lessees (4 tenancies)', who: 'chunha2', path: () => '/lessees', houseName: GO_VAP },
  // Staff of Hoa Sen (nhanvien): the pages of a meter-reading day; their landlord's term is the banner's.
  { name: 'staff: dashboard', who: 'nhanvien', path: () => '/dashboard', houseName: HOA_SEN },
  { name: 'staff: meter round', who: 'nhanvien', path: () => '/MeterRecord', houseName: HOA_SEN },
  { name: 'tenant: room', who: 'nguoithue', path: () => '/lesseeRoomDetail' },
  { name: 'tenant: contract', who: 'nguoithue', path: () => '/lesseeContract' },
  { name: 'tenant: bills', who: 'nguoithue', path: () => '/lesseeBills' },
];

export interface SpaRequest {
  page: string;
  method: string;
  /** Path and query as sent. */
  url: string;
  /** The path with ids replaced by `{id}` and the query's values left out: what a limit is kept under. */
  shape: string;
  status: number;
  roundTrips: number;
  writes: number;
  /** Bytes the test server answered. */
  responseBytes: number;
  /** Request units, estimated from the documented costs of its calls (`estimatedRU`). */
  ru: number;
}

const API_PATH = /^\/(api|odata|ExcelExport|ExcelImport)\//i;
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Parameters whose value chooses what a request reads (the plan's `part`): kept in its shape. */
const VIEW_KEYS = new Set(['part']);

/** `GET /odata/Bill?roomID=…&$orderby=…` → `GET /odata/Bill?roomID&$orderby` (`…?part=term` kept). */
export function requestShape(method: string, url: string): string {
  const [path = '', query = ''] = url.split('?');
  const keys = [...new URLSearchParams(query).entries()].map(([key, value]) =>
    VIEW_KEYS.has(key) ? `${key}=${value}` : key,
  );
  return `${method} ${path.replace(ID, '{id}')}${keys.length > 0 ? `?${keys.join('&')}` : ''}`;
}

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

async function sendAlone(product: CosmosProduct, one: Seen): Promise<number> {
  const reply = await fetch(new URL(one.url, product.url), {
    method: one.method,
    headers: one.headers,
    ...(one.body !== null && one.method !== 'GET' ? { body: one.body } : {}),
  });
  await reply.arrayBuffer();
  return reply.status;
}

/** Loads each page in `browser` and measures each API request it made (GETs only: a page load reads). */
export async function spaRequests(product: CosmosProduct, browser: Browser): Promise<SpaRequest[]> {
  const sessions = {
    chunha: await storedSessionFor(product.url, 'chunha', DEMO_PASSWORDS.chunha ?? ''),
    chunha2: await storedSessionFor(product.url, 'chunha2', DEMO_PASSWORDS.chunha2 ?? ''),
    nhanvien: await storedSessionFor(product.url, 'nhanvien', DEMO_PASSWORDS.nhanvien ?? ''),
    nguoithue: await storedSessionFor(product.url, 'nguoithue', DEMO_PASSWORDS.nguoithue ?? ''),
  };
  const tenant = sessions.nguoithue;
  if (!tenant.roomID || !tenant.contractID) throw new Error('the demo tenant has no contract');
  const ids: DemoIDs = { roomID: tenant.roomID, contractID: tenant.contractID };
  const measured: SpaRequest[] = [];
  for (const spec of SPA_PAGES) {
    const stored = { ...sessions[spec.who] };
    const houses = JSON.parse(stored.houses ?? '[]') as Array<{ houseID: string; houseName: string }>;
    const house = houses.find((one) => one.houseName === spec.houseName);
    if (spec.houseName && !house) throw new Error(`${spec.who} has no house ${spec.houseName}`);
    if (house) stored.houseID = house.houseID;
    const context = await browser.newContext({
      baseURL: product.url,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    try {
      const page = await context.newPage();
      await page.goto('/favicon.svg');
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, stored);
      const seen: Seen[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!API_PATH.test(url.pathname) || request.method() !== 'GET') return;
        const headers: Record<string, string> = {};
        const authorization = request.headers().authorization;
        if (authorization) headers.authorization = authorization;
        seen.push({ method: request.method(), url: url.pathname + url.search, headers, body: null });
      });
      await page.goto(spec.path(ids));
      await page.waitForLoadState('networkidle');
      for (const one of seen) {
        await sendAlone(product, one);
        product.reset();
        const status = await sendAlone(product, one);
        const calls = [...product.calls];
        if (process.env.SHOW_COSMOS_CALLS) {
          console.log(
            `${one.url}\n${calls.map((c) => `  ${c.kind} ${c.path.split('?')[0]} ${c.partition}`).join('\n')}`,
          );
        }
        measured.push({
          page: spec.name,
          method: one.method,
          url: one.url,
          shape: requestShape(one.method, one.url),
          status,
          roundTrips: calls.length,
          writes: writesIn(calls),
          responseBytes: calls.reduce((sum, call) => sum + call.responseBytes, 0),
          ru: estimatedRU(calls),
        });
      }
    } finally {
      await context.close();
    }
  }
  return measured;
}
