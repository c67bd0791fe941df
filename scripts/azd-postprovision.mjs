// The azd `postprovision` hook (azure.yaml): after `azd provision` (and before the deploy of `azd up`),
// waits until the Function App's managed identity can really use the roles the templates just gave it.
// New role assignments take minutes to reach each service: until then the first deploy can fail with a
// 403 from the keyless storage account, and the Key Vault references of the app settings stay
// unresolved until the platform retries them.
//
// With azd's own sign-in (`azd auth token`, no Azure CLI needed) it asks Azure Resource Manager, every
// 15 s and for at most POSTPROVISION_WAIT_SECONDS (default 600):
//   1. that every expected role assignment of the identity is listed;
//   2. that every Key Vault reference of the app settings is resolved (the platform reads the vault
//      with the identity: the proof that its role works there);
// then waits POSTPROVISION_SETTLE_SECONDS more (default 60) for the storage data plane. It never fails
// the provisioning: after the limit it says what is still missing and what to do (docs/deploy.md,
// "Role assignments and Key Vault references"). Node built-ins only: it runs on a fresh clone.
import { execFileSync } from 'node:child_process';

const ARM = (process.env.AZURE_RESOURCE_MANAGER_URL ?? 'https://management.azure.com').replace(/\/+$/, '');
const WAIT_SECONDS = Number(process.env.POSTPROVISION_WAIT_SECONDS ?? 600);
const SETTLE_SECONDS = Number(process.env.POSTPROVISION_SETTLE_SECONDS ?? 60);
const POLL_SECONDS = Number(process.env.POSTPROVISION_POLL_SECONDS ?? 15);

/** Built-in roles the Function App identity gets in infra/modules/rbac.bicep (Azure RBAC). */
const EXPECTED_ROLES = {
  'ba92f5b4-2d11-453d-a403-e96b0029c9fe': 'Storage Blob Data Contributor (data account)',
  'db58b8e5-c6ad-4a2a-8342-4190687cbf4a': 'Storage Blob Delegator (data account)',
  'b7e6dc6d-f1e8-4753-8033-0f276bb0955b': 'Storage Blob Data Owner (runtime account, deployment package)',
  '4633458b-17de-408a-b874-0445c86b69e6': 'Key Vault Secrets User',
  'e147488a-f6f5-4113-8e2d-b22465e65bf6': 'Key Vault Crypto Service Encryption User (settings-key)',
  '3913510d-42f4-4e42-8a64-420c390055eb': 'Monitoring Metrics Publisher',
};

const say = (line) => console.log(`postprovision: ${line}`);

function required(name) {
  const value = process.env[name];
  if (!value) {
    say(`${name} is not set (an output of the provisioning); nothing to wait for.`);
    process.exit(0);
  }
  return value;
}

const subscription = required('AZURE_SUBSCRIPTION_ID');
const resourceGroup = required('AZURE_RESOURCE_GROUP');
const functionApp = required('AZURE_FUNCTION_APP_NAME');
const principalId = required('AZURE_FUNCTION_PRINCIPAL_ID');

function armToken() {
  if (process.env.ARM_ACCESS_TOKEN) return process.env.ARM_ACCESS_TOKEN;
  const output = execFileSync(
    'azd',
    ['auth', 'token', '--output', 'json', '--scope', 'https://management.azure.com//.default'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output).token;
}

async function arm(path) {
  const response = await fetch(`${ARM}${path}`, {
    headers: { Authorization: `Bearer ${armToken()}` },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${path.split('?')[0]}: HTTP ${response.status}`);
  return response.json();
}

const groupPath = `/subscriptions/${subscription}/resourceGroups/${resourceGroup}`;

async function missingRoles() {
  const filter = encodeURIComponent(`assignedTo('${principalId}')`);
  const reply = await arm(
    `${groupPath}/providers/Microsoft.Authorization/roleAssignments?api-version=2022-04-01&$filter=${filter}`,
  );
  const assigned = new Set(
    (reply.value ?? []).map((assignment) =>
      String(assignment.properties?.roleDefinitionId ?? '')
        .split('/')
        .pop()
        .toLowerCase(),
    ),
  );
  return Object.entries(EXPECTED_ROLES)
    .filter(([id]) => !assigned.has(id))
    .map(([, name]) => name);
}

async function unresolvedReferences() {
  const reply = await arm(
    `${groupPath}/providers/Microsoft.Web/sites/${functionApp}/config/configreferences/appsettings?api-version=2022-03-01`,
  );
  return (reply.value ?? [])
    .filter((reference) => reference.properties?.status !== 'Resolved')
    .map(
      (reference) =>
        `${reference.name ?? reference.properties?.reference}: ${reference.properties?.status ?? 'unknown'}`,
    );
}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function waitFor(what, check) {
  const deadline = Date.now() + WAIT_SECONDS * 1000;
  for (let attempt = 1; ; attempt += 1) {
    let missing;
    try {
      missing = await check();
    } catch (error) {
      missing = [`could not ask Azure: ${error instanceof Error ? error.message : String(error)}`];
    }
    if (missing.length === 0) {
      say(`${what}: ready (check ${attempt}).`);
      return true;
    }
    if (Date.now() + POLL_SECONDS * 1000 > deadline) {
      say(`${what}: still waiting after ${WAIT_SECONDS} s: ${missing.join('; ')}.`);
      return false;
    }
    say(`${what}: waiting (${missing.join('; ')}).`);
    await sleep(POLL_SECONDS);
  }
}

const rolesReady = await waitFor('role assignments of the Function App identity', missingRoles);
const referencesReady =
  rolesReady && (await waitFor('Key Vault references of the app settings', unresolvedReferences));
if (rolesReady && referencesReady) {
  say(`letting the storage data plane catch up (${SETTLE_SECONDS} s).`);
  await sleep(SETTLE_SECONDS);
  say('done.');
} else {
  say(
    'continuing anyway. If the deploy fails with 403, run `azd deploy` again in a few minutes; if a Key Vault ' +
      'reference stays unresolved, restart the Function App (docs/deploy.md, "Role assignments and Key Vault references").',
  );
}
