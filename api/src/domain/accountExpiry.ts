import { displayDate } from './contractDocuments.js';
import type { OutboxMessageInput, OutboxRecipient } from './outbox.js';
import { ACCOUNT_PLAN_PAGE } from './platformRequests.js';

/**
 * Reminders of a landlord's paid term, free of I/O: 30, 7 and 1 days before its last day, and once the
 * day after it ended. Each at most once per term: its outbox id comes from the account, the last day and
 * the reminder, so a second run (or the next day's catch-up) writes nothing.
 */

/** Days before the last day; a missed day is caught up with the next reminder's text. */
export const EXPIRY_REMINDER_DAYS = [30, 7, 1] as const;
/** A run that missed the day after the term ended still says so for this many days. */
export const EXPIRED_NOTICE_CATCH_UP_DAYS = 3;

export type ExpiryReminder = (typeof EXPIRY_REMINDER_DAYS)[number] | 'expired';

/**
 * The reminder due when the term's last day is `daysLeft` days away (0: today is the last day;
 * negative: it ended). 30…8 days → the 30-day one, 7…2 → the 7-day one, 1 → the last one; the day
 * after the end (to three days late) → the notice that it ended.
 */
export function dueExpiryReminder(daysLeft: number): ExpiryReminder | undefined {
  if (daysLeft < 0) return daysLeft >= -EXPIRED_NOTICE_CATCH_UP_DAYS ? 'expired' : undefined;
  if (daysLeft === 0) return undefined;
  return [...EXPIRY_REMINDER_DAYS].reverse().find((days) => daysLeft <= days);
}

export function expiryReminderKey(userID: string, lastDay: string, reminder: ExpiryReminder): string {
  return `accountExpiry:${userID}:${lastDay}:${reminder}`;
}

type Text = Pick<OutboxMessageInput, 'subject' | 'body' | 'link'>;

function greeting(recipient: OutboxRecipient): string {
  return recipient.name ? `Chào ${recipient.name}, ` : 'Chào bạn, ';
}

export function accountExpiringText(
  daysLeft: number,
  lastDay: string,
  recipient: OutboxRecipient,
  webOrigin: string,
): Text {
  const when = daysLeft === 1 ? 'ngày mai' : `sau ${daysLeft} ngày`;
  return {
    subject: `Tài khoản Nhà trọ hết hạn ${when}`,
    body:
      `${greeting(recipient)}tài khoản Nhà trọ của bạn dùng được đến hết ngày ${displayDate(lastDay)} (hết hạn ${when}). ` +
      'Sau đó bạn và nhân viên chỉ xem được dữ liệu, không thêm hay sửa được. Gia hạn tại Gói dịch vụ.',
    link: `${webOrigin}${ACCOUNT_PLAN_PAGE}`,
  };
}

export function accountExpiredText(lastDay: string, recipient: OutboxRecipient, webOrigin: string): Text {
  return {
    subject: 'Tài khoản Nhà trọ đã hết hạn',
    body:
      `${greeting(recipient)}tài khoản Nhà trọ của bạn đã hết hạn sau ngày ${displayDate(lastDay)}. ` +
      'Bạn và nhân viên vẫn xem được dữ liệu nhưng không thêm hay sửa được cho đến khi gia hạn tại Gói dịch vụ. ' +
      'Người thuê vẫn dùng bình thường.',
    link: `${webOrigin}${ACCOUNT_PLAN_PAGE}`,
  };
}
