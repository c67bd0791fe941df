/**
 * The one storage interface of the product, shaped after Cosmos DB for NoSQL:
 * containers of JSON documents, each with a partition key value (`pk`), an `id`
 * unique within its partition and an `_etag` for optimistic concurrency.
 * Two adapters implement it: SQLite (embedded default) and Cosmos DB.
 */

import type { Filter, OrderBy, StoredDoc } from '../domain/shared/query.js';

export type { ComparisonOp, Filter, OrderBy, Scalar, StoredDoc } from '../domain/shared/query.js';

export interface QuerySpec {
  /** Restrict to one partition; omitted means a cross-partition query. */
  partitionKey?: string;
  filter?: Filter;
  /** At most one field: the Cosmos emulator (and composite-index-free Cosmos) supports single-field ORDER BY. */
  orderBy?: OrderBy;
  /** Page size. */
  top?: number;
  /** Opaque token returned by a previous page. */
  continuation?: string;
  /**
   * Only these top-level fields of each document (a projection: fewer bytes and request units on Cosmos
   * DB). The items then hold just these fields, whatever `T` says: read them through a `Pick`.
   */
  select?: readonly string[];
}

export interface QueryPage<T> {
  items: T[];
  /** Present when more items follow. */
  continuation?: string;
}

export type PatchOp =
  | { op: 'set' | 'add' | 'replace'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'incr'; path: string; value: number };

export interface WriteOptions {
  /** The `_etag` the caller last read; a mismatch fails with `precondition_failed`. */
  ifMatch?: string;
}

export type BatchOp<T> =
  | { op: 'create'; doc: T }
  | { op: 'upsert'; doc: T }
  | { op: 'replace'; doc: T; ifMatch?: string }
  | { op: 'delete'; id: string; ifMatch?: string };

/** What a batch wrote, operation by operation: the document as stored, or `undefined` for a delete. */
export type BatchResult<T> = Array<T | undefined>;

export type StoreErrorCode = 'not_found' | 'conflict' | 'precondition_failed' | 'bad_request';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** Whether `error` is a store refusal of one of these kinds (a conflict, a stale ETag…). */
export function isStoreError(error: unknown, ...codes: StoreErrorCode[]): error is StoreError {
  return error instanceof StoreError && codes.includes(error.code);
}

export interface Container<T extends StoredDoc> {
  readonly name: string;
  /** Point read; `undefined` when absent. */
  read(pk: string, id: string): Promise<T | undefined>;
  query(spec: QuerySpec): Promise<QueryPage<T>>;
  count(spec: Omit<QuerySpec, 'orderBy' | 'top' | 'continuation'>): Promise<number>;
  /** Fails with `conflict` when the id exists in the partition. */
  create(doc: T): Promise<T>;
  /** Fails with `not_found`, or `precondition_failed` on a stale `ifMatch`. */
  replace(doc: T, options?: WriteOptions): Promise<T>;
  upsert(doc: T): Promise<T>;
  delete(pk: string, id: string, options?: WriteOptions): Promise<void>;
  patch(pk: string, id: string, ops: PatchOp[], options?: WriteOptions): Promise<T>;
  /**
   * Several writes in one partition, at most 100 (the Cosmos limit). Atomic on SQLite and on
   * Azure Cosmos DB (transactional batch); the in-process Cosmos test server applies them one by one.
   * Answers each operation's document as written (with its new `_etag`), `undefined` for a delete.
   */
  batch(pk: string, ops: BatchOp<T>[]): Promise<BatchResult<T>>;
}

/** Containers of the product; every one is partitioned on `/pk`. */
export const CONTAINER_NAMES = ['houses', 'users', 'sessions', 'throttle', 'audit', 'platform'] as const;
export type ContainerName = (typeof CONTAINER_NAMES)[number];

export interface Store {
  readonly kind: 'sqlite' | 'cosmos';
  container<T extends StoredDoc>(name: ContainerName): Container<T>;
  /**
   * A token that changes whenever anything is written (by this process or another), or `undefined`
   * when the store cannot tell cheaply (Cosmos DB). What was computed under one token stays true until
   * the token changes.
   */
  version(): string | undefined;
  close(): Promise<void>;
}

const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Field names reach query text; only plain dotted identifiers are accepted. */
export function assertFieldPath(field: string): string[] {
  if (!FIELD_PATH.test(field)) {
    throw new StoreError('bad_request', `Invalid field path: ${field}`);
  }
  return field.split('.');
}

/** `/a/b` (JSON-patch style, as Cosmos uses) → `['a', 'b']`. */
export function patchPathSegments(path: string): string[] {
  const segments = path.split('/').slice(1);
  if (segments.length === 0 || segments.some((s) => !/^[A-Za-z0-9_]+$/.test(s))) {
    throw new StoreError('bad_request', `Invalid patch path: ${path}`);
  }
  return segments;
}

/** Applies patch operations to a plain object (used by adapters that patch in code). */
export function applyPatch<T extends object>(doc: T, ops: PatchOp[]): T {
  const copy = structuredClone(doc) as Record<string, unknown>;
  for (const op of ops) {
    const segments = patchPathSegments(op.path);
    const last = segments.pop() as string;
    let parent: Record<string, unknown> = copy;
    for (const segment of segments) {
      const next = parent[segment];
      // As Cosmos DB: a patch never creates missing parents.
      if (typeof next !== 'object' || next === null || Array.isArray(next)) {
        throw new StoreError('bad_request', `Missing path: ${op.path}`);
      }
      parent = next as Record<string, unknown>;
    }
    switch (op.op) {
      case 'remove':
        if (!(last in parent)) throw new StoreError('bad_request', `Missing path: ${op.path}`);
        delete parent[last];
        break;
      case 'replace':
        if (!(last in parent)) throw new StoreError('bad_request', `Missing path: ${op.path}`);
        parent[last] = op.value;
        break;
      case 'incr': {
        const current = parent[last] ?? 0;
        if (typeof current !== 'number') {
          throw new StoreError('bad_request', `Not a number: ${op.path}`);
        }
        parent[last] = current + op.value;
        break;
      }
      default:
        parent[last] = op.value;
    }
  }
  return copy as T;
}
