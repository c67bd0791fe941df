import { z } from 'zod';
import { idField, isoDate, isoDateTime, money, text } from './fields.js';
import { cashPaymentSchema, paymentEntryEntity } from './monthlyBills.js';
import { refundDueEntry } from './payments.js';

/**
 * One-time charges (`/odata/OneTimeCharge`, the spec's `chargeID` and `total`, see
 * docs/api-contract.md): a repair, a lost key, anything billed once outside the monthly bill.
 */

/** The spec calls the amount `total` (§3): a client may send either name, not both. */
function amountUnderSpecName(input: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const { total, ...rest } = input as Record<string, unknown>;
  if (total === undefined) return input;
  if ('amount' in rest) {
    ctx.addIssue({ code: 'custom', path: ['total'], message: 'Chỉ gửi số tiền một lần: amount hoặc total.' });
    return rest;
  }
  return { ...rest, amount: total };
}

export const oneTimeChargeCreateSchema = z.preprocess(
  amountUnderSpecName,
  z.strictObject({
    contractID: idField('Mã hợp đồng không hợp lệ.'),
    description: text('Nội dung khoản phí không được để trống!', 300, 'Nội dung khoản phí tối đa 300 ký tự.'),
    amount: money('Số tiền').refine((value) => value > 0, { error: 'Số tiền phải lớn hơn 0.' }),
    issueID: idField('Mã sự cố không hợp lệ.').optional(),
    dueDate: z.iso.date({ error: 'Hạn thanh toán không hợp lệ (yyyy-mm-dd).' }).optional(),
  }),
);
export type OneTimeChargeCreateInput = z.infer<typeof oneTimeChargeCreateSchema>;

/** `PATCH /odata/OneTimeCharge`: record a cash payment. */
export const oneTimeChargePatchSchema = z.strictObject({
  oneTimeChargeID: idField('Mã khoản phí không hợp lệ.').optional(),
  /** The spec's name for `oneTimeChargeID` (a PATCH without the id in its path names the charge by either). */
  chargeID: idField('Mã khoản phí không hợp lệ.').optional(),
  payment: cashPaymentSchema,
});
export type OneTimeChargePatchInput = z.infer<typeof oneTimeChargePatchSchema>;

export const oneTimeChargeEntity = z.object({
  oneTimeChargeID: z.string(),
  /** The spec's name (§3) for `oneTimeChargeID`, carried in every reply. */
  chargeID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  contractID: z.string(),
  description: z.string(),
  amount: z.number(),
  /** The spec's name (§3) for `amount`, carried in every reply. */
  total: z.number(),
  billCode: z.string(),
  issueID: z.string().optional(),
  /** The charge asks what the tenant owed after the deposit when this contract ended (not deletable). */
  liquidation: z.boolean().optional(),
  createdOn: isoDateTime(),
  createdBy: z.string(),
  dueDate: isoDate(),
  paidAmount: z.number(),
  status: z.number(),
  payments: z.array(paymentEntryEntity),
  paidOn: isoDateTime().optional(),
  transferQR: z.string().optional(),
  /** One charge read by its id: money VNPay took for it that pays nothing, to be returned (absent: none). */
  refundsDue: z.array(refundDueEntry).optional(),
});
export type OneTimeCharge = z.infer<typeof oneTimeChargeEntity>;
