import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AccessToken, TokenCredential } from '@azure/core-auth';
import type { SecretsKeyConfig } from '../config/index.js';
import type { SealedSecret } from '../domain/shared/model.js';

export type { SealedSecret };

/**
 * Secrets the app must keep in the store (the Zalo Official Account tokens) are sealed, never written in
 * plain text: envelope encryption. Each value gets a fresh 256-bit key (AES-256-GCM); in Azure that key
 * is wrapped by an RSA key in Key Vault (`wrapKey`/`unwrapKey`, the private key never leaves the vault,
 * the Function App's identity may use that one key only), and the sealed value names the key version
 * that wrapped it, so a new version never makes older values unreadable. Locally the data key is
 * wrapped with a random key kept in DATA_DIR.
 */
export interface SecretBox {
  seal(plain: string): Promise<SealedSecret>;
  open(sealed: SealedSecret): Promise<string>;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const bytes = (text: string) => Buffer.from(text, 'base64url');

function aesSeal(key: Uint8Array, plain: Uint8Array): { iv: string; tag: string; data: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv: b64(iv), tag: b64(cipher.getAuthTag()), data: b64(data) };
}

function aesOpen(key: Uint8Array, sealed: { iv: string; tag: string; data: string }): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, bytes(sealed.iv));
  decipher.setAuthTag(bytes(sealed.tag));
  return Buffer.concat([decipher.update(bytes(sealed.data)), decipher.final()]);
}

interface KeyWrapper {
  wrap(dataKey: Uint8Array): Promise<{ kid: string; wrapped: string }>;
  unwrap(kid: string, wrapped: string): Promise<Uint8Array>;
}

function envelope(wrapper: KeyWrapper): SecretBox {
  return {
    async seal(plain) {
      const dataKey = randomBytes(32);
      const { kid, wrapped } = await wrapper.wrap(dataKey);
      return { v: 1, kid, key: wrapped, ...aesSeal(dataKey, Buffer.from(plain, 'utf8')) };
    },
    async open(sealed) {
      if (sealed.v !== 1) throw new Error('Unknown sealed secret version');
      const dataKey = await wrapper.unwrap(sealed.kid, sealed.key);
      return aesOpen(dataKey, sealed).toString('utf8');
    },
  };
}

/** A local key (32 bytes) wraps the data keys with AES-256-GCM. */
export function localSecretBox(key: Uint8Array): SecretBox {
  if (key.byteLength !== 32) throw new Error('The local secrets key must be 32 bytes');
  return envelope({
    wrap: (dataKey) => Promise.resolve({ kid: 'local', wrapped: JSON.stringify(aesSeal(key, dataKey)) }),
    unwrap: (kid, wrapped) => {
      if (kid !== 'local') return Promise.reject(new Error(`Sealed with ${kid}, not the local key`));
      return Promise.resolve(aesOpen(key, JSON.parse(wrapped) as { iv: string; tag: string; data: string }));
    },
  });
}

const KEY_VAULT_API = '7.4';
const KEY_VAULT_SCOPE = 'https://vault.azure.net/.default';
const WRAP_ALGORITHM = 'RSA-OAEP-256';

export interface KeyVaultSecretBoxOptions {
  /** `https://<vault>.vault.azure.net/keys/<name>` (versionless: the current version wraps). */
  keyUrl: string;
  /** Default: the Function App's managed identity (DefaultAzureCredential, loaded on first use). */
  credential?: TokenCredential;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

let defaultCredential: Promise<TokenCredential> | undefined;
function managedIdentity(): Promise<TokenCredential> {
  defaultCredential ??= import('@azure/identity').then((identity) => new identity.DefaultAzureCredential());
  return defaultCredential;
}

/** The Key Vault REST API (keys: get, wrapkey, unwrapkey) with a bearer token of the app's identity. */
export function keyVaultSecretBox(options: KeyVaultSecretBoxOptions): SecretBox {
  const call = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const keyUrl = options.keyUrl.replace(/\/+$/, '');
  const keyOrigin = new URL(keyUrl).origin;
  let token: AccessToken | undefined;

  async function bearer(): Promise<string> {
    if (!token || token.expiresOnTimestamp - Date.now() < 60_000) {
      const credential = options.credential ?? (await managedIdentity());
      const fresh = await credential.getToken(KEY_VAULT_SCOPE);
      if (!fresh) throw new Error('No token for Key Vault');
      token = fresh;
    }
    return token.token;
  }

  async function request<T>(url: string, body?: unknown): Promise<T> {
    // Only this vault's keys are ever called, whatever a stored value names.
    if (new URL(url).origin !== keyOrigin) throw new Error('Sealed with a key of another vault');
    const response = await call(`${url}?api-version=${KEY_VAULT_API}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${await bearer()}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`Key Vault answered HTTP ${response.status}`);
    return (await response.json()) as T;
  }

  let currentKid: Promise<string> | undefined;
  const latestKid = () => {
    currentKid ??= request<{ key?: { kid?: string } }>(keyUrl).then((reply) => {
      const kid = reply.key?.kid;
      if (!kid) throw new Error('Key Vault returned no key id');
      return kid;
    });
    currentKid.catch(() => (currentKid = undefined));
    return currentKid;
  };

  return envelope({
    async wrap(dataKey) {
      const kid = await latestKid();
      const reply = await request<{ kid?: string; value?: string }>(`${kid}/wrapkey`, {
        alg: WRAP_ALGORITHM,
        value: b64(dataKey),
      });
      if (!reply.value) throw new Error('Key Vault returned no wrapped key');
      return { kid: reply.kid ?? kid, wrapped: reply.value };
    },
    async unwrap(kid, wrapped) {
      const reply = await request<{ value?: string }>(`${kid}/unwrapkey`, {
        alg: WRAP_ALGORITHM,
        value: wrapped,
      });
      if (!reply.value) throw new Error('Key Vault returned no key');
      return bytes(reply.value);
    },
  });
}

/** The box of this deployment; `undefined` when no key is configured (Azure without SECRETS_KEY_URL). */
export function secretBoxFor(
  key: SecretsKeyConfig | undefined,
  options: Omit<KeyVaultSecretBoxOptions, 'keyUrl'> = {},
): SecretBox | undefined {
  if (!key) return undefined;
  return key.kind === 'local'
    ? localSecretBox(key.key)
    : keyVaultSecretBox({ ...options, keyUrl: key.keyUrl });
}
