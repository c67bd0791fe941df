import {
  RECEIVED_METHODS,
  type PaymentEntry,
  type ProfitHouseTotal,
  type ProfitMonth,
  type ReceivedMethod,
  type RentTaxLevel,
  type RentTaxStatus,
  type RentTaxThreshold,
} from '@nhatro/common';
import type { ExpenseDoc, HouseDoc, MonthlyBillDoc, OneTimeChargeDoc } from './shared/model.js';
import { vietnamMonth } from './shared/time.js';

/**
 * The profit report's arithmetic, without I/O. Money received is counted on the day it was received
 * (cash basis: each payment of a bill or a charge by its `paidOn`, in Vietnam), whatever month it
 * pays for; expenses by their day; electricity and water billed by the month of the bill.
 */

export interface HouseBooks {
  house: Pick<HouseDoc, 'houseID' | 'houseName'>;
  bills: readonly Pick<MonthlyBillDoc, 'month' | 'payments' | 'billDetails'>[];
  charges: readonly Pick<OneTimeChargeDoc, 'payments'>[];
  expenses: readonly Pick<ExpenseDoc, 'date' | 'category' | 'amount'>[];
}

function emptyMonth(month: string): ProfitMonth {
  return {
    month,
    received: 0,
    receivedFromBills: 0,
    receivedFromCharges: 0,
    receivedByMethod: Object.fromEntries(RECEIVED_METHODS.map((method) => [method, 0])) as Record<
      ReceivedMethod,
      number
    >,
    expenses: 0,
    expensesByCategory: {},
    profit: 0,
    electricityBilled: 0,
    waterBilled: 0,
    electricityPaid: 0,
    waterPaid: 0,
  };
}

export function monthsOfYear(year: number): string[] {
  return Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
}

/** Adds one month's figures into another (the year's totals, several houses). */
function addInto(target: Omit<ProfitMonth, 'month'>, from: Omit<ProfitMonth, 'month'>): void {
  target.received += from.received;
  target.receivedFromBills += from.receivedFromBills;
  target.receivedFromCharges += from.receivedFromCharges;
  for (const method of RECEIVED_METHODS) target.receivedByMethod[method] += from.receivedByMethod[method];
  target.expenses += from.expenses;
  for (const [category, amount] of Object.entries(from.expensesByCategory)) {
    target.expensesByCategory[category] = (target.expensesByCategory[category] ?? 0) + amount;
  }
  target.profit += from.profit;
  target.electricityBilled += from.electricityBilled;
  target.waterBilled += from.waterBilled;
  target.electricityPaid += from.electricityPaid;
  target.waterPaid += from.waterPaid;
}

/** The twelve months of one house's year. */
export function houseMonths(books: HouseBooks, year: number): ProfitMonth[] {
  const months = new Map(monthsOfYear(year).map((month) => [month, emptyMonth(month)]));
  const receive = (
    payments: readonly PaymentEntry[],
    source: 'receivedFromBills' | 'receivedFromCharges',
  ) => {
    for (const payment of payments) {
      const month = months.get(vietnamMonth(new Date(payment.paidOn)));
      if (!month) continue;
      month.received += payment.amount;
      month[source] += payment.amount;
      month.receivedByMethod[payment.method] += payment.amount;
    }
  };
  for (const bill of books.bills) {
    receive(bill.payments, 'receivedFromBills');
    const month = months.get(bill.month);
    if (!month) continue;
    for (const line of bill.billDetails) {
      if (line.kind === 'electricity') month.electricityBilled += line.amount;
      if (line.kind === 'water') month.waterBilled += line.amount;
    }
  }
  for (const charge of books.charges) receive(charge.payments, 'receivedFromCharges');
  for (const expense of books.expenses) {
    const month = months.get(expense.date.slice(0, 7));
    if (!month) continue;
    month.expenses += expense.amount;
    month.expensesByCategory[expense.category] =
      (month.expensesByCategory[expense.category] ?? 0) + expense.amount;
    if (expense.category === 'electricity') month.electricityPaid += expense.amount;
    if (expense.category === 'water') month.waterPaid += expense.amount;
  }
  const result = [...months.values()];
  for (const month of result) month.profit = month.received - month.expenses;
  return result;
}

/** Several houses' months added month by month. */
export function combineMonths(perHouse: readonly ProfitMonth[][], year: number): ProfitMonth[] {
  const combined = monthsOfYear(year).map(emptyMonth);
  for (const months of perHouse) months.forEach((month, index) => addInto(combined[index]!, month));
  return combined;
}

export function yearTotals(months: readonly ProfitMonth[]): Omit<ProfitMonth, 'month'> {
  const { month: _month, ...totals } = emptyMonth('');
  for (const month of months) addInto(totals, month);
  return totals;
}

export function houseTotal(books: HouseBooks, months: readonly ProfitMonth[]): ProfitHouseTotal {
  const totals = yearTotals(months);
  return {
    houseID: books.house.houseID,
    houseName: books.house.houseName,
    received: totals.received,
    expenses: totals.expenses,
    profit: totals.profit,
  };
}

/**
 * The household's rent income of the year against the threshold: `near` from the warning share,
 * `over` above the threshold (income up to it is not taxed). Before `fromYear` nothing is flagged.
 */
export function rentTaxStatus(
  threshold: RentTaxThreshold,
  year: number,
  rentIncome: number,
  houseRentIncome?: number,
): RentTaxStatus {
  const applies = year >= threshold.fromYear;
  const percent = Math.floor((rentIncome * 100) / threshold.amount);
  let level: RentTaxLevel = 'none';
  if (applies && rentIncome > threshold.amount) level = 'over';
  else if (applies && rentIncome * 100 >= threshold.amount * threshold.warnPercent) level = 'near';
  return {
    threshold,
    applies,
    rentIncome,
    ...(houseRentIncome === undefined ? {} : { houseRentIncome }),
    percent,
    level,
  };
}
