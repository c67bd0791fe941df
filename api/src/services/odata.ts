import type { HttpRequest } from '@azure/functions';
import { MAX_TOP, type ODataQuery } from '../domain/odata/parse.js';
import { matches, project, sortBy } from '../domain/odata/evaluate.js';
import type { Container, Filter, StoredDoc } from '../store/store.js';

export interface CollectionPage<T> {
  items: T[];
  count?: number;
  /** `$skip` of the next page when more items follow. */
  nextSkip?: number;
}

/**
 * Runs an OData collection query on the store: the scope (what the caller may see)
 * and the client's `$filter` are pushed down; paging walks continuation tokens
 * (the Cosmos emulator has no OFFSET); multi-key ordering is finished in memory.
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
    result.count = await container.count({
      ...(scope.partitionKey !== undefined ? { partitionKey: scope.partitionKey } : {}),
      filter,
    });
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

/** The OData JSON of a collection, with `@odata.nextLink` when the server cut the page. */
export function collectionBody(
  req: HttpRequest,
  entitySet: string,
  page: { value: unknown[]; count?: number; nextSkip?: number },
): Record<string, unknown> {
  const url = new URL(req.url);
  const body: Record<string, unknown> = { '@odata.context': `${url.origin}/odata/$metadata#${entitySet}` };
  if (page.count !== undefined) body['@odata.count'] = page.count;
  body.value = page.value;
  if (page.nextSkip !== undefined) {
    url.searchParams.set('$skip', String(page.nextSkip));
    body['@odata.nextLink'] = url.toString();
  }
  return body;
}
