import type * as StorageBlob from '@azure/storage-blob';
import type { BlobServiceClient, StorageSharedKeyCredential, UserDelegationKey } from '@azure/storage-blob';
import type { AccessToken, GetTokenOptions, TokenCredential } from '@azure/core-auth';
import type { BlobConfig } from '../config/index.js';
import { BLOB_CONTAINERS, servedAs, type BlobContainer } from '../domain/shared/blobNames.js';
import {
  MAX_SAS_MINUTES,
  type BlobHead,
  type BlobListing,
  type BlobStorage,
  type IssuedSas,
} from './blobStorage.js';

/** The blob storage adapter: Azure Storage in Azure (user-delegation SAS), Azurite locally (account key). */

type SigningKey =
  | { kind: 'account'; credential: StorageSharedKeyCredential }
  | { kind: 'delegation'; key: UserDelegationKey; accountName: string };

type BlobSdk = typeof StorageBlob;

interface Connection {
  sdk: BlobSdk;
  client: BlobServiceClient;
  signingKey: () => Promise<SigningKey>;
}

let sdkLoading: Promise<BlobSdk> | undefined;

/** @azure/storage-blob costs 160–240 ms to import: it is loaded on the first blob operation, not at start. */
function loadSdk(): Promise<BlobSdk> {
  sdkLoading ??= import('@azure/storage-blob');
  return sdkLoading;
}

function connect(sdk: BlobSdk, config: BlobConfig): Connection {
  if (config.accountName && config.accountKey) {
    const credential = new sdk.StorageSharedKeyCredential(config.accountName, config.accountKey);
    const client = new sdk.BlobServiceClient(config.accountUrl, credential);
    return { sdk, client, signingKey: async () => ({ kind: 'account', credential }) };
  }
  const client = new sdk.BlobServiceClient(config.accountUrl, new LazyDefaultCredential());
  const accountName = new URL(config.accountUrl).hostname.split('.')[0] ?? '';
  let cached: { key: UserDelegationKey; renewAfter: number } | undefined;
  return {
    sdk,
    client,
    signingKey: async () => {
      const now = Date.now();
      if (!cached || cached.renewAfter < now) {
        // A delegation key may live 7 days; we keep one for 2 hours and sign ≤ 1-hour tokens with it.
        const startsOn = new Date(now - 5 * 60_000);
        const expiresOn = new Date(now + 2 * 60 * 60_000);
        const key = await client.getUserDelegationKey(startsOn, expiresOn);
        cached = { key, renewAfter: now + 60 * 60_000 };
      }
      return { kind: 'delegation', key: cached.key, accountName };
    },
  };
}

export function createBlobStorage(config: BlobConfig): BlobStorage {
  let connection: Promise<Connection> | undefined;
  return new AzureBlobStorage(config.accountUrl, () => {
    connection ??= loadSdk().then((sdk) => connect(sdk, config));
    return connection;
  });
}

/** DefaultAzureCredential, loaded on the first token request: @azure/identity costs ~0.4 s to import. */
class LazyDefaultCredential implements TokenCredential {
  private inner: Promise<TokenCredential> | undefined;

  async getToken(scopes: string | string[], options?: GetTokenOptions): Promise<AccessToken | null> {
    this.inner ??= import('@azure/identity').then((identity) => new identity.DefaultAzureCredential());
    return (await this.inner).getToken(scopes, options);
  }
}

class AzureBlobStorage implements BlobStorage {
  constructor(
    readonly accountUrl: string,
    private readonly connection: () => Promise<Connection>,
  ) {}

  private async client(): Promise<BlobServiceClient> {
    return (await this.connection()).client;
  }

  async ensureContainers(): Promise<void> {
    const client = await this.client();
    for (const name of BLOB_CONTAINERS) {
      await client.getContainerClient(name).createIfNotExists();
    }
  }

  private async sign(
    container: BlobContainer,
    blobName: string,
    permissions: string,
    minutes: number,
    served: { contentType?: string; contentDisposition?: string } = {},
  ): Promise<IssuedSas> {
    const { sdk, client, signingKey } = await this.connection();
    const lifetime = Math.min(Math.max(minutes, 1), MAX_SAS_MINUTES);
    const startsOn = new Date(Date.now() - 2 * 60_000);
    const expiresOn = new Date(Date.now() + lifetime * 60_000);
    const values = {
      containerName: container,
      blobName,
      permissions: sdk.BlobSASPermissions.parse(permissions),
      startsOn,
      expiresOn,
      protocol: this.accountUrl.startsWith('https:') ? sdk.SASProtocol.Https : sdk.SASProtocol.HttpsAndHttp,
      ...served,
    };
    const key = await signingKey();
    const sas =
      key.kind === 'account'
        ? sdk.generateBlobSASQueryParameters(values, key.credential).toString()
        : sdk.generateBlobSASQueryParameters(values, key.key, key.accountName).toString();
    const blobUrl = client.getContainerClient(container).getBlobClient(blobName).url;
    return { sas, url: `${blobUrl}?${sas}`, expiresOn: expiresOn.toISOString() };
  }

  uploadSas(container: BlobContainer, blobName: string, minutes: number): Promise<IssuedSas> {
    return this.sign(container, blobName, 'c', minutes);
  }

  readSas(container: BlobContainer, blobName: string, minutes: number): Promise<IssuedSas> {
    return this.sign(container, blobName, 'r', minutes, servedAs(blobName));
  }

  async blobExists(container: BlobContainer, blobName: string): Promise<boolean> {
    return (await this.client()).getContainerClient(container).getBlobClient(blobName).exists();
  }

  async head(container: BlobContainer, blobName: string, bytes: number): Promise<BlobHead | undefined> {
    const blob = (await this.client()).getContainerClient(container).getBlobClient(blobName);
    if (!(await blob.exists())) return undefined;
    const properties = await blob.getProperties();
    const contentLength = properties.contentLength ?? 0;
    const firstBytes =
      contentLength === 0 ? Buffer.alloc(0) : await blob.downloadToBuffer(0, Math.min(bytes, contentLength));
    return { contentLength, contentType: properties.contentType ?? '', firstBytes };
  }

  async upload(
    container: BlobContainer,
    blobName: string,
    data: Uint8Array,
    contentType: string,
  ): Promise<void> {
    await (
      await this.client()
    )
      .getContainerClient(container)
      .getBlockBlobClient(blobName)
      .uploadData(data, {
        blobHTTPHeaders: { blobContentType: contentType },
        conditions: { ifNoneMatch: '*' },
      });
  }

  async download(container: BlobContainer, blobName: string): Promise<Uint8Array | undefined> {
    const blob = (await this.client()).getContainerClient(container).getBlobClient(blobName);
    if (!(await blob.exists())) return undefined;
    return new Uint8Array(await blob.downloadToBuffer());
  }

  async setContentType(container: BlobContainer, blobName: string, contentType: string): Promise<void> {
    const { contentDisposition } = servedAs(blobName);
    await (
      await this.client()
    )
      .getContainerClient(container)
      .getBlobClient(blobName)
      .setHTTPHeaders({
        blobContentType: contentType,
        ...(contentDisposition ? { blobContentDisposition: contentDisposition } : {}),
      });
  }

  async delete(container: BlobContainer, blobName: string): Promise<void> {
    await (await this.client()).getContainerClient(container).getBlobClient(blobName).deleteIfExists();
  }

  async *list(container: BlobContainer): AsyncIterable<BlobListing> {
    for await (const blob of (await this.client()).getContainerClient(container).listBlobsFlat()) {
      yield {
        name: blob.name,
        createdOn: blob.properties.createdOn ?? blob.properties.lastModified,
        contentLength: blob.properties.contentLength ?? 0,
      };
    }
  }
}
