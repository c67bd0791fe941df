import type { StoredDoc } from '../store/store.js';

/** The API shape of a stored document: its own fields without storage and access internals. */
export function toView<T extends StoredDoc>(doc: T): Record<string, unknown> {
  const {
    id: _id,
    pk: _pk,
    type: _type,
    _ts,
    _etag,
    ownerID: _ownerID,
    staffIDs: _staffIDs,
    passwordHash: _passwordHash,
    ...view
  } = doc as T & Record<string, unknown>;
  return view;
}
