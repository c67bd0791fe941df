// Names written both in infra/ (Bicep, read as text: there is no Bicep compiler here) and in the code
// must agree: blob containers, Cosmos DB database and containers, app settings, Key Vault secrets,
// timers, azd service names and package folders.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOB_CONTAINERS } from '../../api/src/domain/shared/blobNames.js';
import {
  CHANGE_FEED_CONNECTION,
  CHANGE_FEED_LEASES,
  changeFeedFunctions,
  timerFunctions,
} from '../../api/src/http/registry.js';
import { loadFunctionModules } from '../../api/src/local/functionModules.js';
import { CONTAINER_NAMES } from '../../api/src/store/store.js';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const MAIN = read('infra/main.bicep');
const MODULES = readdirSync(join(ROOT, 'infra/modules')).map((name) => read(`infra/modules/${name}`));
const ALL_BICEP = [MAIN, ...MODULES].join('\n');
const CONFIG_SOURCE = read('api/src/config/index.ts');
const ALERTS = read('infra/modules/alerts.bicep');
const PARAMETERS = JSON.parse(read('infra/main.parameters.json')) as {
  parameters: Record<string, { value: string }>;
};
const DEPLOY_DOC = read('docs/deploy.md');

/** Every .ts file under a folder of the repository. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && statSync(join(ROOT, folder, name)).isFile())
    .map((name) => `${folder}/${name}`);
}

/** The API's code that runs in Azure: everything but the local host. */
const AZURE_CODE = sources('api/src')
  .filter((file) => !file.startsWith('api/src/local/'))
  .map((file) => read(file))
  .join('\n');

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

/** Environment variables the code that runs in Azure reads (`env.NAME`, `process.env.NAME`). */
const settingsReadByCode = new Set(
  [...AZURE_CODE.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? ''),
);

/** Read by the Functions host, not by our code. */
const HOST_SETTINGS = [
  'AzureWebJobsStorage__accountName',
  'APPLICATIONINSIGHTS_CONNECTION_STRING',
  'APPLICATIONINSIGHTS_AUTHENTICATION_STRING',
  `${CHANGE_FEED_CONNECTION}__accountEndpoint`,
];
/** Set by the platform on every instance, never by us. */
const PLATFORM_SETTINGS = ['WEBSITE_HOSTNAME', 'WEBSITE_INSTANCE_ID', 'FUNCTIONS_WORKER_RUNTIME'];
/** Written from the resources the templates create (endpoints, names, Key Vault references). */
const FROM_RESOURCES = [
  'COSMOS_ENDPOINT',
  'COSMOS_DATABASE',
  'BLOB_ACCOUNT_URL',
  'JWT_SECRET',
  'WEB_ORIGIN',
  'SECRETS_KEY_URL',
  'APPLICATIONINSIGHTS_CONNECTION_STRING',
  'ACS_ENDPOINT',
  'ACS_EMAIL_SENDER',
];
/**
 * Settings an operator chooses: each is a parameter of main.bicep with a default, mapped to an azd
 * variable in main.parameters.json, and written by the templates, so `azd provision` never wipes a value
 * set by hand (set it with `azd env set` instead). Secrets go to Key Vault and are referenced.
 */
const OPERATOR_SETTINGS: Record<string, { param: string; azd: string }> = {
  APP_ENVIRONMENT: { param: 'appEnvironment', azd: 'APP_ENVIRONMENT' },
  API_ORIGIN: { param: 'apiOrigin', azd: 'API_ORIGIN' },
  ACCESS_TOKEN_TTL_SECONDS: { param: 'accessTokenTtlSeconds', azd: 'ACCESS_TOKEN_TTL_SECONDS' },
  MAX_BODY_BYTES: { param: 'maxBodyBytes', azd: 'MAX_BODY_BYTES' },
  LOG_LEVEL: { param: 'logLevel', azd: 'LOG_LEVEL' },
  VNPAY_HOST: { param: 'vnpayHost', azd: 'VNPAY_HOST' },
  VNPAY_TMN_CODE: { param: 'vnpayTmnCode', azd: 'VNPAY_TMN_CODE' },
  VNPAY_HASH_SECRET: { param: 'vnpayHashSecret', azd: 'VNPAY_HASH_SECRET' },
  BANK_FEED_SECRET: { param: 'bankFeedSecret', azd: 'BANK_FEED_SECRET' },
  ZALO_APP_ID: { param: 'zaloAppId', azd: 'ZALO_APP_ID' },
  ZALO_APP_SECRET: { param: 'zaloAppSecret', azd: 'ZALO_APP_SECRET' },
  ACS_SMS_FROM: { param: 'acsSmsFrom', azd: 'ACS_SMS_FROM' },
};
/** Set by Bicep for a slice that does not read them yet: update this list when it does. */
const NOT_READ_YET: string[] = [];
/** Local-only settings that must never be set in Azure (keys: Azure uses Entra ID only). */
const NEVER_IN_AZURE = [
  'COSMOS_KEY',
  'BLOB_ACCOUNT_KEY',
  'BLOB_ACCOUNT_NAME',
  'COSMOS_ALLOW_INSECURE_TLS',
  'DATA_DIR',
  'PORT',
  'AZURITE_BLOB_PORT',
];

/** Every app setting the templates write (the objects main.bicep unites, and the host's). */
function writtenAppSettings(): string[] {
  const union = /appSettings: union\(([^)]*)\)/.exec(code(MAIN))?.[1] ?? '';
  const objects = union
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name !== 'disabledTimerSettings');
  expect(objects.length).toBeGreaterThan(4);
  return [
    ...objects.flatMap((name) => bicepObjectKeys(MAIN, `var ${name} =`)),
    ...bicepObjectKeys(read('infra/modules/appsettings.bicep'), 'var hostSettings ='),
  ];
}

/** `param <name> <type> = <default>` of main.bicep: name → whether it has a default. */
function mainParams(): Map<string, boolean> {
  return new Map(
    [...code(MAIN).matchAll(/^param (\w+) [^\n]*$/gm)].map((m) => [m[1] ?? '', m[0].includes('=')]),
  );
}

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
    const written = [...writtenAppSettings()];
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

  it('every setting the code reads comes from Bicep: from a resource, or a parameter with a default an operator sets with azd', () => {
    const written = writtenAppSettings();
    const params = mainParams();
    const unaccounted = [...settingsReadByCode].filter(
      (name) =>
        !PLATFORM_SETTINGS.includes(name) &&
        !NEVER_IN_AZURE.includes(name) &&
        !FROM_RESOURCES.includes(name) &&
        !(name in OPERATOR_SETTINGS),
    );
    expect(unaccounted, 'read by the code but neither written by Bicep nor listed here').toEqual([]);
    for (const name of FROM_RESOURCES.filter((setting) => settingsReadByCode.has(setting))) {
      expect([...written, ...HOST_SETTINGS], `${name} is written by Bicep`).toContain(name);
    }
    for (const [name, { param, azd }] of Object.entries(OPERATOR_SETTINGS)) {
      expect(settingsReadByCode.has(name), `${name} is read by the code`).toBe(true);
      expect(written, `${name} is written by Bicep`).toContain(name);
      expect(params.get(param), `param ${param} exists and has a default`).toBe(true);
      expect(PARAMETERS.parameters[param]?.value ?? '', `${param} is set from azd's ${azd}`).toContain(
        `\${${azd}`,
      );
      expect(DEPLOY_DOC, `${name} is documented in docs/deploy.md`).toContain(`\`${name}\``);
    }
    // Only azd's own two have no default.
    expect([...params].filter(([, hasDefault]) => !hasDefault).map(([name]) => name)).toEqual([
      'environmentName',
      'location',
    ]);
    // Every azd variable of main.parameters.json is documented.
    for (const { value } of Object.values(PARAMETERS.parameters)) {
      const variable = /\$\{(\w+)/.exec(value)?.[1] ?? '';
      if (['AZURE_ENV_NAME', 'AZURE_LOCATION', 'AZURE_PRINCIPAL_ID'].includes(variable)) continue;
      expect(DEPLOY_DOC, `${variable} is documented in docs/deploy.md`).toContain(variable);
    }
  });

  it('timers: the "did not run" alert watches exactly the registered timers, and disabling one is a setting', async () => {
    await loadFunctionModules();
    const watched = [...code(MAIN).matchAll(/\{ name: '(\w+)', withinHours: (\d+) \}/g)].map((m) => m[1]);
    expect(watched.sort()).toEqual(timerFunctions.map((timer) => timer.name).sort());
    expect(code(MAIN)).toContain("'AzureWebJobs.${timer}.Disabled'");
    expect(code(MAIN)).toMatch(
      /timers: filter\(timerIntervals, timer => !contains\(disabledTimerNames, timer\.name\)\)/,
    );
  }, 30_000);

  it('alerts: an action group e-mailing alertEmail, every alert the issue asks for, Cosmos DB 429 and a monthly budget', () => {
    const alerts = code(ALERTS);
    expect(alerts).toMatch(/resource actionGroup 'Microsoft\.Insights\/actionGroups@[\d-]+'/);
    expect(alerts).toMatch(/emailReceivers: hasEmail[\s\S]*emailAddress: alertEmail/);
    expect(alerts).toMatch(/param alertEmail string = ''/);
    expect(code(MAIN)).toMatch(
      /module alerts 'modules\/alerts\.bicep'[\s\S]*alertEmail: alertEmail[\s\S]*monthlyBudget: monthlyBudget/,
    );
    // Log alerts, each sent to the action group.
    const names = [...alerts.matchAll(/^\s+name: '([\w-]+)'\n\s+displayName:/gm)].map((m) => m[1]);
    for (const wanted of ['ipn-refused', 'timer-failed', 'timer-missed', 'http-5xx-rate', 'outbox-gave-up']) {
      expect(names).toContain(wanted);
    }
    expect(alerts).toMatch(/scheduledQueryRules@[\d-]+' = \[\s*for alert in logAlerts/);
    expect(alerts).toMatch(/actionGroups: \[\s*actionGroup\.id\s*\]/);
    // IPN: anything but 00 and 02; the 5xx rate above 1 %.
    expect(alerts).toContain("tostring(entry.rspCode) !in (\\'00\\', \\'02\\')");
    expect(alerts).toContain('failed * 100.0 / total > 1');
    // Cosmos DB throttling: a metric alert on 429s.
    expect(alerts).toMatch(/metricAlerts@[\d-]+'[\s\S]*metricName: 'TotalRequests'[\s\S]*'429'/);
    // A monthly budget notifying the action group.
    expect(alerts).toMatch(
      /Microsoft\.Consumption\/budgets@[\d-]+'[\s\S]*timeGrain: 'Monthly'[\s\S]*contactGroups: \[\s*actionGroup\.id/,
    );
  });

  it('alerts: every event a log alert reads is one the code logs', () => {
    const events = [...code(ALERTS).matchAll(/entry\.event\) == \\'([\w.]+)\\'/g)].map((m) => m[1] ?? '');
    expect(events.length).toBeGreaterThanOrEqual(5);
    for (const event of events) {
      expect(AZURE_CODE, `the code logs ${event}`).toMatch(
        new RegExp(`log\\.\\w+\\(\\s*'${event.replace('.', '\\.')}'`),
      );
    }
  });

  it('change feed: the outbox triggers use the lease container and connection Bicep provides', async () => {
    await loadFunctionModules();
    expect(changeFeedFunctions.map((fn) => fn.container).sort()).toEqual(['houses', 'platform']);
    expect(read('infra/modules/cosmos.bicep')).toContain(
      `param leaseContainerName string = '${CHANGE_FEED_LEASES}'`,
    );
    expect(code(MAIN)).toContain(`${CHANGE_FEED_CONNECTION}__accountEndpoint: cosmos.outputs.endpoint`);
  }, 30_000);
});
