import { BILL_MESSAGES, BILL_STATUS } from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/src/domain/shared/errors.js';
import {
  applyCashPayment,
  applyPlatformPayment,
  assertPaidInFull,
  creditedAmount,
  owedOf,
  type Payable,
} from '../../api/src/domain/payments.js';
import { decideIpn, refundDueTexts, refundReasonOf } from '../../api/src/domain/shared/onlinePayments.js';

/** Cash payments of bills and charges: a part leaves the rest owed, never more than is owed. */

const NOW = new Date('2026-11-20T03:00:00.000Z');
const CONTEXT = { now: NOW, recordedBy: 'landlord-1' };
const UNPAID: Payable = { due: 2_620_000, paidAmount: 0, status: BILL_STATUS.unpaid, payments: [] };

function refusalOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('applyCashPayment', () => {
  it('a part leaves status 2 and the rest owed; the rest makes it paid with paidOn', () => {
    const first = applyCashPayment(UNPAID, { amount: 1_000_000, note: 'Trả trước' }, CONTEXT);
    expect(first).toEqual({
      paidAmount: 1_000_000,
      status: BILL_STATUS.partlyPaid,
      payments: [
        {
          amount: 1_000_000,
          method: 'cash',
          paidOn: '2026-11-20T03:00:00.000Z',
          recordedBy: 'landlord-1',
          note: 'Trả trước',
        },
      ],
    });
    expect(owedOf({ due: UNPAID.due, paidAmount: first.paidAmount })).toBe(1_620_000);

    const later = { now: new Date('2026-11-25T10:00:00.000Z'), recordedBy: 'landlord-1' };
    const second = applyCashPayment({ ...UNPAID, ...first }, { amount: 1_620_000 }, later);
    expect(second.paidAmount).toBe(2_620_000);
    expect(second.status).toBe(BILL_STATUS.paid);
    expect(second.paidOn).toBe('2026-11-25T10:00:00.000Z');
    expect(second.payments.map((payment) => payment.amount)).toEqual([1_000_000, 1_620_000]);
    expect(second.payments[1]).not.toHaveProperty('note');
  });

  it('the whole amount at once is paid (status 3)', () => {
    const paid = applyCashPayment(UNPAID, { amount: 2_620_000 }, CONTEXT);
    expect(paid).toMatchObject({ paidAmount: 2_620_000, status: 3, paidOn: NOW.toISOString() });
  });

  it('more than is owed is a 400 naming payment.amount with what is owed', () => {
    const partly = { ...UNPAID, paidAmount: 2_000_000, status: BILL_STATUS.partlyPaid };
    const error = refusalOf(() => applyCashPayment(partly, { amount: 620_001 }, CONTEXT));
    expect(error.kind).toBe('badRequest');
    expect(error.details.fieldErrors).toEqual([
      { field: 'payment.amount', errorMessage: BILL_MESSAGES.overpaid(620_000) },
    ]);
    expect(BILL_MESSAGES.overpaid(620_000)).toBe('Số tiền vượt quá số còn nợ (620.000 ₫).');
  });

  it('a bill carried over into a later one is collected there (409)', () => {
    const carried = { ...UNPAID, status: BILL_STATUS.carriedOver };
    const error = refusalOf(() => applyCashPayment(carried, { amount: 1_000 }, CONTEXT));
    expect({ kind: error.kind, message: error.errorMessage }).toEqual({
      kind: 'conflict',
      message: BILL_MESSAGES.carriedOver,
    });
  });

  it('a bill paid in full takes nothing more (409)', () => {
    const paid = { ...UNPAID, paidAmount: UNPAID.due, status: BILL_STATUS.paid };
    const error = refusalOf(() => applyCashPayment(paid, { amount: 1 }, CONTEXT));
    expect({ kind: error.kind, message: error.errorMessage }).toEqual({
      kind: 'conflict',
      message: BILL_MESSAGES.alreadyPaid,
    });
  });

  it('zero: a payment of 0 ₫ or a fraction of a đồng is refused, and a bill of 0 ₫ owes nothing', () => {
    for (const amount of [0, -5, 1.5]) {
      const error = refusalOf(() => applyCashPayment(UNPAID, { amount }, CONTEXT));
      expect(error.kind).toBe('badRequest');
      expect(error.details.fieldErrors?.[0]?.field).toBe('payment.amount');
    }
    const nothingDue = { ...UNPAID, due: 0 };
    expect(owedOf(nothingDue)).toBe(0);
    expect(refusalOf(() => applyCashPayment(nothingDue, { amount: 1 }, CONTEXT)).errorMessage).toBe(
      BILL_MESSAGES.alreadyPaid,
    );
  });

  it('owedOf is never negative', () => {
    expect(owedOf({ due: 100, paidAmount: 150 })).toBe(0);
  });
});

describe('the gateway’s notification, before anything is written', () => {
  const report = { paymentID: 'p1', amount: 100_000, responseCode: '00', transactionStatus: '00' };
  const EXPIRES = '2026-11-20T03:15:00.000Z';

  it('a replaced payment is still confirmed once (its page may be paid until it expires); a final one is 02', () => {
    for (const state of ['pending', 'replaced'] as const) {
      expect(decideIpn({ verified: true, report, payment: { amount: 100_000, state } })).toEqual({
        code: '00',
        state: 'succeeded',
      });
    }
    for (const state of ['succeeded', 'failed', 'cancelled', 'refundDue'] as const) {
      expect(decideIpn({ verified: true, report, payment: { amount: 100_000, state } })).toEqual({
        code: '02',
      });
    }
  });

  it('only the open link, paid by five minutes after it expired, may credit', () => {
    const open = { state: 'pending' as const, expiresOn: EXPIRES };
    expect(refundReasonOf(open, '2026-11-20T03:10:00.000Z')).toBeUndefined();
    expect(refundReasonOf(open, '2026-11-20T03:20:00.000Z')).toBeUndefined();
    expect(refundReasonOf(open, '2026-11-20T03:20:01.000Z')).toBe('expired');
    expect(refundReasonOf({ state: 'replaced', expiresOn: EXPIRES }, '2026-11-20T03:01:00.000Z')).toBe(
      'replaced',
    );
  });

  it('tells the landlord and the payer why, with VNPay’s transaction number, in Vietnamese', () => {
    const texts = refundDueTexts({
      amount: 2_620_000,
      description: 'Hóa đơn tháng 11/2026',
      reason: 'replaced',
      transactionNo: '14226112',
    });
    expect(texts.landlord.body).toContain('2.620.000 ₫');
    expect(texts.landlord.body).toContain('14226112');
    expect(texts.landlord.body).toContain('đã được thay bằng liên kết mới');
    expect(texts.payer.body).toContain('hoàn lại');
  });
});

describe('platform payments credit exactly what they were made for', () => {
  const paid = { paymentID: 'P1', amount: 300_000, paidOn: NOW.toISOString() };
  const waiting = { status: 'pending', payments: [] };

  it('the fee it was made for, while waiting: paid and credited', () => {
    expect(applyPlatformPayment(waiting, paid, { due: 300_000, voided: false })).toEqual({
      doc: { status: 'paid', payments: [paid] },
      credited: true,
    });
  });

  it('another amount, a cancelled payment or a payable no longer waiting: recorded, not credited', () => {
    for (const [doc, terms] of [
      [waiting, { due: 10_000_000, voided: false }],
      [waiting, { due: 300_000, voided: true }],
      [
        { status: 'paid', payments: [{ ...paid, paymentID: 'P0' }] },
        { due: 300_000, voided: false },
      ],
      [
        { status: 'rejected', payments: [] },
        { due: 300_000, voided: false },
      ],
    ] as const) {
      const applied = applyPlatformPayment(doc, paid, terms);
      expect(applied?.credited).toBe(false);
      expect(applied?.doc.status).toBe(doc.status);
      expect(applied?.doc.payments.at(-1)).toEqual({ ...paid, credited: false });
    }
  });

  it('recorded once; approval needs the credited money to cover the fee', () => {
    const once = applyPlatformPayment(waiting, paid, { due: 300_000, voided: false });
    expect(applyPlatformPayment(once?.doc ?? waiting, paid, { due: 300_000, voided: false })).toBeUndefined();
    const mixed = [paid, { ...paid, paymentID: 'P2', credited: false as const }];
    expect(creditedAmount(mixed)).toBe(300_000);
    const message = (got: number, due: number) => `${got}/${due}`;
    expect(() => assertPaidInFull({ payments: mixed }, 300_000, message)).not.toThrow();
    expect(refusalOf(() => assertPaidInFull({ payments: mixed }, 600_000, message))).toMatchObject({
      kind: 'conflict',
      errorMessage: '300000/600000',
    });
  });
});
