import { BLOB_CONTAINERS, type BlobContainer } from '../domain/shared/blobNames.js';

/**
 * The blob storage port: what use cases may ask of stored files. The adapter for Azure Storage and
 * Azurite is azureBlobStorage.ts, chosen by the composition root; tests use an in-memory one.
 */

export { BLOB_CONTAINERS, type BlobContainer };

/** The spec's longest allowed lifetime of a shared-access key. */
export const MAX_SAS_MINUTES = 60;

export interface IssuedSas {
  /** The SAS query string (without `?`). */
  sas: string;
  /** Blob URL with the SAS appended. */
  url: string;
  expiresOn: string;
}

export interface BlobHead {
  contentLength: number;
  contentType: string;
  /** The first bytes of the blob, to check its real type. */
  firstBytes: Buffer;
}

/** One stored blob as a listing shows it. */
export interface BlobListing {
  name: string;
  /** When the blob was created (its last change where the service gives no creation time). */
  createdOn: Date;
  contentLength: number;
}

/**
 * The product's blob storage: least-privilege SAS tokens for the browser (create-only
 * for uploads, read-only for downloads, one blob each) and the few server-side operations.
 */
export interface BlobStorage {
  readonly accountUrl: string;
  ensureContainers(): Promise<void>;
  uploadSas(container: BlobContainer, blobName: string, minutes: number): Promise<IssuedSas>;
  /** A read-only URL whose reply carries the type the server fixes for the name (`rsct`/`rscd`), not the uploader's. */
  readSas(container: BlobContainer, blobName: string, minutes: number): Promise<IssuedSas>;
  blobExists(container: BlobContainer, blobName: string): Promise<boolean>;
  /** `undefined` when the blob does not exist. */
  head(container: BlobContainer, blobName: string, bytes: number): Promise<BlobHead | undefined>;
  upload(container: BlobContainer, blobName: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The whole blob (small server-side files such as signatures); `undefined` when it does not exist. */
  download(container: BlobContainer, blobName: string): Promise<Uint8Array | undefined>;
  /** Replaces the stored Content-Type (and Content-Disposition) the uploader chose. */
  setContentType(container: BlobContainer, blobName: string, contentType: string): Promise<void>;
  delete(container: BlobContainer, blobName: string): Promise<void>;
  list(container: BlobContainer): AsyncIterable<BlobListing>;
}
