import { debtReminderAfterDaysField, debtReminderEveryDaysField, type OpenDebt } from '@nhatro/common';
import { formatMoney } from '../../lib/format';

/** 'Còn nợ 1.500.000 ₫', 'Đang dư 200.000 ₫', 'Không nợ': what a balance means to a person. */
export function balanceText(balance: number): string {
  if (balance > 0) return `Còn nợ ${formatMoney(balance)}`;
  if (balance < 0) return `Đang dư ${formatMoney(-balance)}`;
  return 'Không nợ';
}

/** 'Quá hạn 12 ngày', 'Chưa đến hạn'. */
export function overdueText(debt: Pick<OpenDebt, 'daysOverdue'>): string {
  return debt.daysOverdue > 0 ? `Quá hạn ${debt.daysOverdue} ngày` : 'Chưa đến hạn';
}

/** The two settings as typed: numbers, or the message the API would give. */
export function reminderDaysProblems(input: { after: string; every: string }): {
  after?: string;
  every?: string;
  values?: { debtReminderAfterDays: number; debtReminderEveryDays: number };
} {
  const after = debtReminderAfterDaysField.safeParse(input.after.trim() === '' ? NaN : Number(input.after));
  const every = debtReminderEveryDaysField.safeParse(input.every.trim() === '' ? NaN : Number(input.every));
  if (after.success && every.success)
    return { values: { debtReminderAfterDays: after.data, debtReminderEveryDays: every.data } };
  return {
    ...(after.success ? {} : { after: after.error.issues[0]?.message ?? '' }),
    ...(every.success ? {} : { every: every.error.issues[0]?.message ?? '' }),
  };
}
