import { randomUUID } from 'node:crypto';
import type {
  ContractDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  OutboxMessageDoc,
  UserDoc,
} from '../domain/shared/model.js';
import {
  afterAttempt,
  channelsDue,
  CLAIM_LEASE_MS,
  newOutboxMessage,
  outboxMessageID,
  withDelivery,
  type DeliveryOutcome,
  type MessageChannelName,
  type OutboxMessage,
  type OutboxMessageInput,
  type OutboxRecipient,
} from '../domain/outbox.js';
import { messageChannels, type MessageChannels, type ZaloAccess } from '../messaging/index.js';
import { isStoreError, type BatchOp, type Container, type Filter } from '../store/store.js';
import type { Deps } from './shared/deps.js';
import { houseDocs, listInHouse } from './shared/houseScope.js';
import { readPlatformSettings } from './shared/platformSettings.js';

/**
 * Writing to the outbox: a use case adds the returned operation to the batch that saves its change, so
 * the message exists exactly when the change does. `pk` is the partition of that batch (the houseID for
 * a house's changes). A message that must exist at most once (a reminder) names an `idempotencyKey`:
 * its id is derived from it, so a second write conflicts.
 */
export function outboxCreate(
  deps: Deps,
  pk: string,
  input: OutboxMessageInput,
  options: { idempotencyKey?: string } = {},
): BatchOp<OutboxMessageDoc> & { op: 'create' } {
  const messageID = options.idempotencyKey ? outboxMessageID(options.idempotencyKey) : randomUUID();
  const message = newOutboxMessage(input, { now: deps.now(), messageID });
  return { op: 'create', doc: { ...message, id: messageID, pk, type: 'outboxMessage' } };
}

/** Where messages live: a house's with the house, the platform's (verification codes) in `platform`. */
const OUTBOX_CONTAINERS = ['houses', 'platform'] as const;

function outboxContainer(deps: Deps, name: (typeof OUTBOX_CONTAINERS)[number]) {
  return deps.store.container<OutboxMessageDoc>(name);
}

/** Keys per `in` query, well under SQLite's parameter limit and Cosmos' query size. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

/**
 * Who receives a tenancy's messages: its representative, reached at the phone number on their occupant
 * record and the e-mail of their tenant account (or the one the contract was signed with).
 */
export async function tenantRecipients(
  deps: Deps,
  houseID: string,
  contracts: readonly ContractDoc[],
): Promise<Map<string, OutboxRecipient>> {
  const representativeIDs = [...new Set(contracts.map((contract) => contract.representativeLesseeID))];
  const accountIDs = [
    ...new Set(contracts.flatMap((contract) => (contract.lesseeAccountID ? [contract.lesseeAccountID] : []))),
  ];
  const representatives = new Map<string, LesseeInfoDoc>();
  for (const ids of chunks(representativeIDs)) {
    const found = await listInHouse<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', {
      op: 'in',
      // The occupant's id is the document id: a primary-key lookup, not a scan of the house.
      field: 'id',
      values: ids,
    });
    for (const lessee of found) representatives.set(lessee.lesseeInfoID, lessee);
  }
  const accounts = new Map<string, UserDoc>();
  for (const ids of chunks(accountIDs)) {
    const page = await deps.store.container<UserDoc>('users').query({
      filter: {
        op: 'and',
        items: [
          { op: 'eq', field: 'type', value: 'user' },
          { op: 'in', field: 'id', values: ids },
        ],
      },
      top: ids.length,
    });
    for (const user of page.items) accounts.set(user.userID, user);
  }
  const recipients = new Map<string, OutboxRecipient>();
  for (const contract of contracts) {
    const representative = representatives.get(contract.representativeLesseeID);
    const account = contract.lesseeAccountID ? accounts.get(contract.lesseeAccountID) : undefined;
    const name = representative?.occupantName ?? account?.fullName;
    const phoneNumber = representative?.phoneNumber ?? account?.phoneNumber;
    const email = account?.email ?? contract.representativeLesseeEmail;
    recipients.set(contract.contractID, {
      ...(account ? { userID: account.userID } : {}),
      ...(name ? { name } : {}),
      ...(phoneNumber ? { phoneNumber } : {}),
      ...(email ? { email } : {}),
    });
  }
  return recipients;
}

/** Cosmos limits a transactional batch to 100 operations. */
const COSMOS_BATCH_LIMIT = 100;

/**
 * Creates `docs` in one house's partition all or nothing: one transaction on SQLite; on Cosmos batches
 * of 100, the earlier ones deleted again when a later one fails.
 */
export async function createAllOrNothing(deps: Deps, pk: string, docs: HouseScopedDoc[]): Promise<void> {
  const container = houseDocs<HouseScopedDoc>(deps);
  const ops = docs.map((doc): BatchOp<HouseScopedDoc> => ({ op: 'create', doc }));
  if (deps.store.kind === 'sqlite' || ops.length <= COSMOS_BATCH_LIMIT) {
    await container.batch(pk, ops);
    return;
  }
  const written: HouseScopedDoc[] = [];
  try {
    for (let start = 0; start < docs.length; start += COSMOS_BATCH_LIMIT) {
      const chunk = docs.slice(start, start + COSMOS_BATCH_LIMIT);
      await container.batch(
        pk,
        chunk.map((doc) => ({ op: 'create', doc })),
      );
      written.push(...chunk);
    }
  } catch (error) {
    for (let start = 0; start < written.length; start += COSMOS_BATCH_LIMIT) {
      await container.batch(
        pk,
        written.slice(start, start + COSMOS_BATCH_LIMIT).map((doc) => ({ op: 'delete', id: doc.id })),
      );
    }
    throw error;
  }
}

/** The Zalo token and template the super admin set, if any. */
export async function zaloAccess(deps: Deps): Promise<ZaloAccess | undefined> {
  const zalo = (await readPlatformSettings(deps))?.zalo;
  if (!zalo) return undefined;
  return { accessToken: zalo.accessToken, ...(zalo.templateID ? { templateID: zalo.templateID } : {}) };
}

export interface SendRunSummary {
  /** Messages this run claimed and tried. */
  attempted: number;
  sent: number;
  failed: number;
  /** Still pending after this run (they come back after their back-off). */
  retrying: number;
  /** Due messages another run claimed first. */
  skipped: number;
}

function storedFields(doc: OutboxMessageDoc): OutboxMessage {
  const { id: _id, pk: _pk, type: _type, _etag, _ts, ...message } = doc;
  return message;
}

async function safeSend(
  channels: MessageChannels,
  channel: MessageChannelName,
  message: OutboxMessage,
): Promise<DeliveryOutcome> {
  try {
    return await channels[channel].send(message);
  } catch (error) {
    return { ok: false, permanent: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Claims a due message for this run: its next attempt moves one lease ahead, against the ETag it was
 * read with. A run that loses the race (another claimed or finished it) leaves it alone, so a message
 * is never sent twice at the same time.
 */
async function claim(
  container: Container<OutboxMessageDoc>,
  doc: OutboxMessageDoc,
  now: Date,
): Promise<OutboxMessageDoc | undefined> {
  try {
    return await container.replace(
      { ...doc, nextAttemptOn: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() },
      doc._etag ? { ifMatch: doc._etag } : {},
    );
  } catch (error) {
    if (isStoreError(error, 'precondition_failed', 'not_found')) {
      return undefined;
    }
    throw error;
  }
}

/**
 * The sender (timer every minute): due pending messages of both containers, oldest due first, each
 * claimed, then tried on every channel due (Zalo before the SMS behind it), the outcome of each channel
 * recorded, and the message written back sent, failed, or pending after its back-off. A channel that
 * delivered leaves the message's list, so a retry never sends on it again.
 */
export async function sendDueMessages(
  deps: Deps,
  options: { channels?: MessageChannels; limit?: number } = {},
): Promise<SendRunSummary> {
  const channels = options.channels ?? messageChannels(deps.config, await zaloAccess(deps));
  const summary: SendRunSummary = { attempted: 0, sent: 0, failed: 0, retrying: 0, skipped: 0 };
  const due: Filter = {
    op: 'and',
    items: [
      { op: 'eq', field: 'type', value: 'outboxMessage' },
      { op: 'eq', field: 'state', value: 'pending' },
      { op: 'le', field: 'nextAttemptOn', value: deps.now().toISOString() },
    ],
  };
  for (const name of OUTBOX_CONTAINERS) {
    const container = outboxContainer(deps, name);
    const page = await container.query({
      filter: due,
      orderBy: { field: 'nextAttemptOn' },
      top: options.limit ?? 100,
    });
    for (const doc of page.items) {
      const claimed = await claim(container, doc, deps.now());
      if (!claimed) {
        summary.skipped += 1;
        continue;
      }
      summary.attempted += 1;
      let message = storedFields(claimed);
      const tried = new Set<MessageChannelName>();
      for (let next = channelsDue(message); next.length > 0;) {
        for (const channel of next) {
          tried.add(channel);
          message = withDelivery(message, channel, await safeSend(channels, channel, message), deps.now());
        }
        next = channelsDue(message).filter((channel) => !tried.has(channel));
      }
      message = afterAttempt(message, deps.now());
      try {
        await container.replace(
          { ...message, id: claimed.id, pk: claimed.pk, type: 'outboxMessage' },
          claimed._etag ? { ifMatch: claimed._etag } : {},
        );
      } catch (error) {
        // Changed behind this run's claim (its lease ran out): that run's record stands.
        if (isStoreError(error, 'precondition_failed', 'not_found')) {
          summary.skipped += 1;
          continue;
        }
        throw error;
      }
      if (message.state === 'sent') summary.sent += 1;
      else if (message.state === 'failed') summary.failed += 1;
      else summary.retrying += 1;
    }
  }
  return summary;
}

/** The newest messages of both containers, newest first: the local outbox page and tests read them. */
export async function listOutbox(deps: Deps, top = 200): Promise<OutboxMessage[]> {
  const pages = await Promise.all(
    OUTBOX_CONTAINERS.map((name) =>
      outboxContainer(deps, name).query({
        filter: { op: 'eq', field: 'type', value: 'outboxMessage' },
        orderBy: { field: 'createdOn', desc: true },
        top,
      }),
    ),
  );
  return pages
    .flatMap((page) => page.items.map(storedFields))
    .sort((a, b) => (a.createdOn < b.createdOn ? 1 : a.createdOn > b.createdOn ? -1 : 0))
    .slice(0, top);
}
