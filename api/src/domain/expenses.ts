import { BILLING_LEVELS, EXPENSE_MESSAGES, type FieldError } from '@nhatro/common';
import { hasPermission, lesseeScope, type Caller } from './shared/access.js';
import { parseBlobName } from './shared/blobNames.js';
import { AppError } from './shared/errors.js';

/**
 * Rules of a house's expenses: who keeps them (the landlord and staff with billing rights, never a
 * tenant), which day may be written, and which upload may be kept as a receipt.
 */

/** Expenses are the landlord's books: a tenant is refused, staff need billing rights to add and change. */
export function assertExpenseKeeper(caller: Caller): void {
  if (lesseeScope(caller)) throw AppError.forbidden(EXPENSE_MESSAGES.tenantForbidden);
  if (!hasPermission(caller, 'billing', BILLING_LEVELS.addCharge)) throw AppError.forbidden();
}

/** A day not after Vietnam's today (a landlord writes what was paid, not what will be). */
export function expenseDateProblem(date: string, today: string, field = 'date'): FieldError | undefined {
  return date > today ? { field, errorMessage: EXPENSE_MESSAGES.dateInFuture } : undefined;
}

/** A receipt is a photo uploaded as a room image of the same house (`<houseID>/room-….jpg`). */
export function receiptProblem(blobName: string, houseID: string): FieldError | undefined {
  const name = parseBlobName('room-images', blobName);
  if (!name || name.scope !== houseID || !blobName.includes('/room-') || blobName.endsWith('.thumb.jpg')) {
    return { field: 'receiptBlobName', errorMessage: EXPENSE_MESSAGES.badReceipt };
  }
  return undefined;
}
