// Secrets kept in the store are sealed: AES-256-GCM with a fresh key each, that key wrapped by a Key
// Vault RSA key through the Key Vault REST API (here a local stand-in doing real RSA-OAEP-256), or by a
// local key on a developer's machine.
import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyVaultSecretBox, localSecretBox } from '../../api/src/messaging/secretBox.js';

const versions = new Map([['v1', generateKeyPairSync('rsa', { modulusLength: 2048 })]]);
let current = 'v1';
let vault: Server;
let origin = '';
const calls: { method: string; path: string; auth: string | undefined }[] = [];

const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };

beforeAll(async () => {
  vault = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', origin);
      calls.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (
        req.headers.authorization !== 'Bearer vault-token' ||
        url.searchParams.get('api-version') !== '7.4'
      ) {
        return reply(401, { error: { code: 'Unauthorized' } });
      }
      const match = /^\/keys\/settings-key(?:\/(\w+)\/(wrapkey|unwrapkey))?$/.exec(url.pathname);
      if (!match) return reply(404, {});
      if (!match[1]) return reply(200, { key: { kid: `${origin}/keys/settings-key/${current}` } });
      const pair = versions.get(match[1]);
      if (!pair) return reply(404, {});
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { alg: string; value: string };
      if (input.alg !== 'RSA-OAEP-256') return reply(400, {});
      const value = Buffer.from(input.value, 'base64url');
      const out =
        match[2] === 'wrapkey'
          ? publicEncrypt({ key: pair.publicKey, ...OAEP }, value)
          : privateDecrypt({ key: pair.privateKey, ...OAEP }, value);
      return reply(200, { kid: `${origin}/keys/settings-key/${match[1]}`, value: out.toString('base64url') });
    });
  });
  await new Promise<void>((resolve) => vault.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(vault.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => vault.close(() => resolve())));

const credential = {
  getToken: (scope: string | string[]) => {
    expect(scope).toBe('https://vault.azure.net/.default');
    return Promise.resolve({ token: 'vault-token', expiresOnTimestamp: Date.now() + 3_600_000 });
  },
};

describe('sealed secrets', () => {
  it('Key Vault: the data key is wrapped by the current key version, and opens again', async () => {
    const box = keyVaultSecretBox({ keyUrl: `${origin}/keys/settings-key`, credential });
    const sealed = await box.seal('zalo-refresh-token-ABC');
    expect(sealed.kid).toBe(`${origin}/keys/settings-key/v1`);
    expect(JSON.stringify(sealed)).not.toContain('zalo-refresh-token-ABC');
    expect(await box.open(sealed)).toBe('zalo-refresh-token-ABC');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /keys/settings-key',
      'POST /keys/settings-key/v1/wrapkey',
      'POST /keys/settings-key/v1/unwrapkey',
    ]);
  });

  it('a new key version seals new values; values sealed with the old one still open', async () => {
    const before = await keyVaultSecretBox({ keyUrl: `${origin}/keys/settings-key`, credential }).seal('old');
    versions.set('v2', generateKeyPairSync('rsa', { modulusLength: 2048 }));
    current = 'v2';
    const box = keyVaultSecretBox({ keyUrl: `${origin}/keys/settings-key`, credential });
    const after = await box.seal('new');
    expect(after.kid).toMatch(/\/v2$/);
    expect(await box.open(before)).toBe('old');
    expect(await box.open(after)).toBe('new');
  });

  it('never calls another host a stored value names, and a tampered value does not open', async () => {
    const box = keyVaultSecretBox({ keyUrl: `${origin}/keys/settings-key`, credential });
    const sealed = await box.seal('secret');
    await expect(box.open({ ...sealed, kid: 'https://attacker.example/keys/k/v1' })).rejects.toThrow(
      /another vault/,
    );
    const data = Buffer.from(sealed.data, 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    await expect(box.open({ ...sealed, data: data.toString('base64url') })).rejects.toThrow();
  });

  it('locally a key from DATA_DIR seals; another key cannot open', async () => {
    const box = localSecretBox(new Uint8Array(32).fill(1));
    const sealed = await box.seal('token-xyz');
    expect(sealed.kid).toBe('local');
    expect(await box.open(sealed)).toBe('token-xyz');
    await expect(localSecretBox(new Uint8Array(32).fill(2)).open(sealed)).rejects.toThrow();
  });
});
