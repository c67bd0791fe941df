import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { StoreConfig } from '../store/index.js';

export interface BlobConfig {
  /** `https://<account>.blob.core.windows.net` in Azure; Azurite's URL locally. */
  accountUrl: string;
  /** Account name + key (Azurite); absent in Azure, where user-delegation SAS is used. */
  accountName?: string;
  accountKey?: string;
}

export interface AppConfig {
  environment: 'local' | 'azure';
  dataDir: string;
  store: StoreConfig;
  blob: BlobConfig;
  jwt: { secret: Uint8Array; issuer: string; audience: string; accessTtlSeconds: number };
  refreshTtlDays: number;
  maxBodyBytes: number;
  /** Origin of the SPA, used for CORS and payment return URLs. */
  webOrigin: string;
}

/** Azurite's published development account (not a secret: it is the same on every machine). */
export const AZURITE_ACCOUNT = {
  name: 'devstoreaccount1',
  key: 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
};

function localJwtSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  }
  return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const environment = env.COSMOS_ENDPOINT && !env.COSMOS_KEY ? 'azure' : 'local';
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const jwtSecretText = env.JWT_SECRET;
  if (environment === 'azure' && !jwtSecretText) {
    throw new Error('JWT_SECRET must be configured (Key Vault reference) in Azure');
  }
  if (jwtSecretText?.startsWith('@Microsoft.KeyVault(')) {
    // An unresolved Key Vault reference arrives as its literal text: never sign tokens with it.
    throw new Error('JWT_SECRET is an unresolved Key Vault reference; check the Function App identity');
  }
  const secret = jwtSecretText ? new Uint8Array(Buffer.from(jwtSecretText, 'utf8')) : localJwtSecret(dataDir);
  if (secret.byteLength < 32) throw new Error('JWT_SECRET must be at least 32 bytes');
  const blobPort = env.AZURITE_BLOB_PORT ?? '10000';
  return {
    environment,
    dataDir,
    store: {
      dataDir,
      ...(env.COSMOS_ENDPOINT
        ? {
            cosmos: {
              endpoint: env.COSMOS_ENDPOINT,
              database: env.COSMOS_DATABASE ?? 'nhatro',
              ...(env.COSMOS_KEY ? { key: env.COSMOS_KEY } : {}),
              allowInsecureTls: env.COSMOS_ALLOW_INSECURE_TLS === 'true',
            },
          }
        : {}),
    },
    blob: env.BLOB_ACCOUNT_URL
      ? {
          accountUrl: env.BLOB_ACCOUNT_URL,
          ...(env.BLOB_ACCOUNT_KEY
            ? { accountName: env.BLOB_ACCOUNT_NAME ?? AZURITE_ACCOUNT.name, accountKey: env.BLOB_ACCOUNT_KEY }
            : {}),
        }
      : {
          accountUrl: `http://127.0.0.1:${blobPort}/${AZURITE_ACCOUNT.name}`,
          accountName: AZURITE_ACCOUNT.name,
          accountKey: AZURITE_ACCOUNT.key,
        },
    jwt: {
      secret,
      issuer: 'nhatro-api',
      audience: 'nhatro-web',
      accessTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900),
    },
    refreshTtlDays: 30,
    maxBodyBytes: Number(env.MAX_BODY_BYTES ?? 30 * 1024 * 1024),
    webOrigin: env.WEB_ORIGIN ?? `http://localhost:${env.PORT ?? 4280}`,
  };
}
