import type { SqlParameter, JSONValue, QueryIterator, SqlQuerySpec } from '@azure/cosmos';
import { assertFieldPath, StoreError, type Filter, type QuerySpec } from './store.js';

/**
 * The store's query specs as Cosmos DB SQL: filters become parameterised conditions (every value a
 * parameter, every field a checked path), a query a `SELECT … WHERE` over one partition or all.
 */

class SqlBuilder {
  readonly parameters: SqlParameter[] = [];

  param(value: JSONValue): string {
    const name = `@p${this.parameters.length}`;
    this.parameters.push({ name, value });
    return name;
  }
}

/** `a.b` → `c["a"]["b"]`; the segments are validated identifiers, so quoting is safe. */
export function fieldExpr(field: string): string {
  return `c${assertFieldPath(field)
    .map((segment) => `["${segment}"]`)
    .join('')}`;
}

const COMPARISON: Record<string, string> = { eq: '=', ne: '!=', gt: '>', ge: '>=', lt: '<', le: '<=' };
function isScalar(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/**
 * A translated condition and how loosely it binds: `call` (function call or
 * literal), `comparison`, `not`, `and`, `or`. Parentheses are only added where precedence needs
 * them: the test server's SQL parser takes exponential time in nesting depth
 * (5 redundant levels ≈ 3 s), and Cosmos does not need them either.
 */
interface Condition {
  text: string;
  kind: 'call' | 'comparison' | 'not' | 'and' | 'or';
}

function translate(filter: Filter, sql: SqlBuilder): Condition {
  if (typeof filter !== 'object' || filter === null) {
    throw new StoreError('bad_request', 'Invalid filter');
  }
  const call = (text: string): Condition => ({ text, kind: 'call' });
  switch (filter.op) {
    case 'eq':
    case 'ne':
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le': {
      if (!isScalar(filter.value)) throw new StoreError('bad_request', `Invalid value for ${filter.field}`);
      const field = fieldExpr(filter.field);
      // OData (and the SQLite adapter) treat a missing property as null.
      if (filter.value === null && filter.op === 'eq') {
        return { text: `NOT IS_DEFINED(${field}) OR IS_NULL(${field})`, kind: 'or' };
      }
      if (filter.value === null && filter.op === 'ne') {
        return { text: `IS_DEFINED(${field}) AND NOT IS_NULL(${field})`, kind: 'and' };
      }
      return { text: `${field} ${COMPARISON[filter.op]} ${sql.param(filter.value)}`, kind: 'comparison' };
    }
    case 'in': {
      if (!Array.isArray(filter.values) || !filter.values.every(isScalar)) {
        throw new StoreError('bad_request', `Invalid values for ${filter.field}`);
      }
      return call(`ARRAY_CONTAINS(${sql.param(filter.values)}, ${fieldExpr(filter.field)})`);
    }
    case 'contains':
    case 'startswith':
    case 'endswith': {
      if (typeof filter.value !== 'string') {
        throw new StoreError('bad_request', `Invalid value for ${filter.field}`);
      }
      const fn = filter.op.toUpperCase();
      const field = fieldExpr(filter.field);
      return call(
        filter.ignoreCase
          ? `${fn}(LOWER(${field}), ${sql.param(filter.value.toLowerCase())})`
          : `${fn}(${field}, ${sql.param(filter.value)})`,
      );
    }
    case 'arrayContains': {
      if (!isScalar(filter.value)) throw new StoreError('bad_request', `Invalid value for ${filter.field}`);
      return call(`ARRAY_CONTAINS(${fieldExpr(filter.field)}, ${sql.param(filter.value)})`);
    }
    case 'exists':
      return call(`IS_DEFINED(${fieldExpr(filter.field)})`);
    case 'and':
    case 'or': {
      if (!Array.isArray(filter.items)) throw new StoreError('bad_request', 'Invalid filter');
      if (filter.items.length === 0) return call(filter.op === 'and' ? 'true' : 'false');
      const parts = filter.items.map((item) => translate(item, sql));
      if (parts.length === 1) return parts[0] as Condition;
      // AND binds tighter than OR; NOT and comparisons tighter than both.
      const texts = parts.map((part) =>
        filter.op === 'and' && part.kind === 'or' ? `(${part.text})` : part.text,
      );
      return { text: texts.join(filter.op === 'and' ? ' AND ' : ' OR '), kind: filter.op };
    }
    case 'not': {
      // NOT NOT x is x, also for undefined operands (NOT undefined is undefined).
      if (typeof filter.item === 'object' && filter.item !== null && filter.item.op === 'not') {
        return translate(filter.item.item, sql);
      }
      const inner = translate(filter.item, sql);
      // A function call needs no parentheses; a comparison, AND or OR does.
      return { text: inner.kind === 'call' ? `NOT ${inner.text}` : `NOT (${inner.text})`, kind: 'not' };
    }
    default:
      throw new StoreError(
        'bad_request',
        `Unknown filter operator: ${String((filter as { op: unknown }).op)}`,
      );
  }
}

export function buildQuery(select: string, spec: Pick<QuerySpec, 'partitionKey' | 'filter'>): SqlQuerySpec {
  const sql = new SqlBuilder();
  const conditions: string[] = [];
  // The partition key also goes in the WHERE clause: harmless on Cosmos (the request is
  // already scoped) and required by the test server, which does not scope by header.
  if (spec.partitionKey !== undefined) {
    if (typeof spec.partitionKey !== 'string') throw new StoreError('bad_request', 'Invalid partition key');
    conditions.push(`c["pk"] = ${sql.param(spec.partitionKey)}`);
  }
  if (spec.filter !== undefined) {
    const condition = translate(spec.filter, sql);
    conditions.push(
      condition.kind === 'or' && conditions.length > 0 ? `(${condition.text})` : condition.text,
    );
  }
  const query = conditions.length > 0 ? `${select} WHERE ${conditions.join(' AND ')}` : select;
  return { query, parameters: sql.parameters };
}

/** `SELECT *`, or an object of `select`'s top-level fields (checked names, so quoting is safe). */
export function selectClause(select: readonly string[] | undefined): string {
  if (select === undefined) return 'SELECT * FROM c';
  if (!Array.isArray(select) || select.length === 0)
    throw new StoreError('bad_request', 'Invalid projection');
  const fields = select.map((field) => {
    const segments = assertFieldPath(field);
    if (segments.length !== 1) throw new StoreError('bad_request', `Only top-level fields: ${field}`);
    return `"${segments[0]}": ${fieldExpr(field)}`;
  });
  return `SELECT VALUE {${fields.join(', ')}} FROM c`;
}

/**
 * A query of one logical partition, without the query-plan request the SDK (4.x) sends beside every
 * query. The SDK asks the gateway for a plan in parallel with the query itself and uses it only when the
 * gateway refuses the query as one it cannot run alone (cross-partition ORDER BY, aggregates, DISTINCT…).
 * A query scoped to one partition key never needs it: the gateway runs any such query whole (ORDER BY,
 * TOP, COUNT included). The iterator starts with a settled "no plan", so no plan request is sent; should
 * the gateway ever ask for one anyway, the query fails with that answer rather than silently running
 * another way. Cross-partition queries: `optimisticCrossPartition`. The round trips per request are counted in
 * tests/api/cosmosRoundTrips.test.ts, which fails if an SDK update brings the plan request back.
 */
export function withoutQueryPlan<T>(
  iterator: QueryIterator<T>,
  partitionKey: string | undefined,
): QueryIterator<T> {
  if (partitionKey === undefined) return iterator;
  return skipPlan(iterator, new StoreError('bad_request', NO_PLAN_SINGLE));
}

const NO_PLAN_SINGLE = 'A single-partition query that Cosmos DB could not run without a query plan';

/** The settled "no plan" of a cross-partition query sent optimistically (see `optimisticCrossPartition`). */
export class QueryPlanNeeded extends Error {
  constructor() {
    super('The gateway asked for a query plan');
    this.name = 'QueryPlanNeeded';
  }
}

/**
 * A cross-partition query without ORDER BY sent without its query plan: the gateway runs a plain filter
 * over every partition itself (the SDK sends it that way first anyway and needs the plan only when the
 * gateway refuses), so the plan request the SDK makes beside it is a round trip for nothing. Should the
 * gateway refuse (a query it cannot run alone), the page fails with `QueryPlanNeeded` and the caller runs
 * it again with the SDK's plan (`cosmos.ts`), so the answer is the same, one round trip dearer.
 */
export function optimisticCrossPartition<T>(iterator: QueryIterator<T>): QueryIterator<T> {
  return skipPlan(iterator, new QueryPlanNeeded());
}

function skipPlan<T>(iterator: QueryIterator<T>, noPlan: Error): QueryIterator<T> {
  const internals = iterator as unknown as { queryPlanPromise?: Promise<unknown> };
  if (!('queryPlanPromise' in internals)) return iterator;
  internals.queryPlanPromise = Promise.resolve(noPlan);
  return iterator;
}
