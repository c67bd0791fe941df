import { fetchJson } from './client';
import type { ODataCollection } from './types';

interface ODataPage<T> extends ODataCollection<T> {
  '@odata.nextLink'?: string;
}

/** The API pages with $top/$skip; a view that needs everything follows nextLink, up to a limit. */
const MAX_PAGES = 50;

/** The API builds nextLink from the URL it saw; only its path and query are used (same base URL). */
function relativeLink(link: string): string {
  const url = new URL(link, window.location.origin);
  return `${url.pathname}${url.search}`;
}

/** Every item of an OData collection, following `@odata.nextLink` page after page. */
export async function fetchAllPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined = path;
  for (let page = 0; next !== undefined && page < MAX_PAGES; page += 1) {
    const reply: ODataPage<T> = await fetchJson<ODataPage<T>>(next);
    items.push(...reply.value);
    next = reply['@odata.nextLink'] ? relativeLink(reply['@odata.nextLink']) : undefined;
  }
  return items;
}
