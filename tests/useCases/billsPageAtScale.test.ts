import { BILL_STATUS, CONTRACT_STATUS, houseMonthBillsQuerySchema } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractDoc, HouseDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import type { Store } from '../../api/src/store/store.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { recordOwnedHouse } from '../../api/src/useCases/shared/houseRights.js';
import { listHouseMonthBills } from '../../api/src/useCases/monthlyBills/houseMonth.js';
import { remindBillTenants } from '../../api/src/useCases/monthlyBills/reminders.js';
import { estimatedRU } from '../support/cosmosProduct.js';
import { aMonthlyBill, anIssuedTicket } from '../support/billBuilders.js';
import { aHouse, aLandlord, aRoom } from '../support/builders.js';
import { type CosmosCall } from '../support/cosmosProduct.js';
import { aReachableTenancy } from '../support/notificationBuilders.js';
import { actorFor } from '../support/useCaseHarness.js';
import { countedCosmosStore, depsOn } from '../support/countedCosmos.js';

/**
 * The bills page of a full house after two years, on the Cosmos adapter (the Cosmos test server counts
 * the calls and their bytes): 60 rooms let, 120 tenancies ended before (their contracts and
 * representatives still in the house's partition), last month's and this month's bills issued. The
 * demo house of tests/api/cosmosRoundTrips.test.ts has four rooms; this shows the page's query stays one
 * as the house fills and what it reads to stay one (docs/performance.md).
 */

const NOW = new Date('2026-11-20T03:00:00Z');
const THIS_MONTH = '2026-11';
const LAST_MONTH = '2026-10';
const ROOMS = 60;
const ENDED_PER_ROOM = 2;

let cosmos: Awaited<ReturnType<typeof countedCosmosStore>> | undefined;
let store: Store;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let calls: CosmosCall[] = [];

beforeAll(async () => {
  cosmos = await countedCosmosStore((call) => calls.push(call));
  store = cosmos.store;
  deps = depsOn(store, NOW);
  const owner = await aLandlord(deps);
  house = await aHouse(deps, owner, { houseName: 'Nhà trọ Thủ Đức' });
  await recordOwnedHouse(deps, owner.userID, house.houseID);
  landlord = (await store.container<UserDoc>('users').read(owner.userID, owner.userID)) as UserDoc;
  for (let index = 0; index < ROOMS; index += 1) {
    const roomName = `P${String(101 + index)}`;
    const room = await aRoom(deps, house, { roomName });
    for (let ended = 0; ended < ENDED_PER_ROOM; ended += 1) {
      const old = await aReachableTenancy(deps, house, room, { name: `Người thuê cũ ${roomName}.${ended}` });
      await houseDocs<ContractDoc>(deps).replace({
        ...old.contract,
        status: CONTRACT_STATUS.terminated,
        terminatedOn: `2025-0${ended + 1}-28`,
      });
      await aMonthlyBill(deps, old.contract, {
        month: `2025-0${ended + 1}`,
        billName: `Hóa đơn tháng 0${ended + 1}/2025 – ${roomName}`,
        dueDate: `2025-0${ended + 1}-25`,
        paidAmount: 2_620_000,
        status: BILL_STATUS.paid,
      });
    }
    const { contract } = await aReachableTenancy(deps, house, room, { name: `Người thuê ${roomName}` });
    for (const month of [LAST_MONTH, THIS_MONTH]) {
      await aMonthlyBill(deps, contract, {
        month,
        billName: `Hóa đơn tháng ${month.slice(5)}/${month.slice(0, 4)} – ${roomName}`,
        dueDate: `${month}-25`,
      });
    }
  }
  await anIssuedTicket(deps, house, LAST_MONTH);
  await anIssuedTicket(deps, house, THIS_MONTH);
  await remindBillTenants(actorFor(deps, landlord), { houseID: house.houseID, month: THIS_MONTH });
}, 300_000);

afterAll(async () => {
  await cosmos?.close();
});

describe('the bills page of a full house, two years on, on Cosmos DB', () => {
  it('reads the month and its rows in one query, whether the month is named or not', async () => {
    const rows: Record<string, Record<string, number>> = {};
    for (const [name, params] of [
      ['no month named', {}],
      ['this month named', { month: THIS_MONTH }],
      ['last month named', { month: LAST_MONTH }],
    ] as const) {
      const query = houseMonthBillsQuerySchema.parse({ houseID: house.houseID, ...params });
      calls = [];
      const page = await listHouseMonthBills(actorFor(deps, landlord), query);
      const seen = [...calls];
      rows[name] = {
        'round trips': seen.length,
        'KB returned': Math.round(seen.reduce((sum, call) => sum + call.responseBytes, 0) / 102.4) / 10,
        'RU (estimated)': Math.round(estimatedRU(seen) * 10) / 10,
        rows: page.value.length,
      };
      expect(page.count, name).toBe(ROOMS);
      expect(page.month, name).toBe(params.month ?? THIS_MONTH);
      expect(page.value.every((row) => row.tenantName?.startsWith('Người thuê P') && row.canRemind)).toBe(
        true,
      );
      expect(page.value.filter((row) => row.lastRemindedOn).length).toBe(
        page.month === THIS_MONTH ? page.value.length : 0,
      );
      // The rights come from the landlord's account: the use case's calls are the page's query alone.
      expect(
        seen.map((call) => call.kind),
        name,
      ).toEqual(['query']);
    }
    console.table(rows);
  }, 60_000);
});
