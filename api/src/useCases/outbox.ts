import { randomUUID } from 'node:crypto';
import type { OutboxMessageDoc } from '../domain/model.js';
import { newOutboxMessage, type OutboxMessageInput } from '../domain/outbox.js';
import type { BatchOp } from '../store/store.js';
import type { Deps } from './deps.js';

/**
 * Writing to the outbox: a use case adds the returned operation to the batch that saves its change, so
 * the message exists exactly when the change does. `pk` is the partition of that batch (the houseID for
 * a house's changes).
 */
export function outboxCreate(deps: Deps, pk: string, input: OutboxMessageInput): BatchOp<OutboxMessageDoc> {
  const messageID = randomUUID();
  const message = newOutboxMessage(input, { now: deps.now(), messageID });
  return { op: 'create', doc: { ...message, id: messageID, pk, type: 'outboxMessage' } };
}
