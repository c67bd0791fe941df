import { randomUUID } from 'node:crypto';
import type { ExpenseCreateInput, ExpenseUpdateInput, ExpenseView, FieldError } from '@nhatro/common';
import { assertExpenseKeeper, expenseDateProblem, receiptProblem } from '../../domain/expenses.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ExpenseDoc } from '../../domain/shared/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { type Actor, audit, replaceAudited, writeAudited } from '../shared/actor.js';
import {
  assertCurrent,
  authorizeHouse,
  deleteAsRead,
  findInCallersHouse,
  houseDocs,
  requireID,
  withChanges,
} from '../shared/houseScope.js';
import { listEntities, type EntityPage } from '../shared/odataQuery.js';
import { acceptUpload, deleteStoredFile } from '../shared/uploads.js';
import { entityView, imageLinks } from '../shared/views.js';

/**
 * A house's expenses (`/odata/Expense`): the landlord and staff with billing rights write what the
 * house paid out, with a photo of the receipt (uploaded as a room image of the house, its thumbnail
 * made by the server). A tenant never reads them.
 */

async function expenseView(actor: Actor, doc: ExpenseDoc): Promise<ExpenseView> {
  const view = entityView(doc) as unknown as ExpenseView;
  if (doc.receiptBlobName === undefined) return view;
  const [link] = await imageLinks(actor.deps, 'room-images', [doc.receiptBlobName]);
  return { ...view, receiptURL: link?.url, receiptThumbnailURL: link?.thumbnailURL };
}

async function expenseForCaller(actor: Actor, expenseID: string): Promise<ExpenseDoc> {
  assertExpenseKeeper(actor.user);
  return (await findInCallersHouse<ExpenseDoc>(actor.deps, actor.user, 'expense', expenseID)).doc;
}

/** The day and the receipt checked against the house and Vietnam's today; all problems at once. */
async function checkInput(
  actor: Actor,
  houseID: string,
  input: { date?: string; receiptBlobName?: string | null },
  keptReceipt?: string,
): Promise<void> {
  const errors: FieldError[] = [];
  const today = vietnamDate(actor.deps.now());
  const dateProblem = input.date === undefined ? undefined : expenseDateProblem(input.date, today);
  if (dateProblem) errors.push(dateProblem);
  const receipt = input.receiptBlobName;
  const receiptChanges = typeof receipt === 'string' && receipt !== keptReceipt;
  const problem = receiptChanges ? receiptProblem(receipt, houseID) : undefined;
  if (problem) errors.push(problem);
  if (errors.length > 0) throw AppError.validation(errors);
  if (receiptChanges) await acceptUpload(actor.deps, 'room-images', receipt, ['png', 'jpg']);
}

/** A house's expenses, newest day first (`houseID` required; `$filter=date ge 2026-01-01` narrows). */
export async function listExpenses(
  actor: Actor,
  scope: { houseID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  assertExpenseKeeper(actor.user);
  const house = await authorizeHouse(actor.deps, actor.user, requireID(scope.houseID, 'Mã nhà trọ'));
  return listEntities(
    houseDocs<ExpenseDoc>(actor.deps),
    { partitionKey: house.houseID, filter: { op: 'eq', field: 'type', value: 'expense' } },
    query,
    [
      { field: 'date', desc: true },
      { field: 'createdOn', desc: true },
    ],
    (doc) => expenseView(actor, doc),
  );
}

export async function getExpense(actor: Actor, expenseID: string): Promise<ExpenseView> {
  return expenseView(actor, await expenseForCaller(actor, expenseID));
}

export async function createExpense(actor: Actor, input: ExpenseCreateInput): Promise<ExpenseView> {
  assertExpenseKeeper(actor.user);
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, input.houseID);
  await checkInput(actor, house.houseID, input);
  const expenseID = randomUUID();
  const doc = await houseDocs<ExpenseDoc>(deps).create({
    id: expenseID,
    pk: house.houseID,
    type: 'expense',
    expenseID,
    houseID: house.houseID,
    date: input.date,
    category: input.category,
    amount: input.amount,
    ...(input.note ? { note: input.note } : {}),
    ...(input.receiptBlobName ? { receiptBlobName: input.receiptBlobName } : {}),
    createdOn: deps.now().toISOString(),
    createdBy: actor.user.userID,
  });
  await audit(actor, { action: 'create', entity: 'expense', entityID: expenseID, houseID: house.houseID });
  return expenseView(actor, doc);
}

export async function updateExpense(
  actor: Actor,
  expenseID: string,
  input: ExpenseUpdateInput,
  ifMatch?: string,
): Promise<ExpenseView> {
  const doc = await expenseForCaller(actor, expenseID);
  assertCurrent(doc, ifMatch);
  if (input.expenseID !== undefined && input.expenseID !== doc.expenseID) {
    throw AppError.validation([{ field: 'expenseID', errorMessage: 'Mã khoản chi không khớp.' }]);
  }
  await checkInput(actor, doc.houseID, input, doc.receiptBlobName);
  const { expenseID: _ignored, note, receiptBlobName, ...fields } = input;
  const { next, changed } = withChanges(doc, fields);
  const cleared: string[] = [];
  if (note !== undefined && (note || undefined) !== doc.note) {
    if (note) next.note = note;
    else delete next.note;
    cleared.push('note');
  }
  if (receiptBlobName !== undefined && (receiptBlobName ?? undefined) !== doc.receiptBlobName) {
    if (receiptBlobName) next.receiptBlobName = receiptBlobName;
    else delete next.receiptBlobName;
    cleared.push('receiptBlobName');
  }
  const fieldsChanged = [...changed, ...cleared];
  if (fieldsChanged.length === 0) return expenseView(actor, doc);
  const updated = await replaceAudited(actor, next, ifMatch ?? doc._etag, {
    action: 'update',
    entity: 'expense',
    entityID: doc.expenseID,
    details: { fields: fieldsChanged },
  });
  if (doc.receiptBlobName !== undefined && doc.receiptBlobName !== updated.receiptBlobName) {
    await deleteStoredFile(actor.deps, 'room-images', doc.receiptBlobName);
  }
  return expenseView(actor, updated);
}

export async function deleteExpense(actor: Actor, expenseID: string, ifMatch?: string): Promise<void> {
  const doc = await expenseForCaller(actor, expenseID);
  await writeAudited(actor, doc.pk, [deleteAsRead(doc, ifMatch)], {
    action: 'delete',
    entity: 'expense',
    entityID: doc.expenseID,
  });
  if (doc.receiptBlobName !== undefined) {
    await deleteStoredFile(actor.deps, 'room-images', doc.receiptBlobName);
  }
}
