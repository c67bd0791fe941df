// The API's lint rules (eslint/apiLayers.js, eslint.config.js), each shown refusing a wrong import or a
// forgotten promise: small snippets are linted as if they were files of the real tree (ESLint's Node
// API with the project's own configuration), so a rule that stops matching fails here.
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

interface Case {
  /** An existing file of the tree, so the layer rules and the type-aware rules know where it is. */
  file: string;
  code: string;
}

const CASES = {
  useCaseImportsSqliteAdapter: {
    file: 'api/src/useCases/rooms.ts',
    code: "import { openSqliteStore } from '../store/sqlite.js';\nexport const open = openSqliteStore;\n",
  },
  useCaseImportsStoreOpener: {
    file: 'api/src/useCases/rooms.ts',
    code: "import { openStore } from '../store/index.js';\nexport const open = openStore;\n",
  },
  useCaseImportsBlobAdapter: {
    file: 'api/src/useCases/shared/uploads.ts',
    code: "import { createBlobStorage } from '../../blob/azureBlobStorage.js';\nexport const blobs = createBlobStorage;\n",
  },
  useCaseImportsGatewayAdapter: {
    file: 'api/src/useCases/payments.ts',
    code: "import { vnpayGateway } from '../paymentGateway/vnpay.js';\nexport const gateway = vnpayGateway;\n",
  },
  endpointImportsAdapter: {
    file: 'api/src/functions/rooms.ts',
    code: "import { openCosmosStore } from '../store/cosmos.js';\nexport const open = openCosmosStore;\n",
  },
  useCaseImportsCompositionRoot: {
    file: 'api/src/useCases/rooms.ts',
    code: "import { getDeps } from '../composition/deps.js';\nexport const deps = getDeps;\n",
  },
  domainImportsNodeFs: {
    file: 'api/src/domain/rooms.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  },
  domainImportsIoPackage: {
    file: 'api/src/domain/lesseeSheets.ts',
    code: "import type { Workbook } from 'exceljs';\nexport type Sheet = Workbook;\n",
  },
  sliceImportsAnotherSlice: {
    file: 'api/src/useCases/rooms.ts',
    code: "import { listFees } from './fees.js';\nexport const fees = listFees;\n",
  },
  sliceFolderImportsAnotherSlice: {
    file: 'api/src/useCases/houseTickets/drafting.ts',
    code: "import { listFees } from '../fees.js';\nexport const fees = listFees;\n",
  },
  sharedImportsASlice: {
    file: 'api/src/useCases/shared/views.ts',
    code: "import { listRooms } from '../rooms.js';\nexport const rooms = listRooms;\n",
  },
  floatingPromise: {
    file: 'api/src/useCases/rooms.ts',
    code: [
      'async function save(): Promise<void> {}',
      'export function run(): void {',
      '  save();',
      '}',
      '',
    ].join('\n'),
  },
  misusedPromise: {
    file: 'tests/support/png.ts',
    code: [
      'async function save(id: number): Promise<void> {',
      '  await Promise.resolve(id);',
      '}',
      'export function run(ids: number[]): void {',
      '  ids.forEach(async (id) => save(id));',
      '}',
      '',
    ].join('\n'),
  },
  right: {
    file: 'api/src/useCases/houseTickets/drafting.ts',
    code: [
      "import type { HouseDoc } from '../../domain/shared/model.js';",
      "import { isStoreError } from '../../store/store.js';",
      "import type { BlobStorage } from '../../blob/blobStorage.js';",
      "import type { PaymentGateway } from '../../paymentGateway/gateway.js';",
      "import type { Deps } from '../shared/deps.js';",
      "import { houseFacts } from './facts.js';",
      '',
      'export type Ports = [BlobStorage, PaymentGateway | undefined];',
      '',
      'export async function facts(deps: Deps, house: HouseDoc): Promise<unknown> {',
      '  try {',
      "    return await houseFacts(deps, house, '2026-11');",
      '  } catch (error) {',
      "    if (isStoreError(error, 'not_found')) return undefined;",
      '    throw error;',
      '  }',
      '}',
      '',
    ].join('\n'),
  },
} satisfies Record<string, Case>;

const reports = new Map<keyof typeof CASES, Linter.LintMessage[]>();

beforeAll(async () => {
  const eslint = new ESLint({ cwd: ROOT });
  for (const [name, { file, code }] of Object.entries(CASES)) {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
    reports.set(name as keyof typeof CASES, result?.messages ?? []);
  }
  // Type-aware rules load the TypeScript projects first: slow on a busy machine.
}, 300_000);

/** The rules a snippet broke, with the start of each message. */
function broken(name: keyof typeof CASES): Array<{ rule: string | null; message: string }> {
  return (reports.get(name) ?? []).map((message) => ({ rule: message.ruleId, message: message.message }));
}

function expectRefused(name: keyof typeof CASES, rule: string, mentions: string | RegExp): void {
  expect(broken(name)).toEqual([{ rule, message: expect.stringMatching(mentions) }]);
}

describe('API lint rules', () => {
  it('use cases reach the store, blob storage and the payment gateway through their ports only', () => {
    expectRefused('useCaseImportsSqliteAdapter', 'boundaries/dependencies', 'api/src/store/sqlite.ts');
    expectRefused('useCaseImportsStoreOpener', 'boundaries/dependencies', 'api/src/store/index.ts');
    expectRefused('useCaseImportsBlobAdapter', 'boundaries/dependencies', 'api/src/blob/azureBlobStorage.ts');
    expectRefused(
      'useCaseImportsGatewayAdapter',
      'boundaries/dependencies',
      'api/src/paymentGateway/vnpay.ts',
    );
  });

  it('only the composition root and the local host wire adapters', () => {
    expectRefused('endpointImportsAdapter', 'boundaries/dependencies', 'api/src/store/cosmos.ts');
    expectRefused('useCaseImportsCompositionRoot', 'boundaries/dependencies', 'api/src/composition/deps.ts');
  });

  it('domain/ imports no node:* module and no I/O package', () => {
    expectRefused('domainImportsNodeFs', 'no-restricted-imports', /'node:fs'.*domain\//);
    expectRefused('domainImportsIoPackage', 'no-restricted-imports', /'exceljs'.*domain\//);
  });

  it('a use-case slice imports no other slice, and useCases/shared none at all', () => {
    expectRefused('sliceImportsAnotherSlice', 'boundaries/dependencies', 'api/src/useCases/fees.ts');
    expectRefused('sliceFolderImportsAnotherSlice', 'boundaries/dependencies', 'api/src/useCases/fees.ts');
    expectRefused('sharedImportsASlice', 'boundaries/dependencies', 'api/src/useCases/rooms.ts');
  });

  it('a promise is awaited or deliberately let go', () => {
    expectRefused('floatingPromise', '@typescript-eslint/no-floating-promises', /Promises must be awaited/);
    expectRefused('misusedPromise', '@typescript-eslint/no-misused-promises', /Promise/);
  });

  it('a use case importing its own slice, useCases/shared, domain and the ports passes', () => {
    expect(broken('right')).toEqual([]);
  });
});
