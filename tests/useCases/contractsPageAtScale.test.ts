import { CONTRACT_STATUS } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractDoc, HouseDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { CONTRACT_MODEL } from '../../api/src/domain/shared/odata/model.js';
import { openSqliteStore } from '../../api/src/store/sqlite.js';
import type { Store } from '../../api/src/store/store.js';
import { listContracts } from '../../api/src/useCases/contracts/reading.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { recordOwnedHouse } from '../../api/src/useCases/shared/houseRights.js';
import { aHouse, aLandlord, aRoom } from '../support/builders.js';
import { estimatedRU, type CosmosCall } from '../support/cosmosProduct.js';
import { aReachableTenancy } from '../support/notificationBuilders.js';
import { actorFor, odata } from '../support/useCaseHarness.js';
import { countedCosmosStore, depsOn } from '../support/countedCosmos.js';

/**
 * What the contracts page reads on Cosmos DB (the test server counts the calls and their bytes), the
 * store's paged query (`readAlong: false`) beside the list read with its rooms and representatives
 * (useCases/contracts/housePage.ts): on a house the size of the demo's (4 rooms, one tenancy ended
 * each) and on a 60-room house three years on (three tenancies ended per room before the current one,
 * their contracts and representatives still in the partition). docs/performance.md keeps the figures.
 */

const NOW = new Date('2026-11-20T03:00:00Z');
const SPA_PAGE = '$orderby=startDate desc&$expand=room,renterRepresentative&$count=true&$top=20';
const EVERY_EXPAND =
  '$top=50&$count=true&$expand=room,renterRepresentative,lesseeInfors,vehicles,contractServices,lessorInfo';

let cosmos: Awaited<ReturnType<typeof countedCosmosStore>> | undefined;
let store: Store;
let deps: Deps;
let calls: CosmosCall[] = [];

async function aHouseWithHistory(
  deps: Deps,
  rooms: number,
  endedPerRoom: number,
): Promise<{ house: HouseDoc; landlord: UserDoc }> {
  const owner = await aLandlord(deps);
  const house = await aHouse(deps, owner, { houseName: `Nhà trọ ${rooms} phòng` });
  await recordOwnedHouse(deps, owner.userID, house.houseID);
  for (let index = 0; index < rooms; index += 1) {
    const roomName = `P${String(101 + index)}`;
    const room = await aRoom(deps, house, { roomName });
    for (let ended = 0; ended < endedPerRoom; ended += 1) {
      const old = await aReachableTenancy(deps, house, room, { name: `Người thuê cũ ${roomName}.${ended}` });
      await houseDocs<ContractDoc>(deps).replace({
        ...old.contract,
        startDate: `${2023 + ended}-0${(index % 9) + 1}-01`,
        endDate: `${2023 + ended}-12-31`,
        status: CONTRACT_STATUS.expired,
      });
    }
    await aReachableTenancy(deps, house, room, { name: `Người thuê ${roomName}` });
  }
  const landlord = (await deps.store.container<UserDoc>('users').read(owner.userID, owner.userID)) as UserDoc;
  return { house, landlord };
}

beforeAll(async () => {
  cosmos = await countedCosmosStore((call) => calls.push(call));
  store = cosmos.store;
  deps = depsOn(store, NOW);
}, 60_000);

afterAll(async () => {
  await cosmos?.close();
});

function measured(seen: CosmosCall[]) {
  return {
    queries: seen.length,
    KB: Math.round(seen.reduce((sum, call) => sum + call.responseBytes, 0) / 102.4) / 10,
    RU: Math.round(estimatedRU(seen) * 10) / 10,
  };
}

describe('the contracts page on Cosmos DB, as the house fills', () => {
  it('reads the first page with its rooms and representatives in one query; prints what each way reads', async () => {
    const demo = await aHouseWithHistory(deps, 4, 1);
    const full = await aHouseWithHistory(deps, 60, 3);
    const rows: Record<string, Record<string, number | string>> = {};
    for (const [name, { house, landlord }, params, along] of [
      ['demo-sized house (4 rooms), first page', demo, SPA_PAGE, 1],
      ['60 rooms, 3 years, first page', full, SPA_PAGE, 1],
      ['60 rooms, 3 years, page 11 (ended tenancies)', full, `${SPA_PAGE}&$skip=200`, 1],
      ['60 rooms, 3 years, every expand, top 50', full, EVERY_EXPAND, 3],
    ] as const) {
      const actor = actorFor(deps, landlord);
      const scope = { houseID: house.houseID };
      const query = odata(CONTRACT_MODEL, params);
      calls = [];
      const paged = await listContracts(actor, scope, query, { readAlong: false });
      const before = measured(calls);
      calls = [];
      const read = await listContracts(actor, scope, query);
      const now = measured(calls);
      expect(read, name).toEqual(paged);
      expect(now.queries, name).toBe(along);
      rows[name] = {
        'store’s paged query: queries': before.queries,
        KB: before.KB,
        RU: before.RU,
        'read along: queries': now.queries,
        'KB ': now.KB,
        'RU ': now.RU,
      };
    }
    console.table(rows);
  }, 300_000);
});

describe('the contracts page on the local store, as the house fills', () => {
  it('prints the CPU time of the first page each way (the same reply)', async () => {
    const local: Deps = { ...deps, store: openSqliteStore({ file: ':memory:' }) };
    try {
      const { house, landlord } = await aHouseWithHistory(local, 60, 3);
      const actor = actorFor(local, landlord);
      const query = odata(CONTRACT_MODEL, SPA_PAGE);
      const scope = { houseID: house.houseID };
      const rows: Record<string, Record<string, number>> = {};
      for (const [name, options] of [
        ['store’s paged query', { readAlong: false }],
        ['read along', {}],
      ] as const) {
        for (let i = 0; i < 20; i += 1) await listContracts(actor, scope, query, options);
        const started = process.cpuUsage();
        for (let i = 0; i < 200; i += 1) await listContracts(actor, scope, query, options);
        const used = process.cpuUsage(started);
        rows[name] = { 'CPU ms a page': Math.round((used.user + used.system) / 200 / 10) / 100 };
      }
      console.table(rows);
      expect(await listContracts(actor, scope, query)).toEqual(
        await listContracts(actor, scope, query, { readAlong: false }),
      );
    } finally {
      await local.store.close();
    }
  }, 300_000);
});
