// The postprovision hook, dry-run against a local stand-in for Azure Resource Manager: it waits until
// the Function App identity's role assignments are listed and the app's Key Vault references resolve,
// polling with a bound, and never fails the provisioning when they do not.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ROLES = [
  'ba92f5b4-2d11-453d-a403-e96b0029c9fe',
  'db58b8e5-c6ad-4a2a-8342-4190687cbf4a',
  'b7e6dc6d-f1e8-4753-8033-0f276bb0955b',
  '4633458b-17de-408a-b874-0445c86b69e6',
  'e147488a-f6f5-4113-8e2d-b22465e65bf6',
  '3913510d-42f4-4e42-8a64-420c390055eb',
];

let arm: Server;
let url = '';
/** How many polls until each answer is complete (Infinity: never). */
const plan = { rolesAfter: 0, referencesAfter: 0 };
const seen = { roles: 0, references: 0, unauthorized: 0, paths: [] as string[] };

beforeAll(async () => {
  arm = createServer((req, res) => {
    const path = req.url ?? '';
    seen.paths.push(path.split('?')[0] ?? '');
    if (req.headers.authorization !== 'Bearer test-arm-token') {
      seen.unauthorized += 1;
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (path.includes('/roleAssignments')) {
      seen.roles += 1;
      expect(decodeURIComponent(path)).toContain("assignedTo('principal-1')");
      const roles = seen.roles > plan.rolesAfter ? ROLES : ROLES.slice(0, 3);
      res.end(
        JSON.stringify({
          value: roles.map((id) => ({
            properties: { roleDefinitionId: `/providers/Microsoft.Authorization/roleDefinitions/${id}` },
          })),
        }),
      );
      return;
    }
    seen.references += 1;
    const status = seen.references > plan.referencesAfter ? 'Resolved' : 'AccessToKeyVaultDenied';
    res.end(
      JSON.stringify({
        value: [
          { name: 'JWT_SECRET', properties: { status: 'Resolved' } },
          { name: 'ZALO_APP_SECRET', properties: { status } },
        ],
      }),
    );
  });
  await new Promise<void>((done) => arm.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(arm.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => arm.close(() => done())));

function runHook(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'azd-postprovision.mjs')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        AZURE_RESOURCE_MANAGER_URL: url,
        ARM_ACCESS_TOKEN: 'test-arm-token',
        AZURE_SUBSCRIPTION_ID: 'sub-1',
        AZURE_RESOURCE_GROUP: 'rg-prod',
        AZURE_FUNCTION_APP_NAME: 'func-abc',
        AZURE_FUNCTION_PRINCIPAL_ID: 'principal-1',
        POSTPROVISION_POLL_SECONDS: '0.05',
        POSTPROVISION_SETTLE_SECONDS: '0',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

describe('azd postprovision hook', () => {
  it('polls until the roles are listed and the Key Vault references resolve, then finishes', async () => {
    Object.assign(plan, { rolesAfter: 2, referencesAfter: 3 });
    Object.assign(seen, { roles: 0, references: 0, unauthorized: 0, paths: [] });
    const result = await runHook({ POSTPROVISION_WAIT_SECONDS: '30' });
    expect(result.code, result.output).toBe(0);
    expect(seen.roles).toBe(3);
    expect(seen.references).toBe(4);
    expect(seen.unauthorized).toBe(0);
    expect(seen.paths).toContain(
      '/subscriptions/sub-1/resourceGroups/rg-prod/providers/Microsoft.Web/sites/func-abc/config/configreferences/appsettings',
    );
    expect(result.output).toContain('Key Vault references of the app settings: ready');
    expect(result.output).toContain('done.');
  });

  it('gives up after its bound with what is missing and what to do, without failing the provisioning', async () => {
    Object.assign(plan, { rolesAfter: 0, referencesAfter: Number.POSITIVE_INFINITY });
    Object.assign(seen, { roles: 0, references: 0, unauthorized: 0, paths: [] });
    const result = await runHook({ POSTPROVISION_WAIT_SECONDS: '1' });
    expect(result.code, result.output).toBe(0);
    expect(result.seconds).toBeLessThan(10);
    expect(seen.references).toBeGreaterThan(1);
    expect(result.output).toContain('ZALO_APP_SECRET: AccessToKeyVaultDenied');
    expect(result.output).toContain('restart the Function App');
  });

  it('does nothing without the provisioning outputs', async () => {
    const result = await runHook({ AZURE_FUNCTION_PRINCIPAL_ID: '' });
    expect(result.code).toBe(0);
    expect(result.output).toContain('AZURE_FUNCTION_PRINCIPAL_ID is not set');
  });
});
