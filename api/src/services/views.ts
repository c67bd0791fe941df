import type { StoredDoc } from '../store/store.js';

const INTERNAL_FIELDS = new Set(['id', 'pk', 'type', '_ts', '_etag', 'ownerID', 'staffIDs', 'passwordHash']);

/** The API shape of a stored document: its own fields without storage and access internals. */
export function toView<T extends StoredDoc>(doc: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !INTERNAL_FIELDS.has(key)));
}
