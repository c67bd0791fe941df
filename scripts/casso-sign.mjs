#!/usr/bin/env node
// Prints an `X-Casso-Signature` header value for a Casso webhook v2 body, to simulate Casso locally
// (docs/bank-feed.md): `node scripts/casso-sign.mjs <body.json> <checksum key file>`.
// v1 = HMAC-SHA512(key, t + "." + JSON of the body with every object's keys sorted), t in milliseconds.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const [bodyFile, keyFile] = process.argv.slice(2);
if (!bodyFile || !keyFile) {
  console.error('Cách dùng: node scripts/casso-sign.mjs <body.json> <tệp khóa checksum>');
  process.exit(2);
}

function sorted(value) {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted(value[key])]),
    );
  }
  return value;
}

const body = JSON.parse(readFileSync(bodyFile, 'utf8'));
const key = readFileSync(keyFile, 'utf8').trim();
const t = Date.now();
const v1 = createHmac('sha512', key)
  .update(`${t}.${JSON.stringify(sorted(body))}`)
  .digest('hex');
console.log(`t=${t},v1=${v1}`);
