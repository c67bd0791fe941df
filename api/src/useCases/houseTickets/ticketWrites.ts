import { TICKET_STATUS, BILL_MESSAGES } from '@nhatro/common';
import { MAX_BATCH_OPS, packBatches } from '../../domain/shared/batches.js';
import { AppError } from '../../domain/shared/errors.js';
import type { HouseScopedDoc, HouseTicketDoc, MonthlyBillDoc } from '../../domain/shared/model.js';
import { isStoreError, type BatchOp } from '../../store/store.js';
import type { Deps } from '../shared/deps.js';
import { houseDocs } from '../shared/houseScope.js';
import { billChangesIn, batchWithTotals } from '../shared/houseTotals.js';

/**
 * The writes of a save or an issue (`PATCH /odata/HouseTicket`): batches of at most 100 with the ticket
 * written last, a concurrent writer answered as "already issued" or stale.
 */

export type Op = BatchOp<HouseScopedDoc>;
export function replaceOp(doc: HouseScopedDoc): Op {
  return { op: 'replace', doc, ...(doc._etag ? { ifMatch: doc._etag } : {}) };
}

/**
 * Writes groups of operations in batches of at most 100, `last` (the ticket's own write, then its audit
 * entry) together in the last batch: the ticket's ETag changes, and the entry is written, only when
 * everything before them was. A write stopped part-way leaves the ticket as it was and no entry.
 */
export async function writeGroups(
  deps: Deps,
  houseID: string,
  groups: Op[][],
  last: readonly Op[],
  billsBefore: ReadonlyMap<string, MonthlyBillDoc>,
): Promise<void> {
  // One place of each batch is kept for the update of the house's totals (dashboardReport.ts).
  const limit = MAX_BATCH_OPS - 1;
  const batches = packBatches(groups, limit);
  const final = batches[batches.length - 1];
  if (final && final.length + last.length <= limit) final.push(...last);
  else batches.push([...last]);
  for (const batch of batches) {
    const changes = billChangesIn(batch, billsBefore);
    if (changes.length === 0) await houseDocs<HouseScopedDoc>(deps).batch(houseID, batch);
    else await batchWithTotals(deps, houseID, batch, changes);
  }
}

export async function rereadTicket(deps: Deps, ticket: HouseTicketDoc): Promise<HouseTicketDoc> {
  const doc = await houseDocs<HouseScopedDoc>(deps).read(ticket.houseID, ticket.houseTicketID);
  return doc?.type === 'houseTicket' ? doc : ticket;
}

/**
 * The writes of a save or an issue; a concurrent writer shows as a stale ETag or an existing id:
 * an issued ticket answers 409 "already issued", anything else 412 (reload and try again).
 */
export async function runWrites(
  deps: Deps,
  houseID: string,
  ticket: HouseTicketDoc,
  groups: Op[][],
  last: readonly Op[],
  billsBefore: ReadonlyMap<string, MonthlyBillDoc> = new Map(),
): Promise<void> {
  try {
    await writeGroups(deps, houseID, groups, last, billsBefore);
  } catch (error) {
    if (!isStoreError(error, 'conflict', 'precondition_failed')) throw error;
    const now = await rereadTicket(deps, ticket);
    if (now.status === TICKET_STATUS.issued) throw AppError.conflict(BILL_MESSAGES.alreadyIssued);
    throw AppError.stale();
  }
}
