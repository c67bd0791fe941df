import { z } from 'zod';
import { idField, isoDateTime, monthField } from './fields.js';

/**
 * Debts (issue 26 §3): a contract's balance over time (bills, one-time charges, payments, credit), the
 * debts still open oldest first, the house's reminder settings and the per-contract pause.
 * docs/debts.md has the rules. Money is whole đồng; a positive balance is owed, a negative one is credit.
 */

/** Days after its due date an unpaid debt is flagged and reminded; absent on a house: this default. */
export const DEFAULT_DEBT_REMINDER_AFTER_DAYS = 10;
/** Days between two automatic reminders of the same contract; absent on a house: this default. */
export const DEFAULT_DEBT_REMINDER_EVERY_DAYS = 3;
export const DEBT_REMINDER_DAYS_MIN = 1;
export const DEBT_REMINDER_DAYS_MAX = 90;

function reminderDays(label: string) {
  return z
    .number({ error: `${label} phải là số ngày.` })
    .int({ error: `${label} phải là số ngày nguyên.` })
    .min(DEBT_REMINDER_DAYS_MIN, { error: `${label} ít nhất ${DEBT_REMINDER_DAYS_MIN} ngày.` })
    .max(DEBT_REMINDER_DAYS_MAX, { error: `${label} tối đa ${DEBT_REMINDER_DAYS_MAX} ngày.` });
}
export const debtReminderAfterDaysField = reminderDays('Số ngày quá hạn trước khi nhắc nợ');
export const debtReminderEveryDaysField = reminderDays('Khoảng cách giữa hai lần nhắc nợ');

export const DEBT_EVENT_KINDS = ['bill', 'charge', 'payment', 'refund'] as const;
export type DebtEventKind = (typeof DEBT_EVENT_KINDS)[number];
export const DEBT_EVENT_KIND_LABELS: Record<DebtEventKind, string> = {
  bill: 'Hóa đơn',
  charge: 'Khoản phí',
  payment: 'Thanh toán',
  refund: 'Hoàn tiền thừa',
};

/** One dated change of the balance: `amount` > 0 raises what is owed, < 0 lowers it. */
export const debtEventEntity = z.object({
  date: z.string(),
  kind: z.enum(DEBT_EVENT_KINDS),
  label: z.string(),
  amount: z.number(),
  /** The balance after this event (owed − credit). */
  balance: z.number(),
  /** The bill or charge the event belongs to. */
  sourceID: z.string(),
});
export type DebtEvent = z.infer<typeof debtEventEntity>;

/** A bill or charge not fully paid, with how late it is. */
export const openDebtEntity = z.object({
  kind: z.enum(['bill', 'charge']),
  sourceID: z.string(),
  label: z.string(),
  /** Bills: the month billed, `yyyy-mm`. */
  month: z.string().optional(),
  dueDate: z.string(),
  owed: z.number(),
  /** Whole days past the due date (0 when not yet due). */
  daysOverdue: z.number(),
});
export type OpenDebt = z.infer<typeof openDebtEntity>;

export const debtPauseEntity = z.object({
  paused: z.boolean(),
  changedBy: z.string(),
  changedOn: isoDateTime(),
});
export type DebtPause = z.infer<typeof debtPauseEntity>;

/** `GET /api/Debt/Contract`: one contract's balance, timeline (oldest first) and open debts. */
export const contractDebtEntity = z.object({
  contractID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  /** What the bills and charges still ask for, before credit. */
  owed: z.number(),
  /** Money paid beyond bills' totals that no later bill took and no settlement gave back. */
  openCredit: z.number(),
  /** `owed − openCredit`: > 0 the tenant owes, < 0 the house holds their money. */
  balance: z.number(),
  openDebts: z.array(openDebtEntity),
  /** Oldest first; `timelineTotal` events in all, `timeline` is the page asked for. */
  timeline: z.array(debtEventEntity),
  timelineTotal: z.number(),
  /** Automatic debt reminders paused for this contract (absent: never changed, they run). */
  reminderPause: debtPauseEntity.optional(),
  /** The house's settings in force. */
  reminderAfterDays: z.number(),
  reminderEveryDays: z.number(),
});
export type ContractDebt = z.infer<typeof contractDebtEntity>;

/** One contract's line in `GET /api/Debt/House`. */
export const houseDebtRowEntity = z.object({
  contractID: z.string(),
  roomID: z.string(),
  roomName: z.string(),
  tenantName: z.string(),
  owed: z.number(),
  openCredit: z.number(),
  balance: z.number(),
  /** The oldest open debt's due date and days late (absent: nothing owed). */
  oldestDueDate: z.string().optional(),
  oldestMonth: z.string().optional(),
  oldestDaysOverdue: z.number().optional(),
  /** Past the house's `debtReminderAfterDays`. */
  flagged: z.boolean(),
  remindersPaused: z.boolean(),
});
export type HouseDebtRow = z.infer<typeof houseDebtRowEntity>;

export const houseDebtsEntity = z.object({
  houseID: z.string(),
  reminderAfterDays: z.number(),
  reminderEveryDays: z.number(),
  /** Flagged contracts first (oldest debt first), then the others by room. */
  rows: z.array(houseDebtRowEntity),
  total: z.number(),
});
export type HouseDebts = z.infer<typeof houseDebtsEntity>;

export const DEBT_PAGE_MAX = 200;
const pageFields = {
  top: z.coerce
    .number({ error: 'Số dòng mỗi trang không hợp lệ.' })
    .int({ error: 'Số dòng mỗi trang không hợp lệ.' })
    .min(1, { error: 'Số dòng mỗi trang ít nhất 1.' })
    .max(DEBT_PAGE_MAX, { error: `Số dòng mỗi trang tối đa ${DEBT_PAGE_MAX}.` })
    .optional(),
  skip: z.coerce
    .number({ error: 'Vị trí bắt đầu không hợp lệ.' })
    .int({ error: 'Vị trí bắt đầu không hợp lệ.' })
    .min(0, { error: 'Vị trí bắt đầu không hợp lệ.' })
    .optional(),
};

/** Query strings: other parameters are ignored, as on every route. */
export const contractDebtQuerySchema = z.object({
  contractID: idField('Mã hợp đồng không hợp lệ.'),
  /** The house the client expects the contract in (its chosen house): read with it in one query. */
  houseID: idField('Mã nhà trọ không hợp lệ.').optional(),
  ...pageFields,
});
export type ContractDebtQuery = z.infer<typeof contractDebtQuerySchema>;

export const houseDebtsQuerySchema = z.object({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  /** Only contracts with a bill of this month (the month's bills screen); absent: every contract. */
  month: monthField('Tháng').optional(),
  /** Only contracts past the house's reminder days (the dashboard's card). */
  flaggedOnly: z
    .enum(['true', 'false'], { error: 'flaggedOnly chỉ được là true hoặc false.' })
    .optional()
    .transform((value) => value === 'true'),
  ...pageFields,
});
export type HouseDebtsQuery = z.infer<typeof houseDebtsQuerySchema>;

export const debtPauseSchema = z.strictObject({
  contractID: idField('Mã hợp đồng không hợp lệ.'),
  paused: z.boolean({ error: 'Tạm dừng nhắc nợ phải là có hoặc không.' }),
});
export type DebtPauseInput = z.infer<typeof debtPauseSchema>;
