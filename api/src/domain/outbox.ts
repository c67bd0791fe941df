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
  'paymentRefundDue',
  'issueStatusChanged',
  'contractEnding',
  /** Written before issue 21 (a landlord-held one-time password); kept so that old messages still read. */
  'tenantAccountOpened',
  'tenancyLinkCode',
  'billDueSoon',
  'billOverdue',
  'billReminder',
  'verificationCode',
  'landlordAccountOpened',
  'registrationRejected',
  'passwordRecovery',
  'platformRequestApproved',
  'accountExpiring',
  'accountExpired',
  'zaloTokenRenewalFailed',
  'reservationLapsed',
  /** Issue 27: an occupant's residence (tạm trú / lưu trú) must be declared in three days, or today. */
  'residenceDue',
  /** Issue 27: a person asked for their identity data to be erased; the landlord is told. */
  'erasureRequested',
  /** Issue 27: the house lets tenants read their own meters; this month's indexes are due. */
  'meterReadingDue',
  /** Issue 26 §3: a contract's oldest debt is past the house's days; repeated every few days. */
  'debtReminder',
  /** Issue 27: a tenant questions a bill line (to the landlord and billing staff), and its answer (to them). */
  'billQuestionAsked',
  'billQuestionAnswered',
  /** Issue 27: a tenant gives or withdraws notice of leaving (to the landlord); it is acknowledged (to them). */
  'leaveNoticeGiven',
  'leaveNoticeWithdrawn',
  'leaveNoticeAcknowledged',
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
  /** Where it went: a phone number, an address, or `local` when nothing left the machine. */
  to?: string;
  /** The provider's id of the sent message (Zalo `msg_id`, ACS message or operation id). */
  reference?: string;
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
  /** A page of the web app the message is about; each channel adds it where it fits. */
  link?: string;
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
  /** Carries a code or a one-time password: its text is erased once it is sent or given up. */
  secret?: true;
  /** Why a message ended `failed` without any delivery (nowhere to send it). */
  failureReason?: string;
}

export interface OutboxMessageInput {
  event: OutboxEvent;
  houseID?: string;
  recipient: OutboxRecipient;
  subject: string;
  body: string;
  link?: string;
  subjectID?: string;
  /** The text holds a secret (a code, a one-time password): erased from the outbox after delivery. */
  secret?: boolean;
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
    ...(input.link ? { link: input.link } : {}),
    channels: wanted.filter((channel) => reachable.has(channel)),
    state: 'pending',
    attempts: 0,
    createdOn: at,
    nextAttemptOn: at,
    deliveries: [],
    ...(input.subjectID ? { subjectID: input.subjectID } : {}),
    ...(input.secret ? { secret: true as const } : {}),
  };
}

/** What a secret message keeps once it is done with: what it was, not what it said. */
export const ERASED_SECRET_TEXT = '[Nội dung bảo mật đã được xóa sau khi gửi]';

/** Waits after a failed attempt: 1 min, 5 min, 30 min, 2 h, 12 h; the sixth failed attempt gives up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * How long a sender run holds a message it claimed: another run picks it up only after this, should
 * the first one die half way (every send has a shorter timeout).
 */
export const CLAIM_LEASE_MS = 10 * 60_000;

/** What one channel said about one message. */
export type DeliveryOutcome =
  | { ok: true; to: string; reference?: string }
  /** `permanent`: asking again cannot help (no such Zalo account, a malformed number or address). */
  | { ok: false; error: string; permanent: boolean; to?: string };

/**
 * The channels to try now. SMS costs the landlord money and says what Zalo says: it waits while Zalo
 * may still deliver, goes once Zalo has failed (now or in an earlier attempt), and is dropped when
 * Zalo delivers.
 */
export function channelsDue(message: Pick<OutboxMessage, 'channels' | 'deliveries'>): MessageChannelName[] {
  const zaloPending = message.channels.includes('zalo');
  const zaloFailed = message.deliveries.some(
    (delivery) => delivery.channel === 'zalo' && delivery.state === 'failed',
  );
  return message.channels.filter((channel) => channel !== 'sms' || !zaloPending || zaloFailed);
}

/** The message after one channel's outcome: a delivered channel (and SMS behind Zalo) leaves the list. */
export function withDelivery(
  message: OutboxMessage,
  channel: MessageChannelName,
  outcome: DeliveryOutcome,
  at: Date,
): OutboxMessage {
  const delivery: OutboxDelivery = outcome.ok
    ? {
        channel,
        state: 'sent',
        at: at.toISOString(),
        to: outcome.to,
        ...(outcome.reference ? { reference: outcome.reference } : {}),
      }
    : {
        channel,
        state: 'failed',
        at: at.toISOString(),
        ...(outcome.to ? { to: outcome.to } : {}),
        error: outcome.error,
      };
  const done = new Set<MessageChannelName>();
  if (outcome.ok) {
    done.add(channel);
    if (channel === 'zalo') done.add('sms');
  } else if (outcome.permanent) {
    done.add(channel);
  }
  return {
    ...message,
    channels: message.channels.filter((name) => !done.has(name)),
    deliveries: [...message.deliveries, delivery],
  };
}

/**
 * The message after a sender's attempt: `sent` once a channel delivered it and none is left to retry,
 * `failed` when none delivered it and none is left (or the sixth attempt failed), otherwise pending
 * again after the back-off. A channel still failing at the last attempt is given up.
 */
export function afterAttempt(message: OutboxMessage, now: Date): OutboxMessage {
  const attempts = message.attempts + 1;
  const delivered = message.deliveries.some((delivery) => delivery.state === 'sent');
  const givingUp = attempts >= MAX_ATTEMPTS;
  if (message.channels.length > 0 && !givingUp) {
    const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] as number;
    return {
      ...message,
      attempts,
      state: 'pending',
      nextAttemptOn: new Date(now.getTime() + delay).toISOString(),
    };
  }
  const at = now.toISOString();
  const { failureReason: _previous, ...kept } = message;
  // A secret's link (a recovery token) goes with its text.
  const { link: _link, ...withoutLink } = kept;
  const rest = message.secret ? withoutLink : kept;
  return {
    ...rest,
    ...(message.secret ? { subject: ERASED_SECRET_TEXT, body: ERASED_SECRET_TEXT } : {}),
    attempts,
    channels: [],
    nextAttemptOn: at,
    ...(delivered
      ? { state: 'sent', sentOn: at }
      : {
          state: 'failed',
          ...(message.deliveries.length === 0
            ? { failureReason: 'Người nhận không có số điện thoại hay email để gửi.' }
            : {}),
        }),
  };
}

/**
 * Whether a document seen on the store's change feed is an outbox message the sender should try now:
 * pending and due. The sender's own writes (its claim moves the next attempt ahead; its result is sent,
 * failed or pending after a back-off) are not, so they start no new run.
 */
export function isDueOutboxDocument(doc: unknown, now: Date): boolean {
  if (typeof doc !== 'object' || doc === null) return false;
  const { type, state, nextAttemptOn } = doc as Record<string, unknown>;
  return (
    type === 'outboxMessage' &&
    state === 'pending' &&
    typeof nextAttemptOn === 'string' &&
    Date.parse(nextAttemptOn) <= now.getTime()
  );
}
