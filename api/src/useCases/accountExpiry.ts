import { ACCOUNT_EXPIRY_MESSAGES, ROLE } from '@nhatro/common';
import {
  accountExpiredText,
  accountExpiringText,
  dueExpiryReminder,
  EXPIRED_NOTICE_CATCH_UP_DAYS,
  EXPIRY_REMINDER_DAYS,
  expiryReminderKey,
} from '../domain/accountExpiry.js';
import { AppError } from '../domain/shared/errors.js';
import { addDays } from '../domain/houseTickets.js';
import type { OutboxMessageDoc, UserDoc } from '../domain/shared/model.js';
import { daysFromTo, isExpired } from '../domain/platformRequests.js';
import { vietnamDate } from '../domain/shared/time.js';
import { isStoreError } from '../store/store.js';
import type { AuthUser } from './shared/actor.js';
import type { Deps } from './shared/deps.js';
import { outboxCreate } from './shared/outboxMessages.js';
import { governingLandlord } from './shared/governingLandlord.js';
import { landlordAccounts } from './shared/users.js';

/**
 * A landlord's paid term: after its last day the landlord and their staff read but do not write until it
 * is extended (tenants and the super admin are not affected), checked for every write in one place (the
 * endpoint wrapper calls `assertAccountWritable`); and the daily reminders before it ends.
 */

/** The partition of the term's reminders (`platform` container). */
const REMINDERS_PARTITION = 'accountExpiry';

/**
 * Refuses a write (403, saying why and what to do) by a landlord whose term ended, or by staff whose
 * landlord's term ended or whose landlord's account is disabled. Tenants and the super admin pass.
 */
export async function assertAccountWritable(deps: Deps, user: AuthUser): Promise<void> {
  if (user.roleID !== ROLE.houseModerator && user.roleID !== ROLE.staff) return;
  const landlord = await governingLandlord(deps, user);
  if (!landlord) return;
  if (user.roleID === ROLE.staff && landlord.disabled)
    throw AppError.forbidden(ACCOUNT_EXPIRY_MESSAGES.ownerDisabled);
  const lastDay = landlord.accountExpiresOn;
  if (!lastDay || !isExpired(lastDay, vietnamDate(deps.now()))) return;
  throw AppError.forbidden(
    user.roleID === ROLE.houseModerator
      ? ACCOUNT_EXPIRY_MESSAGES.landlordReadOnly(lastDay)
      : ACCOUNT_EXPIRY_MESSAGES.staffReadOnly(lastDay),
  );
}

export interface ExpiryReminderRunSummary {
  today: string;
  /** Landlords whose term ends within 30 days or ended up to three days ago. */
  accounts: number;
  written: number;
  /** Reminders an earlier run had written already. */
  alreadyWritten: number;
  failed: Array<{ userID: string; error: string }>;
}

/** Landlords whose last day is between `from` and `to` (both included), every page. */
async function landlordsEndingBetween(deps: Deps, from: string, to: string): Promise<UserDoc[]> {
  return landlordAccounts(
    deps,
    { op: 'ge', field: 'accountExpiresOn', value: from },
    { op: 'le', field: 'accountExpiresOn', value: to },
  );
}

/**
 * The daily run: for each landlord whose term ends within 30 days (or ended up to three days ago), the
 * reminder due today, written once (its id comes from the account, the last day and the reminder).
 * Disabled accounts are not reminded.
 */
export async function writeExpiryReminders(deps: Deps): Promise<ExpiryReminderRunSummary> {
  const today = vietnamDate(deps.now());
  const landlords = await landlordsEndingBetween(
    deps,
    addDays(today, -EXPIRED_NOTICE_CATCH_UP_DAYS),
    addDays(today, Math.max(...EXPIRY_REMINDER_DAYS)),
  );
  const summary: ExpiryReminderRunSummary = {
    today,
    accounts: landlords.length,
    written: 0,
    alreadyWritten: 0,
    failed: [],
  };
  const outbox = deps.store.container<OutboxMessageDoc>('platform');
  for (const landlord of landlords) {
    const lastDay = landlord.accountExpiresOn;
    if (!lastDay || landlord.disabled) continue;
    const daysLeft = daysFromTo(today, lastDay);
    const reminder = dueExpiryReminder(daysLeft);
    if (reminder === undefined) continue;
    const recipient = {
      userID: landlord.userID,
      name: landlord.fullName,
      ...(landlord.email ? { email: landlord.email } : {}),
      ...(landlord.phoneNumber ? { phoneNumber: landlord.phoneNumber } : {}),
    };
    const text =
      reminder === 'expired'
        ? accountExpiredText(lastDay, recipient, deps.config.webOrigin)
        : accountExpiringText(daysLeft, lastDay, recipient, deps.config.webOrigin);
    const op = outboxCreate(
      deps,
      REMINDERS_PARTITION,
      {
        event: reminder === 'expired' ? 'accountExpired' : 'accountExpiring',
        recipient,
        ...text,
        subjectID: landlord.userID,
      },
      { idempotencyKey: expiryReminderKey(landlord.userID, lastDay, reminder) },
    );
    try {
      await outbox.create(op.doc);
      summary.written += 1;
    } catch (error) {
      if (isStoreError(error, 'conflict')) summary.alreadyWritten += 1;
      else
        summary.failed.push({
          userID: landlord.userID,
          error: error instanceof Error ? error.message : String(error),
        });
    }
  }
  return summary;
}
