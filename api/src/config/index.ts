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

/** The VNPay merchant: terminal code, hash secret and the gateway's host (its sandbox or production). */
export interface VnpayConfig {
  tmnCode: string;
  hashSecret: string;
  /** `https://sandbox.vnpayment.vn`, `https://pay.vnpay.vn`, or the local sandbox's URL. */
  host: string;
}

/** Where e-mail and SMS leave the platform (Azure Communication Services, managed identity). */
export interface MessagingConfig {
  /** `https://<resource>.communication.azure.com`; absent: messages stay in the outbox (local). */
  acsEndpoint?: string;
  /** Verified sender address of the ACS e-mail domain. */
  emailSender?: string;
  /** The ACS phone number (E.164) SMS are sent from. */
  smsFrom?: string;
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
  /** Origin the API is reached at from outside (the gateway's return URL); the SPA's origin locally. */
  apiOrigin: string;
  /** Absent when online payment is not configured (payment URLs then answer with an errorMessage). */
  vnpay?: VnpayConfig;
  /** Shared secret that signs the bank feed's webhook calls; absent: the webhook refuses every call. */
  bankFeedSecret?: string;
  messaging: MessagingConfig;
}

/** Azurite's published development account (not a secret: it is the same on every machine). */
export const AZURITE_ACCOUNT = {
  name: 'devstoreaccount1',
  key: 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
};

/** A random secret kept in `DATA_DIR/<name>` (generated on first use): local runs only. */
function localSecret(dataDir: string, name: string, bytes: number): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(bytes).toString('base64'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

function localJwtSecret(dataDir: string): Uint8Array {
  return new Uint8Array(Buffer.from(localSecret(dataDir, 'jwt-secret', 48), 'base64'));
}

/** A setting that must not be an unresolved Key Vault reference (its literal text arrives when the identity lacks access). */
function resolvedSecret(name: string, value: string | undefined): string | undefined {
  if (value?.startsWith('@Microsoft.KeyVault(')) {
    throw new Error(`${name} is an unresolved Key Vault reference; check the Function App identity`);
  }
  return value || undefined;
}

/** The merchant of the local payment sandbox (`npm start`, tests): nothing leaves the machine. */
export function localSandboxMerchant(dataDir: string): { tmnCode: string; hashSecret: string } {
  return { tmnCode: 'NHATRO01', hashSecret: localSecret(dataDir, 'vnpay-hash-secret', 24) };
}

function vnpayConfig(env: NodeJS.ProcessEnv, environment: AppConfig['environment'], dataDir: string) {
  const tmnCode = resolvedSecret('VNPAY_TMN_CODE', env.VNPAY_TMN_CODE);
  const hashSecret = resolvedSecret('VNPAY_HASH_SECRET', env.VNPAY_HASH_SECRET);
  if (tmnCode && hashSecret) {
    return { tmnCode, hashSecret, host: env.VNPAY_HOST ?? 'https://sandbox.vnpayment.vn' };
  }
  // Locally the gateway is the sandbox started beside the product (its URL is set by the local host).
  if (environment === 'local' && env.VNPAY_HOST)
    return { ...localSandboxMerchant(dataDir), host: env.VNPAY_HOST };
  return undefined;
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
  const webOrigin = env.WEB_ORIGIN ?? `http://localhost:${env.PORT ?? 4280}`;
  const vnpay = vnpayConfig(env, environment, dataDir);
  const bankFeedSecret =
    resolvedSecret('BANK_FEED_SECRET', env.BANK_FEED_SECRET) ??
    (environment === 'local' ? localSecret(dataDir, 'bank-feed-secret', 24) : undefined);
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
    webOrigin,
    apiOrigin: env.API_ORIGIN ?? (env.WEBSITE_HOSTNAME ? `https://${env.WEBSITE_HOSTNAME}` : webOrigin),
    ...(vnpay ? { vnpay } : {}),
    ...(bankFeedSecret ? { bankFeedSecret } : {}),
    messaging: {
      ...(env.ACS_ENDPOINT ? { acsEndpoint: env.ACS_ENDPOINT } : {}),
      ...(env.ACS_EMAIL_SENDER ? { emailSender: env.ACS_EMAIL_SENDER } : {}),
      ...(env.ACS_SMS_FROM ? { smsFrom: env.ACS_SMS_FROM } : {}),
    },
  };
}
