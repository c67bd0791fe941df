import type { BlobHead, BlobListing, BlobStorage, IssuedSas } from '../../api/src/blob/blobStorage.js';
import type { BlobContainer } from '../../api/src/domain/shared/blobNames.js';

/** The longest SAS lifetime the real adapter signs (the spec's one hour). */
const MAX_SAS_MINUTES = 60;

interface StoredBlob {
  data: Uint8Array;
  contentType: string;
  createdOn: Date;
}

/** A SAS this storage handed out, for tests to assert on. */
export interface IssuedGrant {
  container: BlobContainer;
  blobName: string;
  permission: 'c' | 'r';
  minutes: number;
}

/**
 * Blob storage in memory for use-case tests: bytes per container and name, `head` as the real
 * adapter answers it, and SAS URLs that are fake but deterministic (they name the blob and the
 * permission, and expire by the injected clock).
 */
export class MemoryBlobStorage implements BlobStorage {
  readonly accountUrl = 'https://memory.blob.test/account';
  readonly issued: IssuedGrant[] = [];
  private readonly blobs = new Map<string, StoredBlob>();
  private containersEnsured = false;

  constructor(private readonly now: () => Date = () => new Date()) {}

  private key(container: BlobContainer, blobName: string): string {
    return `${container}/${blobName}`;
  }

  async ensureContainers(): Promise<void> {
    this.containersEnsured = true;
  }

  get ensured(): boolean {
    return this.containersEnsured;
  }

  private sign(
    container: BlobContainer,
    blobName: string,
    permission: 'c' | 'r',
    minutes: number,
  ): IssuedSas {
    const lifetime = Math.min(Math.max(minutes, 1), MAX_SAS_MINUTES);
    const expiresOn = new Date(this.now().getTime() + lifetime * 60_000).toISOString();
    this.issued.push({ container, blobName, permission, minutes: lifetime });
    const sas = `sp=${permission}&sr=b&se=${encodeURIComponent(expiresOn)}&sig=fake`;
    return { sas, url: `${this.accountUrl}/${container}/${blobName}?${sas}`, expiresOn };
  }

  async uploadSas(container: BlobContainer, blobName: string, minutes: number): Promise<IssuedSas> {
    return this.sign(container, blobName, 'c', minutes);
  }

  async readSas(container: BlobContainer, blobName: string, minutes: number): Promise<IssuedSas> {
    return this.sign(container, blobName, 'r', minutes);
  }

  async blobExists(container: BlobContainer, blobName: string): Promise<boolean> {
    return this.blobs.has(this.key(container, blobName));
  }

  async download(container: BlobContainer, blobName: string): Promise<Uint8Array | undefined> {
    const blob = this.blobs.get(this.key(container, blobName));
    return blob ? new Uint8Array(blob.data) : undefined;
  }

  async head(container: BlobContainer, blobName: string, bytes: number): Promise<BlobHead | undefined> {
    const blob = this.blobs.get(this.key(container, blobName));
    if (!blob) return undefined;
    return {
      contentLength: blob.data.byteLength,
      contentType: blob.contentType,
      firstBytes: Buffer.from(blob.data.subarray(0, Math.min(bytes, blob.data.byteLength))),
    };
  }

  /** Create-only, as the real adapter (`If-None-Match: *`). */
  async upload(
    container: BlobContainer,
    blobName: string,
    data: Uint8Array,
    contentType: string,
  ): Promise<void> {
    const key = this.key(container, blobName);
    if (this.blobs.has(key)) throw new Error(`Blob ${key} already exists`);
    this.blobs.set(key, { data: new Uint8Array(data), contentType, createdOn: this.now() });
  }

  async delete(container: BlobContainer, blobName: string): Promise<void> {
    this.blobs.delete(this.key(container, blobName));
  }

  async setContentType(container: BlobContainer, blobName: string, contentType: string): Promise<void> {
    const blob = this.blobs.get(this.key(container, blobName));
    if (!blob) throw new Error(`Blob ${container}/${blobName} does not exist`);
    blob.contentType = contentType;
  }

  async *list(container: BlobContainer): AsyncIterable<BlobListing> {
    const prefix = `${container}/`;
    for (const [key, blob] of this.blobs) {
      if (key.startsWith(prefix)) {
        yield { name: key.slice(prefix.length), createdOn: blob.createdOn, contentLength: blob.data.length };
      }
    }
  }

  /** What a browser does with an upload SAS: puts bytes under a name (tests only). */
  put(container: BlobContainer, blobName: string, data: Uint8Array, contentType = 'image/png'): void {
    this.blobs.set(this.key(container, blobName), {
      data: new Uint8Array(data),
      contentType,
      createdOn: this.now(),
    });
  }

  /** The names stored in one container, sorted. */
  names(container: BlobContainer): string[] {
    const prefix = `${container}/`;
    return [...this.blobs.keys()]
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length))
      .sort();
  }

  bytes(container: BlobContainer, blobName: string): Uint8Array | undefined {
    return this.blobs.get(this.key(container, blobName))?.data;
  }
}
