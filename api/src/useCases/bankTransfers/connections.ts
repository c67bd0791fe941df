import {
  BANK_FEED_PROVIDER_MESSAGES,
  BANK_FEED_PROVIDERS,
  type BankFeedConnection,
  type BankFeedProvider,
  type CassoConnectInput,
  type SepayConnectReply,
} from '@nhatro/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../domain/shared/errors.js';
import { BANK_FEED_CONNECTIONS_PARTITION, type BankFeedConnectionDoc } from '../../domain/shared/model.js';
import { secretBoxFor } from '../../messaging/secretBox.js';
import { audit, type Actor } from '../shared/actor.js';
import type { Deps } from '../shared/deps.js';

/**
 * A landlord's own SePay or Casso account, connected on their account page: the secret that proves a
 * call comes from it is made (SePay) or given (Casso) there, shown at most once, replaceable. Money goes
 * from the tenant's bank straight to the landlord's; the platform only hears about it.
 */

function connections(deps: Deps) {
  return deps.store.container<BankFeedConnectionDoc>('platform');
}

function connectionDocID(provider: BankFeedProvider, ownerID: string): string {
  return `${provider}:${ownerID}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The URL the provider calls: SePay knows the landlord by the key, Casso by the connection's id. */
function webhookUrl(deps: Deps, doc: Pick<BankFeedConnectionDoc, 'provider' | 'connectionID'>): string {
  const origin = deps.config.apiOrigin.replace(/\/+$/, '');
  return doc.provider === 'sepay'
    ? `${origin}/api/BankFeed/SePay`
    : `${origin}/api/BankFeed/Casso?c=${encodeURIComponent(doc.connectionID)}`;
}

function view(deps: Deps, doc: BankFeedConnectionDoc): BankFeedConnection {
  return {
    provider: doc.provider,
    connected: true,
    webhookUrl: webhookUrl(deps, doc),
    hint: doc.hint,
    connectedOn: doc.connectedOn,
  };
}

/** `GET /api/BankFeed/Connections`: the landlord's two connections (never their secrets). */
export async function listBankFeedConnections(actor: Actor): Promise<BankFeedConnection[]> {
  const store = connections(actor.deps);
  return Promise.all(
    BANK_FEED_PROVIDERS.map(async (provider) => {
      const doc = await store.read(
        BANK_FEED_CONNECTIONS_PARTITION,
        connectionDocID(provider, actor.user.userID),
      );
      return doc?.type === 'bankFeedConnection' ? view(actor.deps, doc) : { provider, connected: false };
    }),
  );
}

/** Writes the landlord's connection, keeping the Casso URL's id when a key is replaced. */
async function saveConnection(
  deps: Deps,
  ownerID: string,
  provider: BankFeedProvider,
  secret: Pick<BankFeedConnectionDoc, 'keyHash' | 'sealedKey' | 'hint'>,
): Promise<BankFeedConnectionDoc> {
  const id = connectionDocID(provider, ownerID);
  const previous = await connections(deps).read(BANK_FEED_CONNECTIONS_PARTITION, id);
  return connections(deps).upsert({
    id,
    pk: BANK_FEED_CONNECTIONS_PARTITION,
    type: 'bankFeedConnection',
    provider,
    ownerID,
    connectionID: previous?.connectionID ?? randomBytes(12).toString('base64url'),
    ...secret,
    connectedOn: deps.now().toISOString(),
  });
}

/** Installs a SePay API key for `ownerID` (the account page makes a random one; local demo data too). */
export async function installSepayKey(
  deps: Deps,
  ownerID: string,
  apiKey: string,
): Promise<BankFeedConnectionDoc> {
  return saveConnection(deps, ownerID, 'sepay', { keyHash: sha256(apiKey), hint: apiKey.slice(-4) });
}

/** Installs a Casso checksum key for `ownerID`, sealed. */
export async function installCassoKey(
  deps: Deps,
  ownerID: string,
  checksumKey: string,
): Promise<BankFeedConnectionDoc> {
  const box = secretBoxFor(deps.config.secretsKey);
  if (!box) throw AppError.badRequest(BANK_FEED_PROVIDER_MESSAGES.noSecretsKey);
  return saveConnection(deps, ownerID, 'casso', {
    sealedKey: await box.seal(checksumKey),
    hint: checksumKey.slice(-4),
  });
}

/**
 * `POST /api/BankFeed/Connections/SePay`: a new API key for the landlord's SePay webhook, shown this
 * once (only its hash is kept); the old one stops working at once.
 */
export async function connectSepay(actor: Actor): Promise<SepayConnectReply> {
  const apiKey = randomBytes(24).toString('base64url');
  const doc = await installSepayKey(actor.deps, actor.user.userID, apiKey);
  await audit(actor, {
    action: 'connectBankFeed',
    entity: 'bankFeedConnection',
    entityID: doc.id,
    houseID: null,
  });
  return { ...view(actor.deps, doc), apiKey };
}

/** `POST /api/BankFeed/Connections/Casso { checksumKey }`: the key Casso shows, kept sealed. */
export async function connectCasso(actor: Actor, input: CassoConnectInput): Promise<BankFeedConnection> {
  const doc = await installCassoKey(actor.deps, actor.user.userID, input.checksumKey);
  await audit(actor, {
    action: 'connectBankFeed',
    entity: 'bankFeedConnection',
    entityID: doc.id,
    houseID: null,
  });
  return view(actor.deps, doc);
}

/** `DELETE /api/BankFeed/Connections/{provider}`: the provider's calls are refused from now on. */
export async function disconnectBankFeed(
  actor: Actor,
  provider: BankFeedProvider,
): Promise<BankFeedConnection> {
  const id = connectionDocID(provider, actor.user.userID);
  const doc = await connections(actor.deps).read(BANK_FEED_CONNECTIONS_PARTITION, id);
  if (doc?.type !== 'bankFeedConnection') throw AppError.notFound();
  await connections(actor.deps).delete(BANK_FEED_CONNECTIONS_PARTITION, id);
  await audit(actor, {
    action: 'disconnectBankFeed',
    entity: 'bankFeedConnection',
    entityID: id,
    houseID: null,
  });
  return { provider, connected: false };
}

/** The SePay connection whose key `Authorization: Apikey <key>` carries; `undefined` for any other. */
export async function sepayConnectionOf(
  deps: Deps,
  authorization: string | null,
): Promise<BankFeedConnectionDoc | undefined> {
  const match = /^\s*apikey\s+(\S{1,200})\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  const hash = sha256(match[1]);
  const page = await connections(deps).query({
    partitionKey: BANK_FEED_CONNECTIONS_PARTITION,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'bankFeedConnection' },
        { op: 'eq', field: 'keyHash', value: hash },
      ],
    },
    top: 2,
  });
  const [doc] = page.items;
  if (page.items.length !== 1 || !doc?.keyHash) return undefined;
  // The lookup found it by its hash; compare the hashes in constant time all the same.
  return timingSafeEqual(Buffer.from(doc.keyHash, 'hex'), Buffer.from(hash, 'hex')) ? doc : undefined;
}

/** The Casso connection of the webhook URL's `c`, with its checksum key opened. */
export async function cassoConnectionOf(
  deps: Deps,
  connectionID: string | null,
): Promise<{ doc: BankFeedConnectionDoc; checksumKey: string } | undefined> {
  if (!connectionID || !/^[A-Za-z0-9_-]{8,40}$/.test(connectionID)) return undefined;
  const page = await connections(deps).query({
    partitionKey: BANK_FEED_CONNECTIONS_PARTITION,
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'bankFeedConnection' },
        { op: 'eq', field: 'provider', value: 'casso' },
        { op: 'eq', field: 'connectionID', value: connectionID },
      ],
    },
    top: 2,
  });
  const [doc] = page.items;
  const box = secretBoxFor(deps.config.secretsKey);
  if (page.items.length !== 1 || !doc?.sealedKey || !box) return undefined;
  return { doc, checksumKey: await box.open(doc.sealedKey) };
}
