import { z } from 'zod';
import { debtReminderAfterDaysField, debtReminderEveryDaysField } from './debts.js';
import { idField, isoDateTime, text } from './fields.js';
import { noticeDaysField } from './leaveNotices.js';
import { tenantReadingDeadlineDayField } from './meterRecords.js';

/** Houses (nhà trọ): the payloads a landlord sends and the entity `/odata/House` returns. */

/**
 * How a house rounds a bill's total (đồng): 0 = not at all, 500 or 1.000 = to the nearest multiple, half
 * up. The difference is its own line ('Làm tròn') so the lines still add up. Absent: 1.000.
 */
export const BILL_ROUNDING_STEPS = [0, 500, 1000] as const;
export type BillRounding = (typeof BILL_ROUNDING_STEPS)[number];
export const DEFAULT_BILL_ROUNDING: BillRounding = 1000;
export const BILL_ROUNDING_LABELS: Record<BillRounding, string> = {
  0: 'Không làm tròn',
  500: 'Làm tròn đến 500 ₫',
  1000: 'Làm tròn đến 1.000 ₫',
};
const billRoundingField = z.union([z.literal(0), z.literal(500), z.literal(1000)], {
  error: 'Cách làm tròn chỉ được là không làm tròn, 500 ₫ hoặc 1.000 ₫.',
});

export const houseCreateSchema = z.strictObject({
  houseName: text('Tên nhà trọ không được để trống!', 100, 'Tên nhà trọ tối đa 100 ký tự.'),
  houseAddress: text('Địa chỉ không được để trống!', 300, 'Địa chỉ tối đa 300 ký tự.'),
});
export type HouseCreateInput = z.infer<typeof houseCreateSchema>;

export const houseUpdateSchema = houseCreateSchema.partial().extend({
  houseID: idField('Mã nhà trọ không hợp lệ.').optional(),
  billRounding: billRoundingField.optional(),
  /** Months identity data of people who left is kept after their stay ends (personal data, issue 27). */
  identityRetentionMonths: z
    .number({ error: 'Thời gian lưu giấy tờ tùy thân phải là số tháng.' })
    .int({ error: 'Thời gian lưu giấy tờ tùy thân phải là số tháng nguyên.' })
    .min(1, { error: 'Thời gian lưu giấy tờ tùy thân ít nhất 1 tháng.' })
    .max(60, { error: 'Thời gian lưu giấy tờ tùy thân tối đa 60 tháng.' })
    .optional(),
  noticeDays: noticeDaysField.optional(),
  /** Tenants read their own meters (issue 27) until `tenantReadingDeadlineDay`. */
  tenantMeterReading: z.boolean({ error: 'Cho khách tự ghi chỉ số phải là có hoặc không.' }).optional(),
  tenantReadingDeadlineDay: tenantReadingDeadlineDayField.optional(),
  /** Days past due before a debt is flagged and reminded (issue 26 §3, docs/debts.md). */
  debtReminderAfterDays: debtReminderAfterDaysField.optional(),
  /** Days between two automatic debt reminders of one contract. */
  debtReminderEveryDays: debtReminderEveryDaysField.optional(),
});
export type HouseUpdateInput = z.infer<typeof houseUpdateSchema>;

export const houseEntity = z.object({
  houseID: z.string(),
  houseName: z.string(),
  houseAddress: z.string(),
  createdOn: isoDateTime(),
  /** Day of the month (1–28) the house's bills are drafted; absent: the platform's default. */
  billingDay: z.number().optional(),
  /** How its bills' totals are rounded (đồng); absent: {@link DEFAULT_BILL_ROUNDING}. */
  billRounding: z.number().optional(),
  /** Months identity numbers and photos of people who left are kept; absent: 12. */
  identityRetentionMonths: z.number().optional(),
  /** Days of notice a tenant gives before leaving (issue 27); absent: `DEFAULT_NOTICE_DAYS`. */
  noticeDays: z.number().optional(),
  /** Tenants send their meters' indexes and photos (issue 27); absent: the staff round only. */
  tenantMeterReading: z.boolean().optional(),
  /** Last day of the month a tenant may send; absent: `DEFAULT_TENANT_READING_DEADLINE_DAY`. */
  tenantReadingDeadlineDay: z.number().optional(),
  /** Days past due before a debt is flagged and reminded; absent: `DEFAULT_DEBT_REMINDER_AFTER_DAYS`. */
  debtReminderAfterDays: z.number().optional(),
  /** Days between two debt reminders of a contract; absent: `DEFAULT_DEBT_REMINDER_EVERY_DAYS`. */
  debtReminderEveryDays: z.number().optional(),
});
export type House = z.infer<typeof houseEntity>;

/** What tenants and staff see of the landlord (`$expand=lessorInfo`); the owner also sees `citizenID`. */
export const lessorInfoEntity = z.object({
  /** 1 = complete, 2 = incomplete. */
  status: z.union([z.literal(1), z.literal(2)]),
  fullName: z.string().optional(),
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
  citizenID: z.string().optional(),
  address: z.string().optional(),
  bankName: z.string().optional(),
  bankAccountNumber: z.string().optional(),
});
export type LessorInfo = z.infer<typeof lessorInfoEntity>;
