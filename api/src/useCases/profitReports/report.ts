import {
  DEFAULT_RENT_TAX_THRESHOLD,
  type ProfitReport,
  type ProfitReportQuery,
  type RentTaxThreshold,
  type RentTaxThresholdInput,
} from '@nhatro/common';
import { assertExpenseKeeper } from '../../domain/expenses.js';
import {
  combineMonths,
  houseMonths,
  houseTotal,
  rentTaxStatus,
  yearTotals,
  type HouseBooks,
} from '../../domain/profitReports.js';
import { accessibleHousesQuery, requireSuperAdmin } from '../../domain/shared/access.js';
import type { ExpenseDoc, HouseDoc, MonthlyBillDoc, OneTimeChargeDoc } from '../../domain/shared/model.js';
import { LEVEL } from '@nhatro/common';
import { audit, type Actor } from '../shared/actor.js';
import type { Deps } from '../shared/deps.js';
import { authorizeHouse, houseDocs, listInHouse } from '../shared/houseScope.js';
import { readPlatformSettings, writePlatformSettings } from '../shared/platformSettings.js';
import { queryAll } from '../shared/queryAll.js';

/**
 * The profit report of a house or of every house the caller keeps, and the tax threshold a household
 * renting out rooms is measured against (a platform setting the super admin keeps).
 */

export async function readRentTaxThreshold(deps: Deps): Promise<RentTaxThreshold> {
  return (await readPlatformSettings(deps))?.rentTaxThreshold ?? DEFAULT_RENT_TAX_THRESHOLD;
}

export async function getRentTaxThreshold(actor: Actor): Promise<RentTaxThreshold> {
  requireSuperAdmin(actor.user, LEVEL.read);
  return readRentTaxThreshold(actor.deps);
}

export async function setRentTaxThreshold(
  actor: Actor,
  input: RentTaxThresholdInput,
): Promise<RentTaxThreshold> {
  requireSuperAdmin(actor.user, LEVEL.update);
  await writePlatformSettings(actor.deps, actor.user.userID, { rentTaxThreshold: input });
  await audit(actor, { action: 'update', entity: 'rentTaxThreshold', entityID: 'settings' });
  return input;
}

async function booksOf(deps: Deps, house: HouseDoc, year: number): Promise<HouseBooks> {
  const [bills, charges, expenses] = await Promise.all([
    listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill'),
    listInHouse<OneTimeChargeDoc>(deps, house.houseID, 'oneTimeCharge'),
    listInHouse<ExpenseDoc>(deps, house.houseID, 'expense', {
      op: 'and',
      items: [
        { op: 'ge', field: 'date', value: `${year}-01-01` },
        { op: 'le', field: 'date', value: `${year}-12-31` },
      ],
    }),
  ]);
  return { house, bills, charges, expenses };
}

/** Every house the caller keeps, by name. */
async function callersHouses(actor: Actor): Promise<HouseDoc[]> {
  const query = accessibleHousesQuery(actor.user);
  if (!query) return [];
  return queryAll(houseDocs<HouseDoc>(actor.deps), { ...query, orderBy: { field: 'houseName' } });
}

/**
 * One house's year (`houseID`) or every house's together. The tax status always measures the
 * household: every house the caller keeps (a landlord's houses are one household's income).
 */
export async function getProfitReport(actor: Actor, query: ProfitReportQuery): Promise<ProfitReport> {
  assertExpenseKeeper(actor.user);
  const { deps } = actor;
  const chosen =
    query.houseID === undefined ? undefined : await authorizeHouse(deps, actor.user, query.houseID);
  const houses = await callersHouses(actor);
  if (chosen && !houses.some((house) => house.houseID === chosen.houseID)) houses.push(chosen);
  const books = await Promise.all(houses.map((house) => booksOf(deps, house, query.year)));
  const perHouse = books.map((book) => ({ book, months: houseMonths(book, query.year) }));
  const shown = chosen ? perHouse.filter(({ book }) => book.house.houseID === chosen.houseID) : perHouse;
  const months = combineMonths(
    shown.map(({ months: houseMonthsOfYear }) => houseMonthsOfYear),
    query.year,
  );
  const household = yearTotals(
    combineMonths(
      perHouse.map((entry) => entry.months),
      query.year,
    ),
  );
  const threshold = await readRentTaxThreshold(deps);
  return {
    year: query.year,
    ...(chosen ? { houseID: chosen.houseID } : {}),
    houses: perHouse.map(({ book, months: houseMonthsOfYear }) => houseTotal(book, houseMonthsOfYear)),
    months,
    totals: yearTotals(months),
    tax: rentTaxStatus(
      threshold,
      query.year,
      household.received,
      chosen ? yearTotals(months).received : undefined,
    ),
  };
}
