import { z } from 'zod';
import { isoDateTime } from './fields.js';
import { PLATFORM_PAYMENT_TARGETS } from './payments.js';

/**
 * The platform's income (/hmBillManage): every payment the gateway confirmed for a registration, a room
 * purchase or an extension (`GET /odata/SystemPaymentReport`, server-paged), and the income by month
 * (`GET /odata/SystemPaymentReport/IncomeHistory`).
 */

export const systemPaymentEntity = z.object({
  paymentID: z.string(),
  target: z.enum(PLATFORM_PAYMENT_TARGETS),
  /** The registration or request paid for. */
  targetID: z.string(),
  description: z.string(),
  amount: z.number(),
  /** Who paid: the registrant or the landlord. */
  payerName: z.string(),
  createdOn: isoDateTime(),
  /** When the gateway confirmed it: the month it counts in. */
  confirmedOn: isoDateTime(),
  gatewayTransactionNo: z.string().optional(),
  bankCode: z.string().optional(),
});
export type SystemPayment = z.infer<typeof systemPaymentEntity>;

/** One month (Vietnam time) of income, in đồng, by what was paid for. */
export const incomeMonthEntity = z.object({
  month: z.string(),
  registration: z.number(),
  roomPurchase: z.number(),
  accountExtension: z.number(),
  total: z.number(),
  /** Payments that month. */
  count: z.number(),
});
export type IncomeMonth = z.infer<typeof incomeMonthEntity>;

/** The longest history one request reads (five years of months). */
export const INCOME_HISTORY_MAX_MONTHS = 60;

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthMessage = (name: string) => `${name} phải là tháng dạng yyyy-mm (ví dụ 2026-11).`;

/** `?from=yyyy-mm&to=yyyy-mm` of `IncomeHistory` (both optional: the last twelve months). */
export const incomeHistoryQuerySchema = z
  .object({
    from: z
      .string({ error: monthMessage('from') })
      .regex(monthPattern, { error: monthMessage('from') })
      .optional(),
    to: z
      .string({ error: monthMessage('to') })
      .regex(monthPattern, { error: monthMessage('to') })
      .optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: 'Tháng bắt đầu (from) phải trước hoặc bằng tháng kết thúc (to).',
    path: ['from'],
  });
