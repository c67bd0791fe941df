/**
 * Cosmos DB for NoSQL adapter of the store interface (`store.ts`).
 *
 * - Auth: account key when one is configured (emulators, the in-process test server),
 *   otherwise the Function App's managed identity through `DefaultAzureCredential`.
 * - Every container of `CONTAINER_NAMES` is created if missing, partitioned on `/pk`.
 * - Queries are parameterized Cosmos SQL. Field paths are validated with
 *   `assertFieldPath` and emitted as `c["a"]["b"]` (no keyword clashes, no injection);
 *   values only ever travel as parameters.
 * - Paging uses `TOP`-free `maxItemCount` + continuation tokens (no OFFSET/LIMIT, which
 *   is costly on Cosmos and unsupported by the test server).
 * - Case-insensitive `contains`/`startswith` compare `LOWER(field)` with a lower-cased
 *   parameter. Cosmos also offers `CONTAINS(x, @p, true)`, but `@vercel/cosmosdb-server`
 *   rejects the three-argument form with a 400, and one code path that runs in tests
 *   and in Azure is worth more than the index-friendlier form.
 * - Patch: up to 10 operations go to the native Cosmos patch (atomic on the server,
 *   so `incr` is safe under concurrency). Cosmos refuses more than 10 operations per
 *   patch; for longer lists the adapter reads the document, applies the operations in
 *   code (`applyPatch`, the same rules as the SQLite adapter) and replaces it with
 *   If-Match on the etag it read, retrying a few times when a concurrent writer wins
 *   (unless the caller gave its own `ifMatch`, which then fails with
 *   `precondition_failed`). Either way a patch is all-or-nothing; it is never chunked.
 * - Batch: Cosmos transactional batch (atomic in Azure). The in-process test server
 *   applies the operations one by one and stops at the first failure, answering 424 for
 *   the operations after it; operations before the failure stay applied there.
 */
import https from 'node:https';
import {
  BulkOperationType,
  CosmosClient,
  type Container as CosmosContainer,
  type CosmosClientOptions,
  type FeedOptions,
  type JSONObject,
  type OperationInput,
  type OperationResponse,
  type PatchOperation,
  type SqlQuerySpec,
} from '@azure/cosmos';
import {
  CONTAINER_NAMES,
  StoreError,
  applyPatch,
  patchPathSegments,
  type BatchOp,
  type BatchResult,
  type Container,
  type ContainerName,
  type PatchOp,
  type QueryPage,
  type QuerySpec,
  type Store,
  type StoredDoc,
  type WriteOptions,
} from './store.js';
import {
  isValidId,
  assertDocShape,
  assertWritableDoc,
  assertSamePartition,
  toCosmos,
  fromCosmos,
  required,
  ifMatch,
  notFound,
  codeFor,
  statusOf,
  mapError,
} from './cosmosDocs.js';
import {
  buildQuery,
  fieldExpr,
  optimisticCrossPartition,
  QueryPlanNeeded,
  selectClause,
  withoutQueryPlan,
} from './cosmosQuery.js';

export interface CosmosStoreConfig {
  /** Account endpoint, e.g. `https://<account>.documents.azure.com:443/`. */
  endpoint: string;
  database: string;
  /** Account key (emulators, test server). Omitted in Azure: the managed identity is used. */
  key?: string;
  /** Accept a self-signed certificate (local Cosmos test server only). */
  allowInsecureTls?: boolean;
}

/** Cosmos refuses more operations than this in one patch request. */
const MAX_NATIVE_PATCH_OPS = 10;
/** Cosmos transactional batch limit. */
const MAX_BATCH_OPS = 100;
/** Attempts of the read-modify-replace patch when a concurrent writer wins. */
const PATCH_RETRIES = 5;

export async function openCosmosStore(config: CosmosStoreConfig): Promise<Store> {
  const options: CosmosClientOptions = { endpoint: config.endpoint };
  if (config.key) {
    options.key = config.key;
  } else {
    const { DefaultAzureCredential } = await import('@azure/identity');
    options.aadCredentials = new DefaultAzureCredential();
  }
  if (config.allowInsecureTls) {
    options.agent = new https.Agent({ rejectUnauthorized: false, keepAlive: true }); // as the SDK's own agent
  }
  const client = new CosmosClient(options);
  try {
    const { database } = await client.databases.createIfNotExists({ id: config.database });
    const containers = new Map<ContainerName, CosmosContainer>();
    await Promise.all(
      CONTAINER_NAMES.map(async (name) => {
        const { container } = await database.containers.createIfNotExists({
          id: name,
          partitionKey: { paths: ['/pk'] },
        });
        containers.set(name, container);
      }),
    );
    return new CosmosStore(client, containers);
  } catch (err) {
    client.dispose();
    throw err;
  }
}

class CosmosStore implements Store {
  readonly kind = 'cosmos' as const;
  private readonly adapters = new Map<ContainerName, CosmosContainerAdapter<StoredDoc>>();

  constructor(
    private readonly client: CosmosClient,
    private readonly containers: Map<ContainerName, CosmosContainer>,
  ) {}

  /** Cosmos DB has no cheap "anything changed" token: nothing is cached on it. */
  version(): undefined {
    return undefined;
  }

  container<T extends StoredDoc>(name: ContainerName): Container<T> {
    let adapter = this.adapters.get(name);
    if (!adapter) {
      const container = this.containers.get(name);
      if (!container) throw new StoreError('bad_request', `Unknown container: ${String(name)}`);
      adapter = new CosmosContainerAdapter<StoredDoc>(name, container);
      this.adapters.set(name, adapter);
    }
    return adapter as unknown as Container<T>;
  }

  async close(): Promise<void> {
    this.client.dispose();
  }
}

class CosmosContainerAdapter<T extends StoredDoc> implements Container<T> {
  constructor(
    readonly name: ContainerName,
    private readonly container: CosmosContainer,
  ) {}

  async read(pk: string, id: string): Promise<T | undefined> {
    if (!isValidId(id)) return undefined;
    try {
      const response = await this.container.item(id, pk).read<JSONObject & StoredDoc>();
      if (response.statusCode === 404 || !response.resource) return undefined;
      return fromCosmos<T>(response.resource);
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw mapError(err);
    }
  }

  async query(spec: QuerySpec): Promise<QueryPage<T>> {
    const sql = buildQuery(selectClause(spec.select), spec);
    if (spec.orderBy) {
      const path = fieldExpr(spec.orderBy.field);
      sql.query += ` ORDER BY ${path} ${spec.orderBy.desc ? 'DESC' : 'ASC'}`;
    }
    const top = spec.top;
    if (top !== undefined && (!Number.isInteger(top) || top < 1)) {
      throw new StoreError('bad_request', `Invalid page size: ${String(top)}`);
    }
    if (spec.continuation !== undefined && typeof spec.continuation !== 'string') {
      throw new StoreError('bad_request', 'Invalid continuation token');
    }
    const items: T[] = [];
    let token = spec.continuation || undefined;
    try {
      // Cosmos may answer with a short (even empty) page while more items follow, so
      // keep asking, for exactly the missing count, until the page is full or the
      // results end. Without `top`, every remaining item is returned.
      do {
        const options: FeedOptions = { continuationToken: token };
        if (spec.partitionKey !== undefined) options.partitionKey = spec.partitionKey;
        if (top !== undefined) options.maxItemCount = top - items.length;
        const response = await this.fetchPage(sql, options, spec.orderBy === undefined);
        for (const resource of response.resources) items.push(fromCosmos<T>(resource));
        token = response.hasMoreResults ? response.continuationToken || undefined : undefined;
      } while (token !== undefined && (top === undefined || items.length < top));
    } catch (err) {
      throw mapError(err);
    }
    return token === undefined ? { items } : { items, continuation: token };
  }

  /**
   * One page of a query: within one partition never with a query plan; across partitions without ORDER
   * BY first without one (the gateway runs a plain filter itself), again with the SDK's plan if the
   * gateway asks for it; any other cross-partition query with the plan.
   */
  private async fetchPage(sql: SqlQuerySpec, options: FeedOptions, plain: boolean) {
    const query = () => this.container.items.query<JSONObject & StoredDoc>(sql, options);
    if (options.partitionKey !== undefined) {
      return withoutQueryPlan(query(), options.partitionKey as string).fetchNext();
    }
    if (!plain) return query().fetchNext();
    try {
      return await optimisticCrossPartition(query()).fetchNext();
    } catch (err) {
      if (err instanceof QueryPlanNeeded) return query().fetchNext();
      throw err;
    }
  }

  async count(spec: Omit<QuerySpec, 'orderBy' | 'top' | 'continuation'>): Promise<number> {
    const sql = buildQuery('SELECT VALUE COUNT(1) FROM c', spec);
    try {
      const options: FeedOptions = {};
      if (spec.partitionKey !== undefined) options.partitionKey = spec.partitionKey;
      const iterator = this.container.items.query<number>(sql, options);
      const resources: number[] = [];
      if (spec.partitionKey === undefined) {
        resources.push(...(await iterator.fetchAll()).resources);
      } else {
        // Page by page: `fetchAll` starts over and asks for a query plan first.
        const single = withoutQueryPlan(iterator, spec.partitionKey);
        do resources.push(...(await single.fetchNext()).resources);
        while (single.hasMoreResults());
      }
      // One value, or (should a gateway answer per partition range) partial counts.
      return resources.reduce((sum, value) => sum + (typeof value === 'number' ? value : 0), 0);
    } catch (err) {
      throw mapError(err);
    }
  }

  async create(doc: T): Promise<T> {
    assertWritableDoc(doc);
    try {
      const { resource } = await this.container.items.create<JSONObject>(toCosmos(doc), {
        disableAutomaticIdGeneration: true,
      });
      return fromCosmos<T>(required(resource));
    } catch (err) {
      throw mapError(err);
    }
  }

  async replace(doc: T, options?: WriteOptions): Promise<T> {
    assertDocShape(doc);
    if (!isValidId(doc.id)) throw notFound(doc.pk, doc.id);
    try {
      const { resource } = await this.container
        .item(doc.id, doc.pk)
        .replace<JSONObject>(toCosmos(doc), ifMatch(options?.ifMatch));
      return fromCosmos<T>(required(resource));
    } catch (err) {
      throw mapError(err);
    }
  }

  async upsert(doc: T): Promise<T> {
    assertWritableDoc(doc);
    try {
      const { resource } = await this.container.items.upsert<JSONObject>(toCosmos(doc), {
        disableAutomaticIdGeneration: true,
      });
      return fromCosmos<T>(required(resource));
    } catch (err) {
      throw mapError(err);
    }
  }

  async delete(pk: string, id: string, options?: WriteOptions): Promise<void> {
    if (!isValidId(id)) throw notFound(pk, id);
    try {
      await this.container.item(id, pk).delete(ifMatch(options?.ifMatch));
    } catch (err) {
      throw mapError(err);
    }
  }

  async patch(pk: string, id: string, ops: PatchOp[], options?: WriteOptions): Promise<T> {
    if (!Array.isArray(ops) || ops.length === 0) {
      throw new StoreError('bad_request', 'A patch needs at least one operation');
    }
    for (const op of ops) patchPathSegments(op.path);
    if (!isValidId(id)) throw notFound(pk, id);
    if (ops.length > MAX_NATIVE_PATCH_OPS) return this.patchInCode(pk, id, ops, options);
    const operations: PatchOperation[] = ops.map((op) =>
      op.op === 'remove' ? { op: 'remove', path: op.path } : { op: op.op, path: op.path, value: op.value },
    );
    try {
      const { resource } = await this.container
        .item(id, pk)
        .patch<JSONObject>({ operations }, ifMatch(options?.ifMatch));
      return fromCosmos<T>(required(resource));
    } catch (err) {
      throw mapError(err);
    }
  }

  /** More than 10 operations: read, apply in code, replace with If-Match (all or nothing). */
  private async patchInCode(pk: string, id: string, ops: PatchOp[], options?: WriteOptions): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.read(pk, id);
      if (!current) throw notFound(pk, id);
      if (options?.ifMatch !== undefined && current._etag !== options.ifMatch) {
        throw new StoreError('precondition_failed', `Stale etag for ${pk}/${id}`);
      }
      const next = applyPatch(current, ops);
      if (next.id !== id || next.pk !== pk) {
        throw new StoreError('bad_request', 'A patch cannot change id or pk');
      }
      try {
        return await this.replace(next, { ifMatch: current._etag as string });
      } catch (err) {
        const retry =
          err instanceof StoreError &&
          err.code === 'precondition_failed' &&
          options?.ifMatch === undefined &&
          attempt < PATCH_RETRIES;
        if (!retry) throw err;
      }
    }
  }

  async batch(pk: string, ops: BatchOp<T>[]): Promise<BatchResult<T>> {
    if (!Array.isArray(ops)) throw new StoreError('bad_request', 'Batch operations must be a list');
    if (ops.length === 0) return [];
    if (ops.length > MAX_BATCH_OPS) {
      throw new StoreError('bad_request', `A batch holds at most ${MAX_BATCH_OPS} operations`);
    }
    const operations = ops.map((op): OperationInput => {
      switch (op.op) {
        case 'create':
        case 'upsert':
          assertWritableDoc(op.doc);
          assertSamePartition(pk, op.doc.pk);
          return {
            operationType: op.op === 'create' ? BulkOperationType.Create : BulkOperationType.Upsert,
            partitionKey: pk,
            resourceBody: toCosmos(op.doc),
          };
        case 'replace':
          assertWritableDoc(op.doc);
          assertSamePartition(pk, op.doc.pk);
          return {
            operationType: BulkOperationType.Replace,
            partitionKey: pk,
            id: op.doc.id,
            resourceBody: toCosmos(op.doc),
            ...(op.ifMatch !== undefined ? { ifMatch: op.ifMatch } : {}),
          };
        case 'delete': {
          if (typeof op.id !== 'string' || !isValidId(op.id)) {
            throw new StoreError('bad_request', `Invalid id: ${String(op.id)}`);
          }
          // The REST batch format accepts ifMatch on deletes; the SDK's type omits it.
          const del: OperationInput & { ifMatch?: string } = {
            operationType: BulkOperationType.Delete,
            partitionKey: pk,
            id: op.id,
          };
          if (op.ifMatch !== undefined) del.ifMatch = op.ifMatch;
          return del;
        }
        default:
          throw new StoreError(
            'bad_request',
            `Unknown batch operation: ${String((op as { op: unknown }).op)}`,
          );
      }
    });
    let results: OperationResponse[];
    try {
      const response = await this.container.items.batch(operations, pk);
      results = response.result ?? [];
    } catch (err) {
      throw mapError(err);
    }
    // In a failed transactional batch the culprit carries its own status and the
    // others 424 (failed dependency); report the culprit.
    const failures = results
      .map((result, index) => ({ result, index }))
      .filter(({ result }) => result.statusCode < 200 || result.statusCode > 299);
    const culprit = failures.find(({ result }) => result.statusCode !== 424) ?? failures[0];
    if (culprit) {
      const code = codeFor(culprit.result.statusCode) ?? 'bad_request';
      throw new StoreError(
        code,
        `Batch operation ${culprit.index} (${ops[culprit.index]?.op ?? '?'}) failed with status ${culprit.result.statusCode}`,
      );
    }
    if (results.length !== operations.length) {
      throw new Error(`Batch answered ${results.length} results for ${operations.length} operations`);
    }
    // Each written document as Cosmos stored it; should an account leave bodies out of the answer,
    // the document sent with the ETag the batch reported.
    return results.map((result, index) => {
      const op = ops[index] as BatchOp<T>;
      if (op.op === 'delete') return undefined;
      if (result.resourceBody) return fromCosmos<T>(result.resourceBody);
      if (result.eTag === undefined) throw new Error('Cosmos DB answered a batch write without its ETag');
      return { ...op.doc, _etag: result.eTag };
    });
  }
}
