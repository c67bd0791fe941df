import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

const SOURCE_RESOLVER = fileURLToPath(new URL('./sourceResolver.cjs', import.meta.url));

/**
 * The API's layers, each importing only the ones below it (docs/adding-a-slice.md):
 * functions (thin endpoints) → http (the edge) → useCases → domain (rules, no I/O);
 * use cases reach storage through the store and blob ports, the payment gateway through paymentGateway/,
 * send messages through messaging/ and render files with documents/ (PDF);
 * local/ wires everything for `npm start`.
 */
const LAYERS = [
  { type: 'functions', pattern: 'api/src/functions' },
  { type: 'http', pattern: 'api/src/http' },
  { type: 'useCases', pattern: 'api/src/useCases' },
  { type: 'domain', pattern: 'api/src/domain' },
  { type: 'store', pattern: 'api/src/store' },
  { type: 'blob', pattern: 'api/src/blob' },
  { type: 'documents', pattern: 'api/src/documents' },
  { type: 'paymentGateway', pattern: 'api/src/paymentGateway' },
  { type: 'messaging', pattern: 'api/src/messaging' },
  { type: 'local', pattern: 'api/src/local' },
  { type: 'config', pattern: 'api/src/config' },
];

const MAY_IMPORT = {
  functions: ['http', 'useCases', 'domain'],
  http: ['useCases', 'domain', 'store'],
  useCases: ['useCases', 'domain', 'store', 'blob', 'documents', 'paymentGateway', 'messaging', 'config'],
  domain: ['domain'],
  store: ['store', 'domain', 'config'],
  blob: ['blob', 'domain', 'config'],
  documents: ['domain'],
  paymentGateway: ['paymentGateway', 'domain', 'config'],
  messaging: ['messaging', 'domain', 'config'],
  config: ['store'],
  local: [
    'functions',
    'http',
    'useCases',
    'domain',
    'store',
    'blob',
    'documents',
    'paymentGateway',
    'messaging',
    'config',
    'local',
  ],
};

export default [
  {
    files: ['api/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/include': ['api/src/**/*.ts'],
      'import/resolver': { [SOURCE_RESOLVER]: {} },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'Tầng {{from.type}} không được import tầng {{to.type}} (xem docs/adding-a-slice.md).',
          policies: Object.entries(MAY_IMPORT).map(([from, to]) => ({
            from: { element: { type: from } },
            allow: { to: { element: { types: { anyOf: to } } } },
          })),
        },
      ],
    },
  },
];
