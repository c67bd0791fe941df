import type { HttpRequest } from '@azure/functions';
import type { BlobContainer } from '../blob/blobStorage.js';
import type { StoredDoc } from '../store/store.js';
import type { AppServices } from './context.js';
import { toView } from './views.js';

/** Limit for JSON payloads of entity writes. */
export const JSON_LIMIT = 64 * 1024;
const IMAGE_READ_MINUTES = 15;

/** An entity as the API returns it, with its ETag for optimistic concurrency (`If-Match`). */
export function entityView<T extends StoredDoc>(doc: T): Record<string, unknown> {
  return { ...(doc._etag ? { '@odata.etag': doc._etag } : {}), ...toView(doc) };
}

/** The client's `If-Match` ETag, when it sent one (`*` means any version). */
export function ifMatch(req: HttpRequest): string | undefined {
  const value = req.headers.get('if-match')?.trim();
  return value && value !== '*' ? value : undefined;
}

/** Short-lived read URLs of images the caller was already allowed to see. */
export async function imageLinks(
  services: AppServices,
  container: BlobContainer,
  blobNames: string[],
): Promise<Array<{ blobName: string; url: string }>> {
  return Promise.all(
    blobNames.map(async (blobName) => ({
      blobName,
      url: (await services.blobs.readSas(container, blobName, IMAGE_READ_MINUTES)).url,
    })),
  );
}
