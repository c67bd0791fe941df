import type { HouseScopedDoc } from '../../domain/shared/model.js';
import type { Filter, Store } from '../../store/store.js';
import type { Deps } from './deps.js';
import { queryPages } from './queryAll.js';
import { matches } from '../../domain/shared/odata/evaluate.js';

/** How the children of a batch are told apart: by house (partition), id, room, contract or notice. */
export type GroupField = 'pk' | 'id' | 'roomID' | 'contractID' | 'notificationID';

export interface ChildQuery {
  /** One house's partition; omitted for children of several houses (grouped by `pk`). */
  partitionKey?: string;
  /** What every child must match (its type, a lessee's restriction). */
  filter: Filter;
  groupBy: GroupField;
}

type Groups = Map<string, HouseScopedDoc[]>;

/** The parents asked for one child query in one turn of the event loop. */
interface Asked {
  spec: ChildQuery;
  keys: Set<string>;
}

interface PendingBatch {
  /** By child query (`JSON` of its spec). */
  asked: Map<string, Asked>;
  result: Promise<Map<string, Groups | Error>>;
}

/** Keys per query, well under SQLite's parameter limit and Cosmos' query size. */
const CHUNK = 500;

const pendingByStore = new WeakMap<Store, Map<string, PendingBatch>>();

function addTo(groups: Groups, key: string, doc: HouseScopedDoc): void {
  let group = groups.get(key);
  if (!group) {
    group = [];
    groups.set(key, group);
  }
  group.push(doc);
}

function groupKey(doc: HouseScopedDoc, groupBy: GroupField): unknown {
  return (doc as HouseScopedDoc & Record<GroupField, unknown>)[groupBy];
}

async function fetchGrouped(deps: Deps, spec: ChildQuery, keys: string[]): Promise<Groups> {
  const groups: Groups = new Map();
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
        const key = groupKey(doc, spec.groupBy);
        if (typeof key === 'string') addTo(groups, key, doc);
      }
    }
  }
  return groups;
}

/** Each child query on its own; one that fails fails only its own callers. */
async function fetchEach(deps: Deps, entries: Array<[string, Asked]>): Promise<Map<string, Groups | Error>> {
  const fetched = await Promise.all(
    entries.map(async ([id, one]): Promise<[string, Groups | Error]> => {
      try {
        return [id, await fetchGrouped(deps, one.spec, [...one.keys])];
      } catch (error) {
        return [id, error instanceof Error ? error : new Error(String(error))];
      }
    }),
  );
  return new Map(fetched);
}

/**
 * Every child query asked of one house in one turn: a single query (`(q1 AND k1 IN …) OR (q2 AND k2 IN
 * …)`), each document handed to each query it matches (`matches`, the store's rules in memory), so a
 * contract's room, occupants, vehicles and fees cost one round trip, not four. More keys than one
 * query holds: each child query on its own. The queries of one turn may be different callers': should
 * the single query fail (a client's `$filter` the store refuses, a throttled request), each is asked
 * again on its own, so one caller's query never fails another's.
 */
async function fetchAll(deps: Deps, asked: Map<string, Asked>): Promise<Map<string, Groups | Error>> {
  const entries = [...asked.entries()];
  const keyCount = entries.reduce((sum, [, one]) => sum + one.keys.size, 0);
  const partitionKey = entries[0]?.[1].spec.partitionKey;
  if (entries.length === 1 || keyCount > CHUNK || partitionKey === undefined) return fetchEach(deps, entries);
  const results = new Map<string, Groups>(entries.map(([id]) => [id, new Map()]));
  try {
    const pages = queryPages(deps.store.container<HouseScopedDoc>('houses'), {
      partitionKey,
      filter: {
        op: 'or',
        items: entries.map(([, one]) => ({
          op: 'and',
          items: [one.spec.filter, { op: 'in', field: one.spec.groupBy, values: [...one.keys] }],
        })),
      },
    });
    for await (const page of pages) {
      for (const doc of page.items) {
        for (const [id, one] of entries) {
          const key = groupKey(doc, one.spec.groupBy);
          if (typeof key !== 'string' || !one.keys.has(key) || !matches(doc, one.spec.filter)) continue;
          addTo(results.get(id) as Groups, key, doc);
        }
      }
    }
  } catch {
    return fetchEach(deps, entries);
  }
  return results;
}

/**
 * The children of one parent (`key`: a house, room or contract id), loaded together with those of
 * every other parent asked for in the same turn of the event loop: the entities of a page are built
 * concurrently, so `House?$expand=rooms` over 10 houses is one rooms query with `pk in (…)`, not ten,
 * and the navigations of one house asked together (a contract's room, occupants, vehicles) one query.
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
  const specID = JSON.stringify([spec.partitionKey ?? null, spec.groupBy, spec.filter]);
  // Queries of one house share a batch; queries across houses each have their own.
  const batchID = spec.partitionKey !== undefined ? JSON.stringify(['house', spec.partitionKey]) : specID;
  let batch = batches.get(batchID);
  if (!batch) {
    const asked = new Map<string, Asked>();
    const result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      batches.delete(batchID);
      return fetchAll(deps, asked);
    });
    batch = { asked, result };
    batches.set(batchID, batch);
  }
  let one = batch.asked.get(specID);
  if (!one) {
    one = { spec, keys: new Set() };
    batch.asked.set(specID, one);
  }
  one.keys.add(key);
  return batch.result.then((results) => {
    const groups = results.get(specID);
    if (groups instanceof Error) throw groups;
    return (groups?.get(key) ?? []) as T[];
  });
}
