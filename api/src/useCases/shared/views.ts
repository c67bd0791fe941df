import { BLOB_AREAS, thumbnailName, type BlobContainer } from '../../domain/shared/blobNames.js';
import type { StoredDoc } from '../../store/store.js';
import type { Deps } from './deps.js';

const IMAGE_READ_MINUTES = 15;

/** Storage and access internals a reply never carries. */
const HIDDEN_FIELDS = new Set([
  'id',
  'pk',
  'type',
  '_ts',
  '_etag',
  'ownerID',
  'staffIDs',
  'passwordHash',
  'revokedSessions',
  'searchText',
  'contractPDFHash',
  'guestLink',
  'plateKey',
  'contractIDs',
  'lessorInfoChangedAt',
]);

/**
 * The API shape of a stored document: its own fields without storage and access internals. A loop
 * rather than a rest pattern (`{ id, pk, ...view }`): V8 copies a rest of many excluded keys on a slow
 * path, about 1.5 µs a document, which a list of a thousand rooms paid per request.
 */
export function toView<T extends StoredDoc>(doc: T): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  const fields = doc as T & Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (HIDDEN_FIELDS.has(key)) continue;
    const value = fields[key];
    // A stored "__proto__" field stays a plain field, as the rest pattern copied it.
    if (key === '__proto__') {
      Object.defineProperty(view, key, { value, enumerable: true, writable: true, configurable: true });
    } else {
      view[key] = value;
    }
  }
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
