import { BLOB_AREAS, thumbnailName, type BlobContainer } from '../../domain/shared/blobNames.js';
import type { StoredDoc } from '../../store/store.js';
import type { Deps } from './deps.js';

const IMAGE_READ_MINUTES = 15;

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
    revokedSessions: _revokedSessions,
    searchText: _searchText,
    contractPDFHash: _contractPDFHash,
    guestLink: _guestLink,
    plateKey: _plateKey,
    ...view
  } = doc as T & Record<string, unknown>;
  return view;
}

/** An entity as the API returns it, with its ETag for optimistic concurrency (`If-Match`). */
export function entityView<T extends StoredDoc>(doc: T): Record<string, unknown> {
  return { ...(doc._etag ? { '@odata.etag': doc._etag } : {}), ...toView(doc) };
}

/**
 * Short-lived read URLs of images the caller was already allowed to see, and of their thumbnails where
 * the area keeps them (`thumbnailURL`: lists show it; a photo stored before thumbnails existed has none
 * there, and the web falls back to `url`).
 */
export async function imageLinks(
  deps: Deps,
  container: BlobContainer,
  blobNames: string[],
): Promise<Array<{ blobName: string; url: string; thumbnailURL?: string }>> {
  const read = async (blobName: string) =>
    (await deps.blobs.readSas(container, blobName, IMAGE_READ_MINUTES)).url;
  const thumbnails = BLOB_AREAS[container].thumbnails === true;
  return Promise.all(
    blobNames.map(async (blobName) => ({
      blobName,
      url: await read(blobName),
      ...(thumbnails && !blobName.endsWith('.pdf')
        ? { thumbnailURL: await read(thumbnailName(blobName)) }
        : {}),
    })),
  );
}
