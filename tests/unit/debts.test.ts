import { BILL_STATUS, type BillLine, type PaymentEntry } from '@nhatro/common';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contractDebts,
  debtReminderDue,
  isDebtFlagged,
  ownChargeOf,
  type DebtBillFacts,
  type DebtChargeFacts,
} from '../../api/src/domain/debts.js';
import { debtReminderText } from '../../api/src/domain/shared/outboxTexts.js';

type Payment = Pick<PaymentEntry, 'amount' | 'method' | 'paidOn'>;

function aBill(month: string, fields: Partial<DebtBillFacts> & { total: number }): DebtBillFacts {
  return {
    monthlyBillID: `c1_${month}`,
    month,
    billName: `Hóa đơn tháng ${month.slice(5)}/${month.slice(0, 4)} – P101`,
    createdOn: `${month}-01T01:00:00.000Z`,
    dueDate: `${month}-10`,
    paidAmount: 0,
    status: BILL_STATUS.unpaid,
    billDetails: [{ kind: 'rent', amount: fields.total }],
    payments: [],
    ...fields,
  };
}

function paid(amount: number, paidOn: string, method: Payment['method'] = 'cash'): Payment {
  return { amount, paidOn, method };
}

describe('a contract’s debts', () => {
  it('a bill carried into the next counts once, on the bill it came from', () => {
    const october = aBill('2026-10', {
      total: 3_000_000,
      paidAmount: 1_000_000,
      status: BILL_STATUS.carriedOver,
      payments: [paid(1_000_000, '2026-10-05T03:00:00.000Z')],
    });
    const november = aBill('2026-11', {
      total: 5_500_000,
      billDetails: [
        { kind: 'rent', amount: 3_500_000 },
        { kind: 'debt', amount: 2_000_000 },
      ],
    });
    const debts = contractDebts([november, october], [], '2026-11-28');
    expect(debts.timeline.map((event) => [event.kind, event.amount, event.balance])).toEqual([
      ['bill', 3_000_000, 3_000_000],
      ['payment', -1_000_000, 2_000_000],
      ['bill', 3_500_000, 5_500_000],
    ]);
    expect(debts.owed).toBe(5_500_000);
    expect(debts.openDebts).toEqual([
      {
        kind: 'bill',
        sourceID: 'c1_2026-11',
        label: november.billName,
        month: '2026-11',
        dueDate: '2026-11-10',
        owed: 5_500_000,
        daysOverdue: 18,
      },
    ]);
  });

  it('a transfer of more than was owed is credit until a later bill takes it', () => {
    const october = aBill('2026-10', {
      total: 3_000_000,
      paidAmount: 3_200_000,
      status: BILL_STATUS.paid,
      payments: [paid(3_200_000, '2026-10-04T03:00:00.000Z', 'transfer')],
      surplusTaken: 150_000,
    });
    const november = aBill('2026-11', {
      total: 2_850_000,
      billDetails: [
        { kind: 'rent', amount: 3_000_000 },
        { kind: 'credit', amount: -150_000 },
      ],
    });
    const debts = contractDebts([october, november], [], '2026-11-05');
    expect(ownChargeOf(november)).toBe(3_000_000);
    expect(debts.openCredit).toBe(50_000);
    expect(debts.owed).toBe(2_850_000);
    expect(debts.balance).toBe(2_800_000);
    expect(debts.timeline.at(-1)?.balance).toBe(2_800_000);
    expect(debts.timeline[1]?.label).toBe(`Chuyển khoản – ${october.billName}`);
    expect(debts.openDebts[0]?.daysOverdue).toBe(0);
  });

  it('open debts come oldest first, bills and charges alike; paid ones are not debts', () => {
    const charge: DebtChargeFacts = {
      oneTimeChargeID: 'charge-1',
      description: 'Thay ổ khóa',
      createdOn: '2026-09-20T02:00:00.000Z',
      dueDate: '2026-09-30',
      amount: 200_000,
      paidAmount: 50_000,
      payments: [paid(50_000, '2026-09-25T02:00:00.000Z')],
    };
    const bills = [
      aBill('2026-11', { total: 3_000_000 }),
      aBill('2026-10', {
        total: 3_000_000,
        paidAmount: 3_000_000,
        status: BILL_STATUS.paid,
        payments: [paid(3_000_000, '2026-10-09T00:00:00.000Z')],
      }),
    ];
    const debts = contractDebts(bills, [charge], '2026-11-28');
    expect(debts.openDebts.map((debt) => [debt.sourceID, debt.owed, debt.daysOverdue])).toEqual([
      ['charge-1', 150_000, 59],
      ['c1_2026-11', 3_000_000, 18],
    ]);
    expect(isDebtFlagged(debts.openDebts, 10)).toBe(true);
    expect(isDebtFlagged(debts.openDebts, 59)).toBe(false);
    expect(debts.balance).toBe(3_150_000);
  });

  it('a surplus given back at the settlement raises the balance again', () => {
    const bill = aBill('2026-10', {
      total: 1_000_000,
      paidAmount: 1_300_000,
      status: BILL_STATUS.paid,
      payments: [paid(1_300_000, '2026-10-03T00:00:00.000Z')],
      surplusRefunded: 300_000,
    });
    const debts = contractDebts([bill], [], '2026-11-01', '2026-10-31');
    expect(debts.timeline.map((event) => [event.kind, event.date, event.balance])).toEqual([
      ['bill', bill.createdOn, 1_000_000],
      ['payment', '2026-10-03T00:00:00.000Z', -300_000],
      ['refund', '2026-10-31', 0],
    ]);
    expect(debts.openCredit).toBe(0);
    expect(debts.balance).toBe(0);
  });
});

describe('debt reminders', () => {
  const late = [
    {
      kind: 'bill' as const,
      sourceID: 'b',
      label: 'x',
      month: '2026-10',
      dueDate: '2026-10-10',
      owed: 1,
      daysOverdue: 11,
    },
  ];
  it('go once the oldest debt passes the days, then at most once every few days', () => {
    const settings = { afterDays: 10, everyDays: 3 };
    expect(debtReminderDue(late, settings, undefined, '2026-10-21')).toBe(true);
    expect(debtReminderDue(late, { ...settings, afterDays: 11 }, undefined, '2026-10-21')).toBe(false);
    expect(debtReminderDue(late, settings, '2026-10-19', '2026-10-21')).toBe(false);
    expect(debtReminderDue(late, settings, '2026-10-18', '2026-10-21')).toBe(true);
    expect(debtReminderDue([], settings, undefined, '2026-10-21')).toBe(false);
  });

  it('name the amount and the oldest bill’s month', () => {
    const text = debtReminderText(
      { owed: 5_500_000, oldestLabel: 'x', oldestMonth: '2026-09', daysOverdue: 12 },
      { houseName: 'Nhà trọ An Bình', roomName: 'P101' },
      { name: 'Lan' },
      'https://app',
    );
    expect(text.body).toBe(
      'Chào Lan, phòng P101 còn nợ 5.500.000 ₫; khoản nợ cũ nhất (hóa đơn tháng 9/2026) đã quá hạn 12 ngày. ' +
        'Vui lòng thanh toán hoặc liên hệ chủ trọ.',
    );
  });
});

/**
 * A contract's months as the product makes them: each bill charges its own amount, may carry the last
 * bill's unpaid rest (which then takes no more payments) and takes open credit of earlier bills; payments
 * of any size (more than owed too) land on the month's bill at any time; at the end a settlement may give
 * surpluses back. The generator keeps its own ledger: charged − paid + given back.
 */
const monthArb = fc.record({
  own: fc.integer({ min: 0, max: 5_000_000 }),
  carry: fc.boolean(),
  payments: fc.array(
    fc.record({ amount: fc.integer({ min: 1, max: 6_000_000 }), day: fc.integer({ min: 1, max: 400 }) }),
    {
      maxLength: 3,
    },
  ),
});

type MonthPlan = typeof monthArb extends fc.Arbitrary<infer T> ? T : never;

function simulate(months: MonthPlan[], refund: boolean) {
  const bills: DebtBillFacts[] = [];
  let ledger = 0;
  months.forEach((plan, index) => {
    const month = `20${String(20 + Math.floor(index / 12))}-${String((index % 12) + 1).padStart(2, '0')}`;
    const lines: Array<Pick<BillLine, 'kind' | 'amount'>> = [{ kind: 'rent', amount: plan.own }];
    ledger += plan.own;
    const previous = bills.at(-1);
    if (
      plan.carry &&
      previous &&
      previous.status !== BILL_STATUS.paid &&
      previous.total > previous.paidAmount
    ) {
      lines.push({ kind: 'debt', amount: previous.total - previous.paidAmount });
      previous.status = BILL_STATUS.carriedOver;
    }
    for (const earlier of bills) {
      const surplus = earlier.paidAmount - earlier.total - (earlier.surplusTaken ?? 0);
      const running = lines.reduce((sum, line) => sum + line.amount, 0);
      const taken = Math.min(Math.max(0, surplus), running);
      if (taken <= 0) continue;
      lines.push({ kind: 'credit', amount: -taken });
      earlier.surplusTaken = (earlier.surplusTaken ?? 0) + taken;
    }
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const payments = plan.payments.map((payment) =>
      paid(payment.amount, new Date(Date.UTC(2020, 0, payment.day)).toISOString()),
    );
    const paidAmount = payments.reduce((sum, payment) => sum + payment.amount, 0);
    ledger -= paidAmount;
    bills.push(
      aBill(month, {
        total,
        billDetails: lines,
        payments,
        paidAmount,
        status:
          paidAmount >= total
            ? BILL_STATUS.paid
            : paidAmount > 0
              ? BILL_STATUS.partlyPaid
              : BILL_STATUS.unpaid,
      }),
    );
  });
  if (refund) {
    for (const bill of bills) {
      const open = bill.paidAmount - bill.total - (bill.surplusTaken ?? 0);
      if (bill.status === BILL_STATUS.carriedOver || open <= 0) continue;
      bill.surplusRefunded = open;
      ledger += open;
    }
  }
  return { bills, ledger };
}

describe('the balance, whatever the order', () => {
  it('the timeline ends at what the bills still owe minus open credit, and at the ledger', () => {
    fc.assert(
      fc.property(
        fc.array(monthArb, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000 }),
        (months, refund, seed) => {
          const { bills, ledger } = simulate(months, refund);
          // The same facts handed over in another order, payments shuffled within each bill.
          const shuffled = [...bills]
            .map((bill, index) => ({
              ...bill,
              payments: [...bill.payments].sort(() => ((seed + index) % 3) - 1),
            }))
            .sort((a, b) => ((seed * 7 + a.month.charCodeAt(6) + b.month.charCodeAt(6)) % 3) - 1);
          for (const facts of [bills, shuffled]) {
            const debts = contractDebts(facts, [], '2030-01-01');
            expect(debts.balance).toBe(ledger);
            expect(debts.timeline.at(-1)?.balance ?? 0).toBe(ledger);
            expect(debts.owed - debts.openCredit).toBe(ledger);
            const dates = debts.timeline.map((event) => event.date);
            expect(dates).toEqual([...dates].sort());
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
