import { MAX_BATCH_OPS, packBatches } from '../../domain/shared/batches.js';
import type { BatchOp, BatchResult, Container, StoredDoc } from '../../store/store.js';
import type { Deps } from './deps.js';

/**
 * Writes larger than one transactional batch, all or nothing: imports (rooms, tenants), a notice to
 * every tenant, a floor's meter readings.
 */

/** A write and how to take it back. */
export interface PlannedWrite<T> {
  op: BatchOp<T>;
  undo: BatchOp<T>;
}

/**
 * Writes every operation in one partition, or none. SQLite: one transaction whatever the size. Cosmos:
 * transactional batches of at most 100 operations, a group never split across two; when a later batch
 * fails, what the earlier ones wrote is taken back (each write's `undo`) and the error is rethrown.
 * Answers what each operation wrote, in order (as `batch` does).
 */
export async function writeAllOrNothing<T extends StoredDoc>(
  deps: Deps,
  container: Container<T>,
  pk: string,
  groups: Array<Array<PlannedWrite<T>>>,
): Promise<BatchResult<T>> {
  if (deps.store.kind === 'sqlite') {
    return container.batch(
      pk,
      groups.flat().map((write) => write.op),
    );
  }
  const written: Array<PlannedWrite<T>> = [];
  const results: BatchResult<T> = [];
  try {
    for (const batch of packBatches(groups)) {
      results.push(
        ...(await container.batch(
          pk,
          batch.map((write) => write.op),
        )),
      );
      written.push(...batch);
    }
    return results;
  } catch (error) {
    const undo = written.reverse().map((write) => write.undo);
    for (let start = 0; start < undo.length; start += MAX_BATCH_OPS) {
      await container.batch(pk, undo.slice(start, start + MAX_BATCH_OPS));
    }
    throw error;
  }
}

/** Creates every document in one partition, or none (a failed Cosmos batch deletes the earlier ones). */
export function createAllOrNothing<T extends StoredDoc>(
  deps: Deps,
  container: Container<T>,
  pk: string,
  docs: T[],
): Promise<BatchResult<T>> {
  return writeAllOrNothing(
    deps,
    container,
    pk,
    docs.map((doc) => [{ op: { op: 'create', doc }, undo: { op: 'delete', id: doc.id } }]),
  );
}
