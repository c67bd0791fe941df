import type { OutboxMessageDoc } from '../domain/shared/model.js';
import {
  afterAttempt,
  channelsDue,
  CLAIM_LEASE_MS,
  withDelivery,
  type DeliveryOutcome,
  type MessageChannelName,
  type OutboxMessage,
} from '../domain/outbox.js';
import { messageChannels, type MessageChannels } from '../messaging/index.js';
import { isStoreError, type Container, type Filter } from '../store/store.js';
import type { Deps } from './shared/deps.js';
import { zaloAccess } from './shared/zaloAccess.js';

/** Where messages live: a house's with the house, the platform's (verification codes) in `platform`. */
const OUTBOX_CONTAINERS = ['houses', 'platform'] as const;

function outboxContainer(deps: Deps, name: (typeof OUTBOX_CONTAINERS)[number]) {
  return deps.store.container<OutboxMessageDoc>(name);
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
