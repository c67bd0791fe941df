import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCosmosProduct, writesIn, type CosmosProduct } from '../support/cosmosProduct.js';
import { firstLoads, send, type FirstLoad } from '../support/firstLoads.js';
import { apiClient, DEMO_PASSWORDS } from '../support/product.js';

/**
 * Round trips to Cosmos DB per request, counted at the Cosmos test server (issue 25): no write on a GET,
 * and no request above today's count (`maxRoundTrips`), so a change that adds one fails here. The issue's
 * goals (a read of a list or an entity 2, authentication included, the dashboard 3) are printed beside;
 * docs/performance.md says which are met.
 */
let product: CosmosProduct;
let loads: FirstLoad[];

beforeAll(async () => {
  product = await startCosmosProduct();
  loads = await firstLoads(product.url);
}, 120_000);

afterAll(async () => {
  await product?.stop();
});

describe('round trips to Cosmos DB per request', () => {
  it('stays within the limits, with no write on a GET', async () => {
    const rows: Record<
      string,
      { status: number; roundTrips: number; writes: number; limit: number; goal: number }
    > = {};
    for (const load of loads) {
      // The first call warms what a running instance keeps (the client's container metadata); its
      // writes count too (a GET that writes once, on its first call, still writes on a GET).
      product.reset();
      await send(product.url, load);
      const firstWrites = writesIn(product.calls);
      product.reset();
      const status = await send(product.url, load);
      const calls = [...product.calls];
      if (process.env.SHOW_COSMOS_CALLS) console.log(load.name, calls);
      rows[load.name] = {
        status,
        roundTrips: calls.length,
        writes: Math.max(firstWrites, writesIn(calls)),
        limit: load.maxRoundTrips,
        goal: load.goal,
      };
    }
    console.table(rows);
    for (const load of loads) {
      const row = rows[load.name];
      expect(row?.status, load.name).toBe(load.status);
      expect(row?.roundTrips, load.name).toBeLessThanOrEqual(load.maxRoundTrips);
      if (load.method === 'GET') expect(row?.writes, load.name).toBe(0);
    }
  }, 120_000);

  it('reads one contract with its room in one query, and only for those who may see it', async () => {
    const api = apiClient(product.url);
    const [landlord, tenant, other] = await Promise.all(
      ['chunha', 'nguoithue', 'chunha2'].map((name) => api.login(name, DEMO_PASSWORDS[name] ?? '')),
    );
    const path = `/odata/Contract/${tenant?.contractID ?? ''}?$expand=room,renterRepresentative,lesseeInfors,vehicles`;
    const own = await api.request<Record<string, unknown>>('GET', path, {
      token: landlord?.token.accessToken,
    });
    expect(own.status).toBe(200);
    expect(own.body.room).toMatchObject({ roomID: tenant?.roomID });
    expect(JSON.stringify(own.body)).not.toContain('contractIDs');
    const tenants = await api.request('GET', path, { token: tenant?.token.accessToken });
    expect(tenants.body).toEqual(own.body);
    const outsider = await api.request('GET', path, { token: other?.token.accessToken });
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain(tenant?.roomID ?? '-');
  }, 60_000);
  it('a room’s and a contract’s requests that name their house take 2 round trips', async () => {
    const api = apiClient(product.url);
    const [landlord, tenant] = await Promise.all(
      ['chunha', 'nguoithue'].map((name) => api.login(name, DEMO_PASSWORDS[name] ?? '')),
    );
    const [roomID, contractID] = [tenant?.roomID ?? '', tenant?.contractID ?? ''];
    const houseID = tenant?.houseID ?? '';
    const count = async (token: string | undefined, path: string) => {
      await api.request('GET', path, { token });
      product.reset();
      const reply = await api.request('GET', path, { token });
      expect(reply.status, path).toBe(200);
      return product.calls.length;
    };
    const asLandlord = landlord?.token.accessToken;
    const named: Array<[string, string, number, number]> = [
      // request, what the page adds, round trips with it (the goal), without it (a lookup first)
      [`/api/Debt/Contract?contractID=${contractID}`, `&houseID=${houseID}`, 2, 3],
      [`/api/Handover?contractID=${contractID}`, `&houseID=${houseID}&roomID=${roomID}`, 2, 3],
      [`/odata/Bill?roomID=${roomID}&$count=true&$top=3`, `&houseID=${houseID}`, 2, 3],
      [`/odata/OneTimeCharge?roomID=${roomID}`, `&houseID=${houseID}`, 2, 3],
      [
        `/odata/Room?roomID=${roomID}&$select=roomID&$expand=contracts,lesseeInfos`,
        `&houseID=${houseID}`,
        2,
        4,
      ],
    ];
    for (const [path, hint, withIt, without] of named) {
      expect(await count(asLandlord, path + hint), path + hint).toBe(withIt);
      expect(await count(asLandlord, path), path).toBe(without);
    }
    // The plan's parts the pages ask for: the banner of every page reads only the account it
    // authenticated with, the dashboard's line the rooms used too; a part not known is a 400.
    expect(await count(asLandlord, '/api/User/AccountPlan?part=term')).toBe(1);
    expect(await count(asLandlord, '/api/User/AccountPlan?part=quota')).toBe(2);
    expect(await count(asLandlord, '/api/User/AccountPlan')).toBe(3);
    const unknown = await api.request<{ errorMessage?: string }>('GET', '/api/User/AccountPlan?part=all', {
      token: asLandlord,
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('part chỉ nhận term hoặc quota');
    // A tenant's own contract and room come from their account: no house to name.
    const asTenant = tenant?.token.accessToken;
    expect(await count(asTenant, `/api/Debt/Contract?contractID=${contractID}`)).toBe(2);
    expect(await count(asTenant, `/api/Handover?contractID=${contractID}`)).toBe(2);
    // The contracts page's own list, as web/src/features/contracts asks it: the account, then the list
    // with its rooms and representatives in one query (useCases/contracts/housePage.ts).
    const spaList = (filter: string) =>
      `/odata/Contract?HouseID=${houseID}${filter}&$orderby=startDate%20desc&$expand=room,renterRepresentative&$count=true&$top=20&$skip=0`;
    for (const filter of ['', '&$filter=status%20eq%201', `&roomID=${roomID}`]) {
      expect(await count(asLandlord, spaList(filter)), filter).toBe(2);
    }
    const listed = await api.request<{ value: Array<Record<string, unknown>> }>('GET', spaList(''), {
      token: asLandlord,
    });
    expect(listed.body.value.find((row) => row.contractID === contractID)).toMatchObject({
      room: { roomID },
      renterRepresentative: { lesseeInfoID: expect.any(String) },
    });
  }, 60_000);
});
