import { createHash, randomUUID } from 'node:crypto';
import { type OutboxMessageInput, newOutboxMessage, type OutboxRecipient } from '../../domain/outbox.js';
import type { ContractDoc, LesseeInfoDoc, OutboxMessageDoc, UserDoc } from '../../domain/shared/model.js';
import type { BatchOp } from '../../store/store.js';
import type { Deps } from './deps.js';
import { listInHouse } from './houseScope.js';

/**
 * Messages for the outbox, written in the same batch as the change they tell about, and who receives a
 * tenancy's messages. The outbox use cases (outbox.ts) deliver them.
 */

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

/** Keys per `in` query, well under SQLite's parameter limit and Cosmos' query size. */
export const CHUNK = 500;
export function chunks<T>(items: readonly T[]): T[][] {
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
  /** Occupants already read (those of these contracts): their representatives are not read again. */
  occupants: readonly LesseeInfoDoc[] = [],
): Promise<Map<string, OutboxRecipient>> {
  const representativeIDs = new Set(contracts.map((contract) => contract.representativeLesseeID));
  const accountIDs = [
    ...new Set(contracts.flatMap((contract) => (contract.lesseeAccountID ? [contract.lesseeAccountID] : []))),
  ];
  const representatives = new Map<string, LesseeInfoDoc>();
  for (const occupant of occupants) {
    if (representativeIDs.has(occupant.lesseeInfoID)) representatives.set(occupant.lesseeInfoID, occupant);
  }
  for (const ids of chunks([...representativeIDs].filter((id) => !representatives.has(id)))) {
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

/**
 * The id of a message that must exist at most once (a reminder): the same key always gives the same
 * id, so a second write of it conflicts. UUID-shaped (version 8, "custom"), as ACS wants operation ids.
 */
export function outboxMessageID(key: string): string {
  const hex = createHash('sha256').update(key, 'utf8').digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
