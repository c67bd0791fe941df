import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

const SOURCE_RESOLVER = fileURLToPath(new URL('./sourceResolver.cjs', import.meta.url));

/**
 * The API's layers, each importing only the ones below it (docs/adding-a-slice.md):
 * functions (thin endpoints) → http (the edge) → useCases → domain (rules, no I/O).
 * Use cases see the store, blob storage and the payment gateway only through their ports
 * (store/store.ts, blob/blobStorage.ts, paymentGateway/gateway.ts); only composition/ (the composition
 * root) and local/ (`npm start`) create adapters. A use-case slice (useCases/<slice>.ts or
 * useCases/<slice>/) imports its own files and useCases/shared/, never another slice; shared/ imports
 * no slice. domain/ imports no `node:*` module and no I/O package (the last block).
 *
 * A layer is a folder (`boundaries/elements`); ports, useCases/shared and the slices are told apart by
 * file (`boundaries/files`). Imports within a layer are checked too (`checkInternals`), which is what
 * keeps one use-case slice out of another. tests/unit/lintRules.test.ts shows each rule refusing.
 */
const LAYERS = [
  { type: 'functions', pattern: 'api/src/functions' },
  { type: 'http', pattern: 'api/src/http' },
  { type: 'composition', pattern: 'api/src/composition' },
  { type: 'useCases', pattern: 'api/src/useCases' },
  { type: 'domain', pattern: 'api/src/domain' },
  { type: 'store', pattern: 'api/src/store' },
  { type: 'blob', pattern: 'api/src/blob' },
  { type: 'paymentGateway', pattern: 'api/src/paymentGateway' },
  { type: 'documents', pattern: 'api/src/documents' },
  { type: 'images', pattern: 'api/src/images' },
  { type: 'messaging', pattern: 'api/src/messaging' },
  { type: 'local', pattern: 'api/src/local' },
  { type: 'config', pattern: 'api/src/config' },
  { type: 'telemetry', pattern: 'api/src/telemetry' },
];

/**
 * Files within a layer: the three ports (the rest of their folders is adapters), what use cases share,
 * and each use-case slice by name (`rooms.ts` and `houseTickets/…` alike).
 */
const FILES = [
  { category: 'port', pattern: 'api/src/store/store.ts' },
  { category: 'port', pattern: 'api/src/blob/blobStorage.ts' },
  { category: 'port', pattern: 'api/src/paymentGateway/gateway.ts' },
  { category: 'sharedUseCase', pattern: 'api/src/useCases/shared/**/*.ts' },
  { category: 'slice', pattern: 'api/src/useCases/(!(shared)).ts', capture: ['slice'] },
  { category: 'slice', pattern: 'api/src/useCases/(!(shared))/**/*.ts', capture: ['slice'] },
];

const PORTS = {
  element: { types: { anyOf: ['store', 'blob', 'paymentGateway'] } },
  file: { categories: 'port' },
};

/** Whole layers each layer may import (ports and use cases are further narrowed below). */
const MAY_IMPORT = {
  functions: ['http', 'composition', 'useCases', 'domain', 'telemetry'],
  http: ['http', 'composition', 'useCases', 'domain', 'telemetry'],
  composition: ['composition', 'domain', 'config', 'store', 'blob', 'paymentGateway', 'telemetry'],
  domain: ['domain'],
  store: ['store', 'domain', 'config'],
  blob: ['blob', 'domain', 'config'],
  paymentGateway: ['paymentGateway', 'domain', 'config'],
  documents: ['documents', 'domain', 'images'],
  // Image decoders (pure computation, but node:zlib and third-party code): what use cases keep and
  // what documents embed both go through them.
  images: ['images', 'domain'],
  messaging: ['messaging', 'domain', 'config', 'telemetry'],
  config: ['config', 'store'],
  // Spans and structured logs; knows no layer above it.
  telemetry: ['telemetry', 'config'],
  local: [
    'functions',
    'http',
    'composition',
    'useCases',
    'domain',
    'store',
    'blob',
    'paymentGateway',
    'documents',
    'images',
    'messaging',
    'config',
    'telemetry',
    'local',
  ],
};

const POLICIES = [
  ...Object.entries(MAY_IMPORT).map(([from, to]) => ({
    from: { element: { type: from } },
    allow: { to: { element: { types: { anyOf: to } } } },
  })),
  // The edge reaches the store through its port (StoreError, the store's version).
  { from: { element: { type: 'http' } }, allow: { to: PORTS } },
  // Use cases: the rules, the ports (never an adapter), renderers, image decoders, message channels,
  // configuration.
  {
    from: { element: { type: 'useCases' } },
    allow: {
      to: {
        element: { types: { anyOf: ['domain', 'documents', 'images', 'messaging', 'config', 'telemetry'] } },
      },
    },
  },
  { from: { element: { type: 'useCases' } }, allow: { to: PORTS } },
  // Anything in useCases may use useCases/shared (so may the composition root: the `Deps` type); shared
  // itself uses no slice.
  {
    from: { element: { types: { anyOf: ['useCases', 'composition'] } } },
    allow: { to: { file: { categories: 'sharedUseCase' } } },
  },
  // A slice uses its own files, never another slice's: what two slices need lives in useCases/shared.
  {
    from: { file: { categories: 'slice' } },
    allow: { to: { file: { categories: 'slice', captured: { slice: '{{ from.file.captured.slice }}' } } } },
  },
];

export default [
  {
    files: ['api/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/files': FILES,
      'boundaries/include': ['api/src/**/*.ts'],
      'import/resolver': { [SOURCE_RESOLVER]: {} },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkInternals: true,
          message:
            '{{ from.element.type }} không được import {{ to.file.path }} (tầng, cổng và lát cắt: docs/adding-a-slice.md).',
          policies: POLICIES,
        },
      ],
    },
  },
  {
    // Rules without I/O: relative imports, the shared schemas, zod and the OData parser only. No
    // `node:*` module, no SDK, no file or network library.
    files: ['api/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|@nhatro/common$|zod$|@odata/parser$)',
              message:
                'domain/ là quy tắc không I/O: chỉ import domain/, @nhatro/common, zod và @odata/parser (xem docs/adding-a-slice.md).',
            },
          ],
        },
      ],
    },
  },
];
