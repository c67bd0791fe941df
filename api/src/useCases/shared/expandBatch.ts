import type { HouseScopedDoc } from '../../domain/shared/model.js';
import type { Filter, Store } from '../../store/store.js';
import type { Deps } from './deps.js';
import { queryPages } from './queryAll.js';

/** How the children of a batch are told apart: by house (partition), id, room, contract or notice. */
export type GroupField = 'pk' | 'id' | 'roomID' | 'contractID' | 'notificationID';

export interface ChildQuery {
  /** One house's partition; omitted for children of several houses (grouped by `pk`). */
  partitionKey?: string;
  /** What every child must match (its type, a lessee's restriction). */
  filter: Filter;
  groupBy: GroupField;
}

interface PendingBatch {
  keys: Set<string>;
  result: Promise<Map<string, HouseScopedDoc[]>>;
}

/** Keys per query, well under SQLite's parameter limit and Cosmos' query size. */
const CHUNK = 500;

const pendingByStore = new WeakMap<Store, Map<string, PendingBatch>>();

async function fetchGrouped(
  deps: Deps,
  spec: ChildQuery,
  keys: string[],
): Promise<Map<string, HouseScopedDoc[]>> {
  const groups = new Map<string, HouseScopedDoc[]>();
  for (let start = 0; start < keys.length; start += CHUNK) {
    const chunk = keys.slice(start, start + CHUNK);
    // One house asked alone: a single-partition query (cheaper on Cosmos than a cross-partition one).
    const single = spec.partitionKey === undefined && spec.groupBy === 'pk' && chunk.length === 1;
    const partitionKey = single ? chunk[0] : spec.partitionKey;
    const filter: Filter = single
      ? spec.filter
      : { op: 'and', items: [spec.filter, { op: 'in', field: spec.groupBy, values: chunk }] };
    const pages = queryPages(deps.store.container<HouseScopedDoc>('houses'), {
      ...(partitionKey !== undefined ? { partitionKey } : {}),
      filter,
    });
    for await (const page of pages) {
      for (const doc of page.items) {
        const key = (doc as HouseScopedDoc & Record<GroupField, unknown>)[spec.groupBy];
        if (typeof key !== 'string') continue;
        let group = groups.get(key);
        if (!group) {
          group = [];
          groups.set(key, group);
        }
        group.push(doc);
      }
    }
  }
  return groups;
}

/**
 * The children of one parent (`key`: a house, room or contract id), loaded together with those of
 * every other parent asked for in the same turn of the event loop: the entities of a page are built
 * concurrently, so `House?$expand=rooms` over 10 houses is one rooms query with `pk in (…)`, not ten.
 * Children come in the store's order (by partition, then id), as a per-parent query gave them.
 * Parents of different requests may share a batch: the children depend only on the query, and each
 * caller's access to the parent was checked before.
 */
export function loadChildren<T extends HouseScopedDoc>(
  deps: Deps,
  spec: ChildQuery,
  key: string,
): Promise<T[]> {
  let pending = pendingByStore.get(deps.store);
  if (!pending) {
    pending = new Map();
    pendingByStore.set(deps.store, pending);
  }
  const batches = pending;
  const id = JSON.stringify([spec.partitionKey ?? null, spec.groupBy, spec.filter]);
  let batch = batches.get(id);
  if (!batch) {
    const keys = new Set<string>();
    const result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      batches.delete(id);
      return fetchGrouped(deps, spec, [...keys]);
    });
    batch = { keys, result };
    batches.set(id, batch);
  }
  batch.keys.add(key);
  return batch.result.then((groups) => (groups.get(key) ?? []) as T[]);
}
