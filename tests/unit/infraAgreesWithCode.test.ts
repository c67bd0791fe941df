// Names written both in infra/ (Bicep, read as text: there is no Bicep compiler here) and in the code
// must agree: blob containers, Cosmos DB database and containers, app settings, Key Vault secrets,
// timers, azd service names and package folders.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOB_CONTAINERS } from '../../api/src/domain/shared/blobNames.js';
import { timerFunctions } from '../../api/src/http/registry.js';
import { loadFunctionModules } from '../../api/src/local/functionModules.js';
import { CONTAINER_NAMES } from '../../api/src/store/store.js';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const MAIN = read('infra/main.bicep');
const MODULES = readdirSync(join(ROOT, 'infra/modules')).map((name) => read(`infra/modules/${name}`));
const ALL_BICEP = [MAIN, ...MODULES].join('\n');
const CONFIG_SOURCE = read('api/src/config/index.ts');

/** Bicep without its // comments (names in comments must not count). */
const code = (bicep: string) => bicep.replace(/\/\/.*$/gm, '');

/** The string items of a multi-line Bicep array introduced by `prefix` (e.g. "var blobContainerNames ="). */
function bicepStringArray(bicep: string, prefix: string): string[] {
  const start = code(bicep).indexOf(prefix);
  expect(start, `${prefix} not found`).toBeGreaterThanOrEqual(0);
  const open = code(bicep).indexOf('[', start + prefix.length);
  const close = code(bicep).indexOf(']', open);
  return [
    ...code(bicep)
      .slice(open + 1, close)
      .matchAll(/'([^']*)'/g),
  ].map((match) => match[1] ?? '');
}

/** The keys of a Bicep object literal introduced by `prefix` (one `KEY: value` per line). */
function bicepObjectKeys(bicep: string, prefix: string): string[] {
  const text = code(bicep);
  const start = text.indexOf(prefix);
  expect(start, `${prefix} not found`).toBeGreaterThanOrEqual(0);
  const open = text.indexOf('{', start);
  let depth = 0;
  let end = open;
  for (; end < text.length; end += 1) {
    if (text[end] === '{') depth += 1;
    if (text[end] === '}') depth -= 1;
    if (depth === 0) break;
  }
  return [...text.slice(open + 1, end).matchAll(/^\s*([A-Za-z_][\w.]*)\s*:/gm)].map(
    (match) => match[1] ?? '',
  );
}

/** Environment variables the configuration reads (`env.NAME`). */
const settingsReadByCode = new Set(
  [...CONFIG_SOURCE.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? ''),
);

/** Read by the Functions host, not by our code. */
const HOST_SETTINGS = [
  'AzureWebJobsStorage__accountName',
  'APPLICATIONINSIGHTS_CONNECTION_STRING',
  'APPLICATIONINSIGHTS_AUTHENTICATION_STRING',
];
/** Set by Bicep for a slice that does not read them yet: update this list when it does. */
const NOT_READ_YET: string[] = [];
/** Local-only settings that must never be set in Azure (keys: Azure uses Entra ID only). */
const NEVER_IN_AZURE = [
  'COSMOS_KEY',
  'BLOB_ACCOUNT_KEY',
  'BLOB_ACCOUNT_NAME',
  'COSMOS_ALLOW_INSECURE_TLS',
  'DATA_DIR',
];

describe('infra/ and the code agree', () => {
  it('blob containers: main.bicep creates exactly BLOB_CONTAINERS', () => {
    expect(bicepStringArray(MAIN, 'var blobContainerNames =')).toEqual([...BLOB_CONTAINERS]);
  });

  it('Cosmos DB: cosmos.bicep creates exactly CONTAINER_NAMES, in the database the code defaults to', () => {
    const cosmos = read('infra/modules/cosmos.bicep');
    expect(bicepStringArray(cosmos, 'param containerNames string[] =')).toEqual([...CONTAINER_NAMES]);
    // main.bicep does not override the list.
    expect(code(MAIN)).not.toMatch(/containerNames:\s*\[[^\]]*'houses'/);
    const database = /var cosmosDatabaseName = '([^']+)'/.exec(MAIN)?.[1];
    expect(CONFIG_SOURCE).toContain(`env.COSMOS_DATABASE ?? '${database}'`);
    expect(cosmos).toContain(`param databaseName string = '${database}'`);
  });

  it('app settings: every one Bicep writes is read by the code or the host, and the required ones are written', () => {
    const written = [
      ...bicepObjectKeys(MAIN, 'var baseAppSettings ='),
      ...bicepObjectKeys(MAIN, 'var vnpayAppSettings ='),
      ...bicepObjectKeys(MAIN, 'var bankFeedAppSettings ='),
      ...bicepObjectKeys(MAIN, 'var communicationAppSettings ='),
      ...bicepObjectKeys(MAIN, 'var smsAppSettings ='),
      ...bicepObjectKeys(read('infra/modules/appsettings.bicep'), 'var hostSettings ='),
    ];
    expect(written.length).toBeGreaterThan(5);
    const unknown = written.filter(
      (name) =>
        !settingsReadByCode.has(name) && !HOST_SETTINGS.includes(name) && !NOT_READ_YET.includes(name),
    );
    expect(unknown).toEqual([]);
    // The "not read yet" list stays honest: once the code reads one, it moves out of the list.
    expect(NOT_READ_YET.filter((name) => settingsReadByCode.has(name))).toEqual([]);
    // What the code needs in Azure.
    for (const name of [
      'COSMOS_ENDPOINT',
      'COSMOS_DATABASE',
      'BLOB_ACCOUNT_URL',
      'JWT_SECRET',
      'WEB_ORIGIN',
    ]) {
      expect(settingsReadByCode.has(name), `${name} is read by api/src/config`).toBe(true);
      expect(written, `${name} is written by Bicep`).toContain(name);
    }
    for (const name of NEVER_IN_AZURE) expect(written).not.toContain(name);
  });

  it('Key Vault: every secret an app setting references is one keyvault.bicep writes', () => {
    const keyVault = code(read('infra/modules/keyvault.bicep'));
    const written = [...keyVault.matchAll(/^\s*name: '([a-z0-9-]+)'/gm)].map((m) => m[1]);
    const referenced = [...code(MAIN).matchAll(/SecretName=([a-z0-9-]+)\)/g)].map((m) => m[1]);
    expect(referenced.length).toBeGreaterThan(0);
    for (const name of referenced) expect(written).toContain(name);
    // JWT_SECRET references the version written by the jwt-secret resource.
    expect(keyVault).toMatch(/name: 'jwt-secret'/);
    expect(MAIN).toContain('keyVault.outputs.jwtSigningKeyVersionUri');
  });

  it('timers: any AzureWebJobs.<name>.Disabled setting names a registered timer', async () => {
    await loadFunctionModules();
    const timers = timerFunctions.map((timer) => timer.name);
    expect(timers.length).toBeGreaterThan(0);
    const disabled = [...code(ALL_BICEP).matchAll(/AzureWebJobs\.([\w-]+)\.Disabled/g)].map((m) => m[1]);
    for (const name of disabled) expect(timers).toContain(name);
  }, 30_000);

  it('azd: every service in azure.yaml is tagged in Bicep and deployed from its generated package folder', () => {
    const azureYaml = read('azure.yaml');
    const services = [...azureYaml.matchAll(/^ {2}(\w+):\n {4}project: (\S+)/gm)].map((m) => ({
      name: m[1] ?? '',
      project: m[2] ?? '',
    }));
    expect(services).toEqual([
      { name: 'api', project: '.azure-package/api' },
      { name: 'web', project: '.azure-package/web' },
    ]);
    expect(code(MAIN)).toContain("serviceName: 'api'");
    expect(code(MAIN)).toContain("'azd-service-name': 'web'");
    expect(read('scripts/package-api.mjs')).toContain("join(ROOT, '.azure-package', 'api')");
    expect(read('scripts/azd-predeploy.mjs')).toContain("join(ROOT, '.azure-package', 'web')");
  });
});
