import type { DashboardReport } from '@nhatro/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstKeptMonth, monthFigures, totalsOf } from '../../api/src/domain/dashboardReport.js';
import type { MonthlyBillDoc, OneTimeChargeDoc, RoomDoc } from '../../api/src/domain/shared/model.js';
import { vietnamMonth } from '../../api/src/domain/shared/time.js';
import { houseDocs, listInHouse } from '../../api/src/useCases/shared/houseScope.js';
import { totalsOperation } from '../../api/src/useCases/shared/houseTotals.js';
import { aMonthlyBill } from '../support/billBuilders.js';
import { apiClient, startTestProduct, type TestProduct, accessTokens } from '../support/product.js';
import { expectError, expectFieldError, MSG } from './helpers.js';

/**
 * GET /odata/DashboardReport through the real handlers: who may read it, its shape, figures that
 * agree with the house's own bills and rooms, and a cash payment through the API moving them.
 */

let product: TestProduct;
let api: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
let houseID = '';
let bill: MonthlyBillDoc;

beforeAll(async () => {
  product = await startTestProduct();
  api = apiClient(product.url);
  const sessions = await api.loginDemoUsers(['chunha', 'chunha2', 'nhanvien', 'nguoithue']);
  Object.assign(token, accessTokens(sessions));
  const tenant = sessions.nguoithue;
  houseID = tenant?.houseID as string;
  bill = await aMonthlyBill(
    product.services,
    {
      houseID,
      roomID: tenant?.roomID as string,
      contractID: tenant?.contractID as string,
    },
    { month: vietnamMonth(new Date()) },
  );
  // Written by a builder, not a use case: the running totals move with it as a product write's batch would.
  await houseDocs(product.services).batch(houseID, [
    await totalsOperation(product.services, houseID, [{ after: bill }]),
  ]);
});
afterAll(() => product?.stop());

function report(user?: string, query = `houseID=${houseID}`) {
  return api.request<DashboardReport>('GET', `/odata/DashboardReport?${query}`, {
    ...(user ? { token: token[user] as string } : {}),
  });
}

async function expectedFromTheHouse() {
  const services = product.services;
  const [bills, charges, rooms] = await Promise.all([
    listInHouse<MonthlyBillDoc>(services, houseID, 'monthlyBill'),
    listInHouse<OneTimeChargeDoc>(services, houseID, 'oneTimeCharge'),
    listInHouse<RoomDoc>(services, houseID, 'room'),
  ]);
  const month = vietnamMonth(new Date());
  const months = totalsOf([...bills, ...charges], firstKeptMonth(new Date()));
  const count = (status: string) => rooms.filter((room) => room.status === status).length;
  return {
    thisMonth: monthFigures(months[month]),
    rooms: {
      total: rooms.length,
      empty: count('empty'),
      reserved: count('reserved'),
      occupied: count('occupied'),
    },
  };
}

describe('GET /odata/DashboardReport', () => {
  it("gives the landlord the house's figures, as its bills and rooms add up", async () => {
    const reply = await report('chunha');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const expected = await expectedFromTheHouse();
    expect(reply.body).toMatchObject({
      houseID,
      month: vietnamMonth(new Date()),
      thisMonth: expected.thisMonth,
      rooms: expected.rooms,
    });
    expect(reply.body.thisMonth.bills).toBeGreaterThanOrEqual(1);
    expect(reply.body.revenue).toHaveLength(12);
    expect(reply.body.revenue.at(-1)?.month).toBe(reply.body.month);
    expect(reply.body.contractsEnding.items.length).toBeLessThanOrEqual(reply.body.contractsEnding.count);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('a cash payment through the API moves this month’s paid and unpaid', async () => {
    const before = (await report('chunha')).body.thisMonth;
    const paid = await api.request('PATCH', `/odata/MonthlyBill/${bill.monthlyBillID}`, {
      token: token.chunha as string,
      body: { payment: { amount: 120_000 } },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const after = (await report('chunha')).body.thisMonth;
    expect(after).toEqual({ ...before, paid: before.paid + 120_000, unpaid: before.unpaid - 120_000 });
    expect(after).toEqual((await expectedFromTheHouse()).thisMonth);
  });

  it('staff of the house read it; a tenant is 403, another landlord 404, nobody signed in 401', async () => {
    expect((await report('nhanvien')).status).toBe(200);
    expectError(await report('nguoithue'), 403, MSG.forbidden);
    expectError(await report('chunha2'), 404, MSG.notFound);
    expectError(await report(), 401, MSG.unauthenticated);
  });

  it('a missing or malformed houseID is a 400 naming it', async () => {
    expectFieldError(await report('chunha', ''), 'houseID', 'Mã nhà trọ không hợp lệ.');
    expectFieldError(await report('chunha', 'HouseID=../x'), 'houseID', 'Mã nhà trọ không hợp lệ.');
  });
});
