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
import { isStoreError, type BatchOp, type Store } from '../../store/store.js';
import type { Deps } from './deps.js';
import { houseDocs, listInHouse } from './houseScope.js';

/**
 * A house's running totals per month, which the dashboard report reads. Every write that changes a bill
 * or charge puts `totalsOperation` in its own batch: the totals move with the bill or not at all. A house
 * without complete totals (older data, a write that found none) is rebuilt from its bills once.
 */

export type Op = BatchOp<HouseScopedDoc>;
/** Tries of a batch refused only because another write moved the totals in between. */
const TOTALS_ATTEMPTS = 8;
/** Tries of a rebuild that writes kept overtaking, before answering from an unsaved rebuild. */
const REBUILD_ATTEMPTS = 3;
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

/**
 * The write that keeps a house's totals in step with `changes`, for the caller's batch (to be written
 * at once): the totals updated under their ETag, or, while they are incomplete, a fresh incomplete
 * document. The latter still changes the ETag, so a rebuild running meanwhile knows it missed a write.
 */
export async function totalsOperation(deps: Deps, houseID: string, changes: TotalsChange[]): Promise<Op> {
  const current = await readTotalsInTurn(deps, houseID);
  if (!current?.complete) return { op: 'upsert', doc: incompleteTotals(houseID) };
  return {
    op: 'replace',
    doc: { ...current, months: withChanges(current.months, changes, firstKeptMonth(deps.now())) },
    ...(current._etag ? { ifMatch: current._etag } : {}),
  };
}

/**
 * `ops` with the totals' update in one batch. A batch refused because the totals moved meanwhile (a
 * payment of another bill at that moment) is tried again with them read anew; any other refusal is the
 * caller's.
 */
export async function batchWithTotals(
  deps: Deps,
  houseID: string,
  ops: Op[],
  changes: TotalsChange[],
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const totals = await totalsOperation(deps, houseID, changes);
    try {
      await houseDocs(deps).batch(houseID, [...ops, totals]);
      return;
    } catch (error) {
      if (
        !isStoreError(error, 'precondition_failed') ||
        totals.op !== 'replace' ||
        attempt >= TOTALS_ATTEMPTS
      ) {
        throw error;
      }
      const now = await readTotals(deps, houseID);
      if (now?._etag === totals.ifMatch) throw error;
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

async function rebuild(deps: Deps, houseID: string): Promise<MonthlyTotals> {
  let months: MonthlyTotals = {};
  for (let attempt = 1; attempt <= REBUILD_ATTEMPTS; attempt += 1) {
    let stub = await readTotals(deps, houseID);
    if (stub?.complete) return stub.months;
    if (!stub) {
      try {
        stub = (await houseDocs(deps).create(incompleteTotals(houseID))) as HouseTotalsDoc;
      } catch (error) {
        if (isStoreError(error, 'conflict')) continue;
        throw error;
      }
    }
    const [bills, charges] = await Promise.all([
      listInHouse<MonthlyBillDoc>(deps, houseID, 'monthlyBill'),
      listInHouse<OneTimeChargeDoc>(deps, houseID, 'oneTimeCharge'),
    ]);
    months = totalsOf([...bills, ...charges], firstKeptMonth(deps.now()));
    try {
      await houseDocs(deps).replace(
        { ...stub, complete: true, months, rebuiltOn: deps.now().toISOString() },
        stub._etag ? { ifMatch: stub._etag } : {},
      );
      return months;
    } catch (error) {
      // A bill changed while its house was read: read it again.
      if (!isStoreError(error, 'precondition_failed')) throw error;
    }
  }
  return months;
}

/** Rebuilds in flight, per store and house: concurrent reports of a cold house share one. */
const rebuilding = new WeakMap<Store, Map<string, Promise<MonthlyTotals>>>();
/** A house's totals per month: the stored ones when complete, otherwise rebuilt from its bills. */
export async function houseTotals(deps: Deps, houseID: string): Promise<MonthlyTotals> {
  const current = await readTotals(deps, houseID);
  if (current?.complete) return current.months;
  let inFlight = rebuilding.get(deps.store);
  if (!inFlight) rebuilding.set(deps.store, (inFlight = new Map()));
  const running = inFlight.get(houseID);
  if (running) return running;
  const started = rebuild(deps, houseID).finally(() => inFlight.delete(houseID));
  inFlight.set(houseID, started);
  return started;
}
