// The environment is explicit in Azure, production refuses a sandbox payment gateway, Azure refuses to
// run without Cosmos DB (never a SQLite file on the instance), and log text never keeps personal data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, VNPAY_PRODUCTION_HOST } from '../../api/src/config/index.js';
import { scrubText } from '../../api/src/telemetry/log.js';
import { requestIdFrom } from '../../api/src/telemetry/scope.js';

const dataDir = mkdtempSync(join(tmpdir(), 'nhatro-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** What infra/main.bicep writes for a production Function App (Key Vault references resolved). */
const AZURE = {
  APP_ENVIRONMENT: 'production',
  WEBSITE_INSTANCE_ID: 'abc123',
  COSMOS_ENDPOINT: 'https://cosmos-x.documents.azure.com:443/',
  COSMOS_DATABASE: 'nhatro',
  BLOB_ACCOUNT_URL: 'https://stx.blob.core.windows.net',
  JWT_SECRET: 'a'.repeat(64),
  WEB_ORIGIN: 'https://swa-x.azurestaticapps.net',
  DATA_DIR: dataDir,
};

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('APP_ENVIRONMENT and Azure', () => {
  it('production in Azure: Cosmos DB, no local store, no key', () => {
    const config = loadConfig(AZURE);
    expect(config).toMatchObject({ environment: 'azure', appEnvironment: 'production' });
    expect(config.store.cosmos).toMatchObject({ endpoint: AZURE.COSMOS_ENDPOINT, database: 'nhatro' });
    expect(config.store.cosmos?.key).toBeUndefined();
    expect(config.vnpay).toBeUndefined();
  });

  it('a missing COSMOS_ENDPOINT (or other required setting) in Azure stops the app instead of using SQLite', () => {
    const { COSMOS_ENDPOINT: _c, ...withoutCosmos } = AZURE;
    expect(refusal(withoutCosmos)).toMatch(/COSMOS_ENDPOINT/);
    const { BLOB_ACCOUNT_URL: _b, WEB_ORIGIN: _w, ...withoutTwo } = AZURE;
    expect(refusal(withoutTwo)).toMatch(/BLOB_ACCOUNT_URL, WEB_ORIGIN/);
    const { APP_ENVIRONMENT: _a, COSMOS_ENDPOINT: _c2, ...platformOnly } = AZURE;
    expect(refusal(platformOnly)).toMatch(/APP_ENVIRONMENT/);
  });

  it('the platform without APP_ENVIRONMENT, or with an unknown one, stops the app', () => {
    const { APP_ENVIRONMENT: _a, ...implicit } = AZURE;
    expect(refusal(implicit)).toMatch(/APP_ENVIRONMENT=production hoặc staging/);
    expect(refusal({ ...AZURE, APP_ENVIRONMENT: 'prod' })).toMatch(/production, staging hoặc development/);
    expect(refusal({ ...AZURE, APP_ENVIRONMENT: 'development' })).toMatch(/APP_ENVIRONMENT/);
    expect(refusal({ FUNCTIONS_WORKER_RUNTIME: 'node', DATA_DIR: dataDir })).toMatch(/APP_ENVIRONMENT/);
  });

  it('func start on a developer machine (APP_ENVIRONMENT=development) and npm start run locally', () => {
    expect(
      loadConfig({ FUNCTIONS_WORKER_RUNTIME: 'node', APP_ENVIRONMENT: 'development', DATA_DIR: dataDir }),
    ).toMatchObject({
      environment: 'local',
      appEnvironment: 'development',
    });
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      environment: 'local',
      appEnvironment: 'development',
    });
  });

  it('Azure refuses account keys', () => {
    expect(refusal({ ...AZURE, COSMOS_KEY: 'k' })).toMatch(/COSMOS_KEY/);
  });
});

describe('VNPay in production', () => {
  const merchant = { VNPAY_TMN_CODE: 'NHATRO01', VNPAY_HASH_SECRET: 'x'.repeat(32) };

  it('refuses the sandbox host, and defaults to the production host', () => {
    expect(refusal({ ...AZURE, ...merchant, VNPAY_HOST: 'https://sandbox.vnpayment.vn' })).toMatch(
      /thử nghiệm/,
    );
    expect(loadConfig({ ...AZURE, ...merchant }).vnpay?.host).toBe(VNPAY_PRODUCTION_HOST);
  });

  it('staging may use the sandbox, and defaults to it', () => {
    expect(loadConfig({ ...AZURE, ...merchant, APP_ENVIRONMENT: 'staging' }).vnpay?.host).toBe(
      'https://sandbox.vnpayment.vn',
    );
  });

  it('refuses half the secrets, and an unresolved Key Vault reference', () => {
    expect(refusal({ ...AZURE, VNPAY_TMN_CODE: 'NHATRO01' })).toMatch(/cùng nhau/);
    expect(
      refusal({
        ...AZURE,
        ...merchant,
        VNPAY_HASH_SECRET: '@Microsoft.KeyVault(VaultName=kv;SecretName=vnpay-hash-secret)',
      }),
    ).toMatch(/unresolved Key Vault reference/);
  });

  it('refuses a malformed number setting instead of running with NaN', () => {
    expect(refusal({ ...AZURE, MAX_BODY_BYTES: 'lots' })).toMatch(/MAX_BODY_BYTES/);
  });
});

describe('log text and request ids', () => {
  it('masks e-mail addresses, phone and ID card numbers, tokens and signatures', () => {
    const text = scrubText(
      'user tran.hoa@example.vn phone 0912 345 678 / +84912345678 cccd 079303001122 ' +
        'Bearer abc.def token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig url ?sv=1&sig=SECRETSIG house 3f2b-11',
    );
    for (const leaked of [
      'tran.hoa@example.vn',
      '0912 345 678',
      '84912345678',
      '079303001122',
      'abc.def',
      'eyJhbGci',
      'SECRETSIG',
    ]) {
      expect(text).not.toContain(leaked);
    }
    expect(text).toContain('house 3f2b-11');
  });

  it("keeps an id's digit runs whole, and still masks a phone number written beside it", () => {
    // A random UUID may hold runs such as 'f0123-4567' that look like a phone number.
    const houseID = 'dd03d65c-f123-4567-8901-234567890abc';
    const text = scrubText(`house ${houseID} phone 0912345678 room 9f2e8c1a-0000-4000-8000-000000000001`);
    expect(text).toContain(houseID);
    expect(text).toContain('9f2e8c1a-0000-4000-8000-000000000001');
    expect(text).not.toContain('0912345678');
  });

  it('keeps a well-formed incoming request id, replaces anything else', () => {
    expect(requestIdFrom('0af7651916cd43dd8448eb211c80319c')).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(requestIdFrom('a b')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(129))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
