import { addDays } from './houseTickets.js';
import type { OutboxEvent } from './outbox.js';

/**
 * Automatic reminders (beyond the spec): a bill three days before it is due and on the day after (if
 * still unpaid), a contract thirty days before it ends. Each at most once: its outbox id comes from the
 * event, the bill or contract and the date it is about, so a second run's write conflicts.
 */

export const BILL_DUE_SOON_DAYS = 3;
/** Overdue bills are reminded the day after their due date; a missed run is caught up this many days. */
export const BILL_OVERDUE_CATCH_UP_DAYS = 3;
export const CONTRACT_ENDING_DAYS = 30;

export interface DateWindow {
  /** First date, `yyyy-mm-dd`, included. */
  from: string;
  /** Last date, included. */
  to: string;
}

/**
 * The due and end dates that call for a reminder today (Vietnam). A window, not a single day, so a
 * day the timer did not run is caught up the next day; the idempotency key keeps it to one reminder.
 */
export function reminderWindows(today: string): {
  billDueSoon: DateWindow;
  billOverdue: DateWindow;
  contractEnding: DateWindow;
} {
  return {
    billDueSoon: { from: addDays(today, 1), to: addDays(today, BILL_DUE_SOON_DAYS) },
    billOverdue: { from: addDays(today, -BILL_OVERDUE_CATCH_UP_DAYS), to: addDays(today, -1) },
    contractEnding: { from: addDays(today, 1), to: addDays(today, CONTRACT_ENDING_DAYS) },
  };
}

/** Whole days from `from` to `to` (`yyyy-mm-dd`), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What makes a reminder unique: the event, what it is about and the date it is about. */
export function reminderKey(event: OutboxEvent, subjectID: string, date: string): string {
  return `${event}:${subjectID}:${date}`;
}
