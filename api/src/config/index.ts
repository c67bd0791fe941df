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

/**
 * The deployment's stage, set explicitly in Azure (`APP_ENVIRONMENT`, a Bicep parameter): production
 * refuses a sandbox payment gateway; the super admin's header shows it. `development` is a developer's
 * machine (`npm start`, `func start`, tests).
 */
export type AppEnvironment = 'production' | 'staging' | 'development';
export const APP_ENVIRONMENTS: readonly AppEnvironment[] = ['production', 'staging', 'development'];

/** VNPay's sandbox and production hosts (the `vnpay` library defaults to the sandbox). */
export const VNPAY_SANDBOX_HOST = 'https://sandbox.vnpayment.vn';
export const VNPAY_PRODUCTION_HOST = 'https://pay.vnpay.vn';

/** The Zalo app that renews the Official Account's access token (Zalo OA API v4). */
export interface ZaloAppConfig {
  appId: string;
  /** The app's secret key (`secret_key` header of the token endpoint). */
  appSecret: string;
  /** `https://oauth.zaloapp.com`; tests point it at a local stand-in. */
  oauthUrl: string;
}

/** The key that seals secrets kept in the store (the Zalo tokens): envelope encryption. */
export type SecretsKeyConfig =
  /** A Key Vault RSA key (`https://<vault>.vault.azure.net/keys/<name>`) wraps a fresh data key per secret. */
  | { kind: 'keyVault'; keyUrl: string }
  /** A random key kept in DATA_DIR (local runs and tests). */
  | { kind: 'local'; key: Uint8Array };

/** A refused configuration: the app does not start, and says why (logs, /api/health). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface AppConfig {
  /** Where it runs: Azure (Cosmos DB, Key Vault, managed identity) or a developer's machine. */
  environment: 'local' | 'azure';
  appEnvironment: AppEnvironment;
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
  /** Absent: the Zalo token is not renewed automatically (the super admin enters a new one). */
  zaloApp?: ZaloAppConfig;
  /** Absent: secrets cannot be kept in the store (the Zalo token page says so). */
  secretsKey?: SecretsKeyConfig;
  /** OpenTelemetry to Application Insights (APPLICATIONINSIGHTS_CONNECTION_STRING is set). */
  telemetryEnabled?: boolean;
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
    throw new ConfigError(
      `${name} is an unresolved Key Vault reference; check the Function App identity (docs/deploy.md, "Key Vault references")`,
    );
  }
  return value || undefined;
}

/** A whole positive number setting; an empty one takes the default, a malformed one stops the app. */
function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) {
    throw new ConfigError(`${name} phải là số nguyên dương (đang là "${value}").`);
  }
  return parsed;
}

/** The merchant of the local payment sandbox (`npm start`, tests): nothing leaves the machine. */
export function localSandboxMerchant(dataDir: string): { tmnCode: string; hashSecret: string } {
  return { tmnCode: 'NHATRO01', hashSecret: localSecret(dataDir, 'vnpay-hash-secret', 24) };
}

function vnpayConfig(
  env: NodeJS.ProcessEnv,
  environment: AppConfig['environment'],
  appEnvironment: AppEnvironment,
  dataDir: string,
): VnpayConfig | undefined {
  const tmnCode = resolvedSecret('VNPAY_TMN_CODE', env.VNPAY_TMN_CODE);
  const hashSecret = resolvedSecret('VNPAY_HASH_SECRET', env.VNPAY_HASH_SECRET);
  if (environment === 'azure' && Boolean(tmnCode) !== Boolean(hashSecret)) {
    throw new ConfigError('VNPAY_TMN_CODE và VNPAY_HASH_SECRET phải được cấu hình cùng nhau (VNPay).');
  }
  if (tmnCode && hashSecret) {
    const host =
      env.VNPAY_HOST || (appEnvironment === 'production' ? VNPAY_PRODUCTION_HOST : VNPAY_SANDBOX_HOST);
    if (appEnvironment === 'production' && /sandbox/i.test(host)) {
      throw new ConfigError(
        `VNPAY_HOST là cổng thử nghiệm (${host}) trong môi trường production: hóa đơn sẽ được ghi đã trả mà không có tiền. ` +
          `Đặt VNPAY_HOST=${VNPAY_PRODUCTION_HOST} và mã merchant thật, hoặc APP_ENVIRONMENT=staging.`,
      );
    }
    if (environment === 'azure' && !host.startsWith('https://')) {
      throw new ConfigError(`VNPAY_HOST phải là địa chỉ https (${host}).`);
    }
    return { tmnCode, hashSecret, host };
  }
  // Locally the gateway is the sandbox started beside the product (its URL is set by the local host).
  if (environment === 'local' && env.VNPAY_HOST)
    return { ...localSandboxMerchant(dataDir), host: env.VNPAY_HOST };
  return undefined;
}

/**
 * Where the app runs. In Azure the stage is explicit: APP_ENVIRONMENT=production|staging (a Bicep
 * parameter), never inferred from other settings. The platform's own variables (WEBSITE_INSTANCE_ID on
 * every instance, FUNCTIONS_WORKER_RUNTIME in the Functions worker) without it stop the app: it must not
 * guess, and must never fall back to a SQLite file on the instance. `func start` on a developer's machine
 * sets FUNCTIONS_WORKER_RUNTIME too: local.settings.json says APP_ENVIRONMENT=development there.
 */
export function runtimeEnvironment(env: NodeJS.ProcessEnv): {
  environment: AppConfig['environment'];
  appEnvironment: AppEnvironment;
} {
  const explicit = env.APP_ENVIRONMENT?.trim();
  if (explicit && !(APP_ENVIRONMENTS as readonly string[]).includes(explicit)) {
    throw new ConfigError(
      `APP_ENVIRONMENT phải là production, staging hoặc development (đang là "${explicit}").`,
    );
  }
  if (explicit === 'production' || explicit === 'staging')
    return { environment: 'azure', appEnvironment: explicit };
  if (env.WEBSITE_INSTANCE_ID) {
    throw new ConfigError(
      'Trên Azure phải đặt APP_ENVIRONMENT=production hoặc staging (tham số appEnvironment của Bicep).',
    );
  }
  if (env.FUNCTIONS_WORKER_RUNTIME && explicit !== 'development') {
    throw new ConfigError(
      'APP_ENVIRONMENT chưa được đặt: production hoặc staging trên Azure, development khi chạy func start trên máy.',
    );
  }
  return { environment: 'local', appEnvironment: 'development' };
}

/** Settings Azure cannot run without; their absence stops the app with this message. */
const REQUIRED_IN_AZURE = ['COSMOS_ENDPOINT', 'BLOB_ACCOUNT_URL', 'JWT_SECRET', 'WEB_ORIGIN'] as const;

function zaloAppConfig(env: NodeJS.ProcessEnv): ZaloAppConfig | undefined {
  const appId = env.ZALO_APP_ID?.trim();
  const appSecret = resolvedSecret('ZALO_APP_SECRET', env.ZALO_APP_SECRET);
  if (!appId || !appSecret) return undefined;
  return { appId, appSecret, oauthUrl: 'https://oauth.zaloapp.com' };
}

/**
 * The configuration from app settings. Throws a {@link ConfigError} naming the setting when the app must
 * not start: in Azure without Cosmos DB, blob storage, the signing key or the SPA origin; a production
 * app with a sandbox payment gateway or half its VNPay secrets; an unresolved Key Vault reference.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { environment, appEnvironment } = runtimeEnvironment(env);
  if (environment === 'azure') {
    const missing = REQUIRED_IN_AZURE.filter((name) => !env[name]?.trim());
    if (missing.length > 0) {
      throw new ConfigError(
        `Thiếu cấu hình bắt buộc trên Azure: ${missing.join(', ')} (app settings do infra/main.bicep ghi). ` +
          'Ứng dụng không chạy bằng SQLite trên máy chủ Azure.',
      );
    }
    if (env.COSMOS_KEY || env.BLOB_ACCOUNT_KEY) {
      throw new ConfigError(
        'Trên Azure không dùng khóa tài khoản (COSMOS_KEY, BLOB_ACCOUNT_KEY): chỉ managed identity.',
      );
    }
  }
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const jwtSecretText = env.JWT_SECRET;
  if (jwtSecretText?.startsWith('@Microsoft.KeyVault(')) {
    // An unresolved Key Vault reference arrives as its literal text: never sign tokens with it.
    throw new ConfigError(
      'JWT_SECRET is an unresolved Key Vault reference; check the Function App identity (docs/deploy.md, "Key Vault references")',
    );
  }
  const secret = jwtSecretText ? new Uint8Array(Buffer.from(jwtSecretText, 'utf8')) : localJwtSecret(dataDir);
  if (secret.byteLength < 32) throw new ConfigError('JWT_SECRET must be at least 32 bytes');
  const blobPort = env.AZURITE_BLOB_PORT ?? '10000';
  const webOrigin = env.WEB_ORIGIN ?? `http://localhost:${env.PORT ?? 4280}`;
  const vnpay = vnpayConfig(env, environment, appEnvironment, dataDir);
  const zaloApp = zaloAppConfig(env);
  const secretsKeyUrl = env.SECRETS_KEY_URL?.trim();
  const secretsKey: SecretsKeyConfig | undefined = secretsKeyUrl
    ? { kind: 'keyVault', keyUrl: secretsKeyUrl }
    : environment === 'local'
      ? { kind: 'local', key: new Uint8Array(Buffer.from(localSecret(dataDir, 'secrets-key', 32), 'base64')) }
      : undefined;
  const bankFeedSecret =
    resolvedSecret('BANK_FEED_SECRET', env.BANK_FEED_SECRET) ??
    (environment === 'local' ? localSecret(dataDir, 'bank-feed-secret', 24) : undefined);
  return {
    environment,
    appEnvironment,
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
      accessTtlSeconds: positiveNumber('ACCESS_TOKEN_TTL_SECONDS', env.ACCESS_TOKEN_TTL_SECONDS, 900),
    },
    refreshTtlDays: 30,
    maxBodyBytes: positiveNumber('MAX_BODY_BYTES', env.MAX_BODY_BYTES, 30 * 1024 * 1024),
    webOrigin,
    apiOrigin: env.API_ORIGIN ?? (env.WEBSITE_HOSTNAME ? `https://${env.WEBSITE_HOSTNAME}` : webOrigin),
    ...(vnpay ? { vnpay } : {}),
    ...(bankFeedSecret ? { bankFeedSecret } : {}),
    messaging: {
      ...(env.ACS_ENDPOINT ? { acsEndpoint: env.ACS_ENDPOINT } : {}),
      ...(env.ACS_EMAIL_SENDER ? { emailSender: env.ACS_EMAIL_SENDER } : {}),
      ...(env.ACS_SMS_FROM ? { smsFrom: env.ACS_SMS_FROM } : {}),
    },
    ...(zaloApp ? { zaloApp } : {}),
    ...(secretsKey ? { secretsKey } : {}),
    telemetryEnabled: Boolean(env.APPLICATIONINSIGHTS_CONNECTION_STRING),
  };
}
