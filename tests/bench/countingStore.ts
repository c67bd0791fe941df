import type { BatchOp, Container, ContainerName, Store, StoredDoc } from '../../api/src/store/store.js';

/** What a store was asked to do: point operations (each batch operation counts as one) and queries. */
export interface StoreCounts {
  pointReads: number;
  pointWrites: number;
  queries: number;
  counts: number;
  batches: number;
}

export function emptyCounts(): StoreCounts {
  return { pointReads: 0, pointWrites: 0, queries: 0, counts: 0, batches: 0 };
}

/**
 * Wraps a store so every call through the Store interface is counted, the way Cosmos DB bills them:
 * a point read, a point write (create, replace, upsert, patch, delete, and each operation of a
 * transactional batch), a query (each page is a request), a count.
 */
export function countingStore(inner: Store, counts: StoreCounts): Store {
  const wrap = <T extends StoredDoc>(container: Container<T>): Container<T> => ({
    name: container.name,
    read: (pk, id) => {
      counts.pointReads += 1;
      return container.read(pk, id);
    },
    query: (spec) => {
      counts.queries += 1;
      return container.query(spec);
    },
    count: (spec) => {
      counts.counts += 1;
      return container.count(spec);
    },
    create: (doc) => {
      counts.pointWrites += 1;
      return container.create(doc);
    },
    replace: (doc, options) => {
      counts.pointWrites += 1;
      return container.replace(doc, options);
    },
    upsert: (doc) => {
      counts.pointWrites += 1;
      return container.upsert(doc);
    },
    delete: (pk, id, options) => {
      counts.pointWrites += 1;
      return container.delete(pk, id, options);
    },
    patch: (pk, id, ops, options) => {
      counts.pointWrites += 1;
      return container.patch(pk, id, ops, options);
    },
    batch: (pk, ops: BatchOp<T>[]) => {
      counts.batches += 1;
      counts.pointWrites += ops.length;
      return container.batch(pk, ops);
    },
  });
  return {
    kind: inner.kind,
    container: <T extends StoredDoc>(name: ContainerName) => wrap(inner.container<T>(name)),
    version: () => inner.version(),
    close: () => inner.close(),
  };
}
