import {
  firstKeptMonth,
  houseTotalsID,
  totalsOf,
  withChanges,
  type MonthlyTotals,
  type TotalsChange,
  type TotalsSubject,
} from '../../domain/dashboardReport.js';
import type {
  HouseScopedDoc,
  HouseTotalsDoc,
  MonthlyBillDoc,
  OneTimeChargeDoc,
} from '../../domain/shared/model.js';
import { isStoreError, type BatchOp, type BatchResult, type Store } from '../../store/store.js';
import type { Deps } from './deps.js';
import { houseDocs, listInHouse } from './houseScope.js';

/**
 * A house's running totals per month, which the dashboard report reads. Every write that changes a bill
 * or charge puts `totalsOperation` in its own batch: the totals move with the bill or not at all. Only
 * writes write them: the first write of a house without complete totals (a new house, older data)
 * completes them from the house's bills in that same batch. A report of a house whose totals are not
 * complete yet sums its bills in memory and writes nothing (no write on a GET).
 */

export type Op = BatchOp<HouseScopedDoc>;
/** Tries of a batch refused only because another write moved the totals in between. */
const TOTALS_ATTEMPTS = 8;
async function readTotals(deps: Deps, houseID: string): Promise<HouseTotalsDoc | undefined> {
  const doc = await houseDocs(deps).read(houseID, houseTotalsID(houseID));
  return doc?.type === 'houseTotals' ? doc : undefined;
}

function incompleteTotals(houseID: string): HouseTotalsDoc {
  const id = houseTotalsID(houseID);
  return { id, pk: houseID, type: 'houseTotals', houseID, complete: false, months: {} };
}

/** Per store and house, the turn of the last write that read the totals. */
const totalsTurns = new WeakMap<Store, Map<string, Promise<void>>>();
/**
 * The totals as a write reads them, one write of a house at a time: each read waits until the write
 * before it had a turn of the event loop to commit its batch. Payments of one house arriving together
 * then read the totals one after another instead of all at once (which would make all but one fail
 * their ETag and try again); on SQLite, whose batches commit within that turn, they never collide.
 */
async function readTotalsInTurn(deps: Deps, houseID: string): Promise<HouseTotalsDoc | undefined> {
  let turns = totalsTurns.get(deps.store);
  if (!turns) totalsTurns.set(deps.store, (turns = new Map()));
  const previous = turns.get(houseID);
  let release = () => undefined as void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  turns.set(houseID, mine);
  if (previous) await previous;
  try {
    return await readTotals(deps, houseID);
  } finally {
    setImmediate(() => {
      if (turns.get(houseID) === mine) turns.delete(houseID);
      release();
    });
  }
}

/** The running totals of a new house, complete from the start (it has no bills yet). */
export function newHouseTotals(houseID: string): HouseTotalsDoc {
  return { ...incompleteTotals(houseID), complete: true };
}

/** The house's months summed from its bills and charges as stored now. */
async function monthsFromBills(deps: Deps, houseID: string): Promise<MonthlyTotals> {
  const [bills, charges] = await Promise.all([
    listInHouse<MonthlyBillDoc>(deps, houseID, 'monthlyBill'),
    listInHouse<OneTimeChargeDoc>(deps, houseID, 'oneTimeCharge'),
  ]);
  return totalsOf([...bills, ...charges], firstKeptMonth(deps.now()));
}

/**
 * The write that keeps a house's totals in step with `changes`, for the caller's batch (to be written
 * at once): the totals updated under their ETag; while they are not complete, complete totals summed
 * from the bills as stored now with `changes` applied (created, or replacing the incomplete document
 * under its ETag), so a write in between makes the batch fail and try again.
 */
export async function totalsOperation(deps: Deps, houseID: string, changes: TotalsChange[]): Promise<Op> {
  const current = await readTotalsInTurn(deps, houseID);
  const firstKept = firstKeptMonth(deps.now());
  if (current?.complete) {
    return {
      op: 'replace',
      doc: { ...current, months: withChanges(current.months, changes, firstKept) },
      ...(current._etag ? { ifMatch: current._etag } : {}),
    };
  }
  const months = withChanges(await monthsFromBills(deps, houseID), changes, firstKept);
  const doc: HouseTotalsDoc = {
    ...incompleteTotals(houseID),
    complete: true,
    months,
    rebuiltOn: deps.now().toISOString(),
  };
  return current
    ? { op: 'replace', doc, ...(current._etag ? { ifMatch: current._etag } : {}) }
    : { op: 'create', doc };
}

/**
 * `ops` with the totals' update in one batch. A batch refused because the totals moved meanwhile (a
 * payment of another bill at that moment) is tried again with them read anew; any other refusal is the
 * caller's. Answers what each of `ops` wrote, as `batch` does.
 */
export async function batchWithTotals(
  deps: Deps,
  houseID: string,
  ops: Op[],
  changes: TotalsChange[],
): Promise<BatchResult<HouseScopedDoc>> {
  for (let attempt = 1; ; attempt += 1) {
    const totals = await totalsOperation(deps, houseID, changes);
    try {
      const written = await houseDocs(deps).batch(houseID, [...ops, totals]);
      return written.slice(0, ops.length);
    } catch (error) {
      const movedTotals =
        (isStoreError(error, 'precondition_failed') && totals.op === 'replace') ||
        (isStoreError(error, 'conflict') && totals.op === 'create');
      if (!movedTotals || attempt >= TOTALS_ATTEMPTS) throw error;
      const now = await readTotals(deps, houseID);
      // The refusal was another operation's if the totals are as this batch read them.
      if (totals.op === 'replace' ? now?._etag === totals.ifMatch : now === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt));
    }
  }
}

/** The bills a batch creates or changes (`before`: the bills it replaces, as read). */
export function billChangesIn(
  ops: readonly Op[],
  before: ReadonlyMap<string, TotalsSubject>,
): TotalsChange[] {
  return ops.flatMap((op): TotalsChange[] => {
    if (op.op === 'delete') return [];
    if (op.doc.type !== 'monthlyBill' && op.doc.type !== 'oneTimeCharge') return [];
    if (op.op === 'create') return [{ after: op.doc }];
    return [{ before: before.get(op.doc.id), after: op.doc }];
  });
}

/** Reports of a house without complete totals summing its bills, per store and house: concurrent ones share. */
const summing = new WeakMap<Store, Map<string, Promise<MonthlyTotals>>>();
/** A house's totals per month: the stored ones when complete, otherwise summed from its bills (not saved). */
export async function houseTotals(deps: Deps, houseID: string): Promise<MonthlyTotals> {
  const current = await readTotals(deps, houseID);
  if (current?.complete) return current.months;
  let inFlight = summing.get(deps.store);
  if (!inFlight) summing.set(deps.store, (inFlight = new Map()));
  const running = inFlight.get(houseID);
  if (running) return running;
  const started = monthsFromBills(deps, houseID).finally(() => inFlight.delete(houseID));
  inFlight.set(houseID, started);
  return started;
}
