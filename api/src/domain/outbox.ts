/**
 * The outbox: every message the product sends (a landlord's notice, a new bill, a payment received, an
 * issue's new status, a contract about to end, a new tenant account, reminders) is first written as a
 * document in the same write as the change that caused it, then delivered by the sender with retries.
 * A change that is saved always gets its message; a message is never sent for a change that failed.
 * Pure rules, no I/O.
 */

export const OUTBOX_EVENTS = [
  'notification',
  'billIssued',
  'paymentReceived',
  'issueStatusChanged',
  'contractEnding',
  'tenantAccountOpened',
  'billDueSoon',
  'billOverdue',
] as const;
export type OutboxEvent = (typeof OUTBOX_EVENTS)[number];

/** Where a message can go: Zalo (Official Account), e-mail and SMS (Azure Communication Services). */
export const MESSAGE_CHANNELS = ['zalo', 'email', 'sms'] as const;
export type MessageChannelName = (typeof MESSAGE_CHANNELS)[number];

export interface OutboxRecipient {
  userID?: string;
  name?: string;
  email?: string;
  phoneNumber?: string;
}

export type OutboxState = 'pending' | 'sent' | 'failed';

/** One channel's attempt at a message. */
export interface OutboxDelivery {
  channel: MessageChannelName;
  state: 'sent' | 'failed';
  at: string;
  error?: string;
}

export interface OutboxMessage {
  messageID: string;
  event: OutboxEvent;
  /** The house the message is about (none for platform messages). */
  houseID?: string;
  recipient: OutboxRecipient;
  subject: string;
  body: string;
  /** Channels still to deliver on; a channel leaves the list once it succeeds. */
  channels: MessageChannelName[];
  state: OutboxState;
  attempts: number;
  createdOn: string;
  nextAttemptOn: string;
  sentOn?: string;
  deliveries: OutboxDelivery[];
  /** What the message is about (a bill, an issue, a contract), for the outbox page and tests. */
  subjectID?: string;
}

export interface OutboxMessageInput {
  event: OutboxEvent;
  houseID?: string;
  recipient: OutboxRecipient;
  subject: string;
  body: string;
  subjectID?: string;
  /** Defaults to every channel the recipient can be reached on. */
  channels?: MessageChannelName[];
}

/** The channels a recipient can be reached on: Zalo and SMS need a phone number, e-mail an address. */
export function reachableChannels(recipient: OutboxRecipient): MessageChannelName[] {
  const channels: MessageChannelName[] = [];
  if (recipient.phoneNumber) channels.push('zalo');
  if (recipient.email) channels.push('email');
  if (recipient.phoneNumber) channels.push('sms');
  return channels;
}

/** A new pending message, due at once. */
export function newOutboxMessage(
  input: OutboxMessageInput,
  context: { now: Date; messageID: string },
): OutboxMessage {
  const at = context.now.toISOString();
  const wanted = input.channels ?? reachableChannels(input.recipient);
  const reachable = new Set(reachableChannels(input.recipient));
  return {
    messageID: context.messageID,
    event: input.event,
    ...(input.houseID ? { houseID: input.houseID } : {}),
    recipient: input.recipient,
    subject: input.subject,
    body: input.body,
    channels: wanted.filter((channel) => reachable.has(channel)),
    state: 'pending',
    attempts: 0,
    createdOn: at,
    nextAttemptOn: at,
    deliveries: [],
    ...(input.subjectID ? { subjectID: input.subjectID } : {}),
  };
}
