import { BILL_STATUS } from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  firstKeptMonth,
  monthFigures,
  revenueSeries,
  totalsOf,
  withChanges,
} from '../../api/src/domain/dashboardReport.js';
import type { MonthlyBillDoc, OneTimeChargeDoc } from '../../api/src/domain/shared/model.js';

/** The arithmetic of the running totals: a history of changes and a rebuild always agree. */

function bill(overrides: Partial<MonthlyBillDoc> = {}): MonthlyBillDoc {
  return {
    id: 'c1_2026-10',
    pk: 'h1',
    type: 'monthlyBill',
    monthlyBillID: 'c1_2026-10',
    houseID: 'h1',
    roomID: 'r1',
    contractID: 'c1',
    houseTicketID: 'h1_2026-10',
    month: '2026-10',
    billName: 'Hóa đơn tháng 10/2026',
    billCode: 'NTABCDEFGH',
    createdOn: '2026-10-05T01:00:00.000Z',
    dueDate: '2026-10-15',
    total: 3_000_000,
    paidAmount: 0,
    status: BILL_STATUS.unpaid,
    billDetails: [
      { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 3_000_000, amount: 3_000_000 },
    ],
    payments: [],
    ...overrides,
  };
}

const charge: OneTimeChargeDoc = {
  id: 'x1',
  pk: 'h1',
  type: 'oneTimeCharge',
  oneTimeChargeID: 'x1',
  houseID: 'h1',
  roomID: 'r1',
  contractID: 'c1',
  description: 'Thay khóa',
  amount: 200_000,
  billCode: 'NTXYZXYZXY',
  createdOn: '2026-09-30T18:30:00.000Z',
  createdBy: 'u1',
  dueDate: '2026-10-10',
  paidAmount: 0,
  status: BILL_STATUS.unpaid,
  payments: [],
};

describe('running totals', () => {
  it('a bill issued, paid in part, then carried into the next month: changes and a rebuild agree', () => {
    const issued = bill();
    const paid = bill({
      paidAmount: 1_000_000,
      status: BILL_STATUS.partlyPaid,
      payments: [{ amount: 1_000_000, method: 'cash', paidOn: '2026-10-31T17:30:00.000Z' }],
    });
    const carried = { ...paid, status: BILL_STATUS.carriedOver, carriedToBillID: 'c1_2026-11' };
    const next = bill({
      id: 'c1_2026-11',
      monthlyBillID: 'c1_2026-11',
      month: '2026-11',
      total: 5_000_000,
      billDetails: [
        { kind: 'rent', description: 'Tiền phòng', quantity: 1, unitPrice: 3_000_000, amount: 3_000_000 },
        {
          kind: 'debt',
          description: 'Nợ tháng 10',
          quantity: 1,
          unitPrice: 2_000_000,
          amount: 2_000_000,
          fromBillID: 'c1_2026-10',
        },
      ],
    });
    const first = '2024-12';
    let months = withChanges({}, [{ after: issued }, { after: charge }], first);
    months = withChanges(months, [{ before: issued, after: paid }], first);
    months = withChanges(months, [{ before: paid, after: carried }, { after: next }], first);
    expect(months).toEqual(totalsOf([carried, next, charge], first));
    // 17:30 UTC on 31/10 is 1/11 in Vietnam; 18:30 UTC on 30/9 is 1/10.
    expect(months['2026-10']).toMatchObject({
      billed: 3_000_000,
      paid: 1_000_000,
      carriedOut: 2_000_000,
      charges: 200_000,
      collected: 0,
    });
    expect(months['2026-11']).toMatchObject({
      billed: 5_000_000,
      carriedIn: 2_000_000,
      collected: 1_000_000,
    });
    expect(monthFigures(months['2026-10'])).toEqual({
      bills: 1,
      billsPaid: 0,
      billed: 3_000_000,
      paid: 1_000_000,
      unpaid: 0,
    });
    expect(monthFigures(months['2026-11']).unpaid).toBe(5_000_000);
    expect(monthFigures(undefined)).toEqual({ bills: 0, billsPaid: 0, billed: 0, paid: 0, unpaid: 0 });
  });

  it('deleting a charge takes back what creating it added; months before the window are dropped', () => {
    const months = withChanges(totalsOf([charge], '2024-01'), [{ before: charge }], '2024-01');
    expect(months['2026-10']).toMatchObject({ charges: 0 });
    expect(withChanges(months, [], '2026-11')).toEqual({});
    expect(totalsOf([charge], '2026-11')).toEqual({});
  });

  it('keeps 24 months and shows 12, oldest first, new charges without carried debt', () => {
    expect(firstKeptMonth(new Date('2026-11-20T03:00:00Z'))).toBe('2024-12');
    // 31/12 at 20:00 UTC is already January in Vietnam.
    expect(firstKeptMonth(new Date('2026-12-31T20:00:00Z'))).toBe('2025-02');
    const series = revenueSeries(
      {
        '2026-11': {
          bills: 1,
          billsPaid: 0,
          billed: 5_000_000,
          carriedIn: 2_000_000,
          paid: 0,
          carriedOut: 0,
          charges: 100_000,
          collected: 7,
        },
      },
      '2026-11',
    );
    expect(series).toHaveLength(12);
    expect(series[0]).toEqual({ month: '2025-12', billed: 0, collected: 0 });
    expect(series[11]).toEqual({ month: '2026-11', billed: 3_100_000, collected: 7 });
  });

  it('counts whole days to an end date', () => {
    expect(daysUntil('2026-11-20', '2026-11-20')).toBe(0);
    expect(daysUntil('2026-11-20', '2026-12-20')).toBe(30);
    expect(daysUntil('2026-02-27', '2026-03-01')).toBe(2);
  });
});
