import { MAX_TOP, type ODataQuery } from '../../domain/shared/odata/parse.js';
import { matches, project, sortBy } from '../../domain/shared/odata/evaluate.js';
import type { Container, Filter, OrderBy, StoredDoc } from '../../store/store.js';

export interface CollectionPage<T> {
  items: T[];
  count?: number;
  /** `$skip` of the next page when more items follow. */
  nextSkip?: number;
}

/**
 * Runs an OData collection query on the store: the scope (what the caller may see),
 * the client's `$filter`, a single-key `$orderby` and the window (`$skip + $top + 1` rows, so the
 * SQLite adapter reads one indexed page: `ORDER BY … LIMIT`) are pushed down; paging walks
 * continuation tokens (the Cosmos emulator has no OFFSET); multi-key ordering is finished in memory.
 */
export async function queryCollection<T extends StoredDoc>(
  container: Container<T>,
  scope: { partitionKey?: string; filter: Filter },
  query: ODataQuery,
): Promise<CollectionPage<T>> {
  const filter: Filter = query.filter ? { op: 'and', items: [scope.filter, query.filter] } : scope.filter;
  const pageSize = query.top ?? MAX_TOP;
  const pushDownOrder = query.orderBy.length <= 1;
  const needed = pushDownOrder ? query.skip + pageSize + 1 : Number.POSITIVE_INFINITY;
  const fetched: T[] = [];
  // Not queryPages (queryAll.ts): each page asks only for what the window still needs, and the loop
  // stops once it is full, keeping the last token to tell whether more matches follow (for $count).
  let continuation: string | undefined;
  do {
    const page = await container.query({
      ...(scope.partitionKey !== undefined ? { partitionKey: scope.partitionKey } : {}),
      filter,
      ...(pushDownOrder && query.orderBy[0] ? { orderBy: query.orderBy[0] } : {}),
      top: Math.min(needed - fetched.length, 1000),
      ...(continuation ? { continuation } : {}),
    });
    fetched.push(...page.items);
    continuation = page.continuation;
  } while (continuation && fetched.length < needed);
  const ordered = pushDownOrder ? fetched : sortBy(fetched, query.orderBy);
  const end = query.skip + pageSize;
  const result: CollectionPage<T> = { items: ordered.slice(query.skip, end) };
  if (ordered.length > end) result.nextSkip = end;
  if (query.count) {
    // Every match was read already when the store had no more: no second query to count them.
    result.count = continuation
      ? await container.count({
          ...(scope.partitionKey !== undefined ? { partitionKey: scope.partitionKey } : {}),
          filter,
        })
      : fetched.length;
  }
  return result;
}

/** Applies a nested `$expand(...)` query to an already loaded list. */
export function applyInMemory<T extends object>(items: T[], query: ODataQuery): Partial<T>[] {
  const filtered = query.filter ? items.filter((item) => matches(item, query.filter as Filter)) : items;
  const ordered = sortBy(filtered, query.orderBy);
  const windowed = ordered.slice(query.skip, query.top === undefined ? undefined : query.skip + query.top);
  return windowed.map((item) => project(item, query.select));
}

/** One page of entities as the API returns them. */
export interface EntityPage {
  value: Array<Record<string, unknown>>;
  count?: number;
  nextSkip?: number;
}

/** `$select` applied to an entity; expanded navigation properties (and their counts) are always kept. */
export function selectFields(entity: Record<string, unknown>, query: ODataQuery): Record<string, unknown> {
  const select = query.select
    ? [
        ...query.select,
        ...query.expand.flatMap((option) => [option.property, `${option.property}@odata.count`]),
      ]
    : undefined;
  return project(entity, select);
}

/** Adds the navigation properties a query expands to a page of entities (useCases/shared/navigations.ts). */
export type ExpandEntities = (
  entities: Array<Record<string, unknown>>,
) => Promise<Array<Record<string, unknown>>>;

/**
 * The whole OData list recipe of a use case: the caller's scope and the client's query, a default
 * order when the client gives none, each document turned into its entity, the page's `$expand`
 * loaded together (`expand`, required when the model has navigation properties) and `$select`.
 */
export async function listEntities<T extends StoredDoc>(
  container: Container<T>,
  scope: { partitionKey?: string; filter: Filter },
  query: ODataQuery,
  defaultOrder: OrderBy[],
  toEntity: (doc: T) => Promise<Record<string, unknown>> | Record<string, unknown>,
  expand?: ExpandEntities,
): Promise<EntityPage> {
  const ordered = query.orderBy.length > 0 ? query : { ...query, orderBy: defaultOrder };
  return entityPage(await queryCollection(container, scope, ordered), query, toEntity, expand);
}

/**
 * `listEntities` over documents already read that match the scope and the client's `$filter`: ordered,
 * paged and counted in memory (a tenant's one house, read with what its `$expand` needs).
 */
export function listLoadedEntities<T extends StoredDoc>(
  docs: readonly T[],
  query: ODataQuery,
  defaultOrder: OrderBy[],
  toEntity: (doc: T) => Promise<Record<string, unknown>> | Record<string, unknown>,
  expand?: ExpandEntities,
): Promise<EntityPage> {
  const ordered = sortBy([...docs], query.orderBy.length > 0 ? query.orderBy : defaultOrder);
  const end = query.skip + (query.top ?? MAX_TOP);
  const page: CollectionPage<T> = {
    items: ordered.slice(query.skip, end),
    ...(ordered.length > end ? { nextSkip: end } : {}),
    ...(query.count ? { count: ordered.length } : {}),
  };
  return entityPage(page, query, toEntity, expand);
}

async function entityPage<T extends StoredDoc>(
  page: CollectionPage<T>,
  query: ODataQuery,
  toEntity: (doc: T) => Promise<Record<string, unknown>> | Record<string, unknown>,
  expand?: ExpandEntities,
): Promise<EntityPage> {
  const entities = await Promise.all(page.items.map(toEntity));
  if (query.expand.length > 0 && !expand) {
    throw new Error(`$expand of ${query.expand.map((option) => option.property).join(', ')} has no loader`);
  }
  const expanded = expand && query.expand.length > 0 ? await expand(entities) : entities;
  const value = expanded.map((entity) => selectFields(entity, query));
  return {
    value,
    ...(page.count !== undefined ? { count: page.count } : {}),
    ...(page.nextSkip !== undefined ? { nextSkip: page.nextSkip } : {}),
  };
}
