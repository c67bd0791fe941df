import type { Container, QueryPage, QuerySpec, StoredDoc } from '../../store/store.js';

/** Documents per page unless the query says otherwise: well under Cosmos' 4 MB reply limit for our sizes. */
const PAGE_SIZE = 1000;

/**
 * Every page of a query, one after another, following the continuation tokens (the Cosmos emulator has
 * no OFFSET): for a caller that handles each page as it comes (a sum, a grouping).
 */
export async function* queryPages<T extends StoredDoc>(
  container: Container<T>,
  spec: Omit<QuerySpec, 'continuation'>,
): AsyncGenerator<QueryPage<T>> {
  let continuation: string | undefined;
  do {
    const page = await container.query({
      top: PAGE_SIZE,
      ...spec,
      ...(continuation ? { continuation } : {}),
    });
    yield page;
    continuation = page.continuation;
  } while (continuation);
}

/** Every document a query matches, all pages read. */
export async function queryAll<T extends StoredDoc>(
  container: Container<T>,
  spec: Omit<QuerySpec, 'continuation'>,
): Promise<T[]> {
  const items: T[] = [];
  for await (const page of queryPages(container, spec)) items.push(...page.items);
  return items;
}
