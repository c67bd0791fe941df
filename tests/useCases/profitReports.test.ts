import {
  DEFAULT_RENT_TAX_THRESHOLD,
  rentTaxThresholdSchema,
  type BillLine,
  type ProfitMonth,
} from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContractDoc, HouseDoc, UserDoc } from '../../api/src/domain/shared/model.js';
import { rentTaxStatus } from '../../api/src/domain/profitReports.js';
import { createExpense } from '../../api/src/useCases/expenses/crud.js';
import {
  getProfitReport,
  getRentTaxThreshold,
  setRentTaxThreshold,
} from '../../api/src/useCases/profitReports/report.js';
import { profitReportWorkbook } from '../../api/src/useCases/profitReports/workbook.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { loadExcel } from '../../api/src/useCases/shared/spreadsheets.js';
import { aMonthlyBill, aOneTimeCharge } from '../support/billBuilders.js';
import { aContract, aHouse, aLandlord, aLessee, aRoom, aStaff, aSuperAdmin } from '../support/builders.js';
import { actorFor, landlordWithHouse, refusal, type UseCaseHarness } from '../support/useCaseHarness.js';

/** The profit report: money received by the day it came, expenses by their day, EVN beside what tenants paid. */

let h: UseCaseHarness;
let deps: Deps;
let landlord: UserDoc;
let house: HouseDoc;
let contract: ContractDoc;

beforeEach(async () => {
  ({ h, deps, landlord, house } = await landlordWithHouse({ now: new Date('2026-11-20T03:00:00Z') }));
  contract = await aContract(deps, await aRoom(deps, house));
});
afterEach(() => h.close());

const LINES: BillLine[] = [
  { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 3_000_000, amount: 3_000_000 },
  { kind: 'electricity', description: 'Tiền điện', quantity: 100, unitPrice: 3_500, amount: 350_000 },
  { kind: 'water', description: 'Tiền nước', quantity: 5, unitPrice: 20_000, amount: 100_000 },
];

const pay = (amount: number, paidOn: string, method: 'cash' | 'transfer' | 'online' = 'cash') => ({
  amount,
  method,
  paidOn,
});

async function expense(date: string, category: string, amount: number) {
  await createExpense(actorFor(deps, landlord), { houseID: house.houseID, date, category, amount });
}

const monthOf = (months: ProfitMonth[], month: string) => months.find((entry) => entry.month === month)!;

describe('the months of a year', () => {
  it('counts each payment in the month (Vietnam) it arrived, by method, and sets EVN beside the billed electricity', async () => {
    // October's bill: half paid in cash on 31 October at 20:00 Vietnam (13:00 UTC), the rest by transfer
    // on 1 November 00:30 Vietnam (31 October 17:30 UTC): the second is November's money.
    await aMonthlyBill(deps, contract, {
      month: '2026-10',
      billDetails: LINES,
      total: 3_450_000,
      paidAmount: 3_450_000,
      payments: [pay(1_725_000, '2026-10-31T13:00:00Z'), pay(1_725_000, '2026-10-31T17:30:00Z', 'transfer')],
    });
    await aOneTimeCharge(deps, contract, {
      amount: 200_000,
      paidAmount: 200_000,
      payments: [pay(200_000, '2026-11-02T03:00:00Z', 'online')],
    });
    await expense('2026-10-28', 'electricity', 420_000);
    await expense('2026-10-29', 'water', 80_000);
    await expense('2026-11-03', 'Bảo trì thang máy', 150_000);

    const report = await getProfitReport(actorFor(deps, landlord), { houseID: house.houseID, year: 2026 });
    expect(report.months).toHaveLength(12);
    const october = monthOf(report.months, '2026-10');
    expect(october).toMatchObject({
      received: 1_725_000,
      receivedFromBills: 1_725_000,
      expenses: 500_000,
      profit: 1_225_000,
      electricityBilled: 350_000,
      electricityPaid: 420_000,
      waterBilled: 100_000,
      waterPaid: 80_000,
    });
    expect(october.receivedByMethod.cash).toBe(1_725_000);
    const november = monthOf(report.months, '2026-11');
    expect(november).toMatchObject({
      received: 1_925_000,
      receivedFromBills: 1_725_000,
      receivedFromCharges: 200_000,
      expenses: 150_000,
      profit: 1_775_000,
    });
    expect(november.receivedByMethod).toMatchObject({ transfer: 1_725_000, online: 200_000 });
    expect(november.expensesByCategory).toEqual({ 'Bảo trì thang máy': 150_000 });
    expect(report.totals).toMatchObject({ received: 3_650_000, expenses: 650_000, profit: 3_000_000 });
  });

  it('leaves out money and expenses of other years', async () => {
    await aMonthlyBill(deps, contract, {
      month: '2025-12',
      total: 1_000_000,
      paidAmount: 1_000_000,
      payments: [pay(1_000_000, '2025-12-31T16:59:00Z')],
    });
    await expense('2025-12-31', 'repairs', 300_000);
    const report = await getProfitReport(actorFor(deps, landlord), { houseID: house.houseID, year: 2026 });
    expect(report.totals).toMatchObject({ received: 0, expenses: 0 });
    // 16:59 UTC on 31 December is 23:59 in Vietnam: still 2025.
    const last = await getProfitReport(actorFor(deps, landlord), { houseID: house.houseID, year: 2025 });
    expect(monthOf(last.months, '2025-12')).toMatchObject({ received: 1_000_000, expenses: 300_000 });
  });
});

describe('several houses and the tax threshold', () => {
  it('adds every house without houseID; one house’s report still measures the household against the threshold', async () => {
    const second = await aHouse(deps, landlord, { houseName: 'Nhà B' });
    const other = await aContract(deps, await aRoom(deps, second));
    await aMonthlyBill(deps, contract, {
      total: 300_000_000,
      paidAmount: 300_000_000,
      payments: [pay(300_000_000, '2026-11-10T03:00:00Z')],
    });
    await aMonthlyBill(deps, other, {
      total: 120_000_000,
      paidAmount: 120_000_000,
      payments: [pay(120_000_000, '2026-11-11T03:00:00Z')],
    });

    const all = await getProfitReport(actorFor(deps, landlord), { year: 2026 });
    expect(all.houseID).toBeUndefined();
    expect(all.totals.received).toBe(420_000_000);
    expect(all.houses.map((entry) => entry.received).sort()).toEqual([120_000_000, 300_000_000]);
    expect(all.tax).toMatchObject({ rentIncome: 420_000_000, percent: 84, level: 'near', applies: true });

    const one = await getProfitReport(actorFor(deps, landlord), { houseID: second.houseID, year: 2026 });
    expect(one.totals.received).toBe(120_000_000);
    expect(one.tax).toMatchObject({ rentIncome: 420_000_000, houseRentIncome: 120_000_000, level: 'near' });
  });

  it('warns from 80 %, flags above the threshold, and says nothing before the rule’s first year', () => {
    const threshold = DEFAULT_RENT_TAX_THRESHOLD;
    expect(rentTaxStatus(threshold, 2026, 399_999_999).level).toBe('none');
    expect(rentTaxStatus(threshold, 2026, 400_000_000).level).toBe('near');
    expect(rentTaxStatus(threshold, 2026, 500_000_000).level).toBe('near');
    expect(rentTaxStatus(threshold, 2026, 500_000_001).level).toBe('over');
    expect(rentTaxStatus(threshold, 2025, 900_000_000)).toMatchObject({ level: 'none', applies: false });
  });

  it('is data the super admin changes; the report follows it; no one else may change it', async () => {
    const admin = actorFor(deps, await aSuperAdmin(deps));
    expect(await getRentTaxThreshold(admin)).toEqual(DEFAULT_RENT_TAX_THRESHOLD);
    const changed = rentTaxThresholdSchema.parse({
      ...DEFAULT_RENT_TAX_THRESHOLD,
      amount: 1_000_000,
      warnPercent: 50,
    });
    await setRentTaxThreshold(admin, changed);
    await aMonthlyBill(deps, contract, {
      total: 600_000,
      paidAmount: 600_000,
      payments: [pay(600_000, '2026-11-10T03:00:00Z')],
    });
    const report = await getProfitReport(actorFor(deps, landlord), { houseID: house.houseID, year: 2026 });
    expect(report.tax).toMatchObject({ percent: 60, level: 'near' });
    expect(report.tax.threshold.amount).toBe(1_000_000);
    expect((await refusal(setRentTaxThreshold(actorFor(deps, landlord), changed))).kind).toBe('forbidden');
  });
});

describe('who reads it', () => {
  it('staff read their houses’; a tenant and another landlord do not', async () => {
    const staff = await aStaff(deps, { houses: [house] });
    await aMonthlyBill(deps, contract, {
      total: 1_000,
      paidAmount: 1_000,
      payments: [pay(1_000, '2026-11-10T03:00:00Z')],
    });
    expect(
      (await getProfitReport(actorFor(deps, staff), { houseID: house.houseID, year: 2026 })).totals.received,
    ).toBe(1_000);
    const tenant = await aLessee(deps, { house, room: await aRoom(deps, house), contract });
    expect(
      (await refusal(getProfitReport(actorFor(deps, tenant), { houseID: house.houseID, year: 2026 }))).kind,
    ).toBe('forbidden');
    const stranger = await aLandlord(deps);
    expect(
      (await refusal(getProfitReport(actorFor(deps, stranger), { houseID: house.houseID, year: 2026 }))).kind,
    ).toBe('notFound');
    expect((await getProfitReport(actorFor(deps, stranger), { year: 2026 })).totals.received).toBe(0);
  });
});

describe('the .xlsx', () => {
  it('holds real dates and numbers, and the household’s rent income by month', async () => {
    await aMonthlyBill(deps, contract, {
      month: '2026-10',
      billDetails: LINES,
      total: 3_450_000,
      paidAmount: 3_450_000,
      payments: [pay(3_450_000, '2026-10-10T03:00:00Z')],
    });
    await expense('2026-10-28', 'electricity', 420_000);
    const { body, fileName } = await profitReportWorkbook(actorFor(deps, landlord), {
      houseID: house.houseID,
      year: 2026,
    });
    expect(fileName).toBe('loi-nhuan-nha-2026.xlsx');
    const Excel = await loadExcel();
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const profit = workbook.getWorksheet('Lợi nhuận')!;
    const october = profit.getRow(11);
    expect(october.getCell(1).value).toEqual(new Date('2026-10-01T00:00:00Z'));
    expect(october.getCell(1).numFmt).toBe('mm/yyyy');
    expect([2, 3, 4, 5, 6].map((column) => october.getCell(column).value)).toEqual([
      3_450_000, 420_000, 3_030_000, 350_000, 420_000,
    ]);
    const rent = workbook.getWorksheet('Doanh thu cho thuê')!;
    expect(rent.getRow(11).getCell(2).value).toBe(3_450_000);
    expect(rent.getRow(14).getCell(2).value).toBe(3_450_000);
  });
});
