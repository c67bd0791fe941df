// Resolves the project's own relative imports to their TypeScript sources for the layer rules
// (eslint-plugin-boundaries): API code imports the emitted `./x.js`, web code writes `./x`.
// Package imports are left to the plugin, which classifies them as external modules.
/* eslint-disable @typescript-eslint/no-require-imports -- a resolver is loaded with require() */
const { existsSync, statSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

function isFile(candidate) {
  return existsSync(candidate) && statSync(candidate).isFile();
}

exports.interfaceVersion = 2;

exports.resolve = function resolveSource(source, file) {
  if (!source.startsWith('.')) return { found: false };
  const base = resolve(dirname(file), source);
  const stem = base.replace(/\.(c|m)?jsx?$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, base, join(base, 'index.ts'), join(base, 'index.tsx')];
  const found = candidates.find(isFile);
  return found ? { found: true, path: found } : { found: false };
};
