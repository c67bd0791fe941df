import type { DeliveryOutcome, MessageChannelName, OutboxMessage } from '../domain/outbox.js';

/**
 * The messaging port: one message, one channel. An adapter never throws for a refused or failed send:
 * it answers with an outcome, and says whether asking again could help (`permanent`).
 */
export type OutgoingMessage = Pick<OutboxMessage, 'messageID' | 'recipient' | 'subject' | 'body' | 'link'>;

export interface MessageChannel {
  readonly name: MessageChannelName;
  send(message: OutgoingMessage): Promise<DeliveryOutcome>;
}

export type MessageChannels = Record<MessageChannelName, MessageChannel>;

/** The text of a message with its link on its own last line. */
export function textWithLink(message: Pick<OutgoingMessage, 'body' | 'link'>): string {
  return message.link ? `${message.body}\n\n${message.link}` : message.body;
}

/** `text` cut to `max` characters (an ellipsis marks the cut). */
export function shortened(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** The message of an unexpected error, for the delivery record. */
export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A Vietnamese mobile number in international form without the plus (`84912345678`), from the ways
 * people write it (`0912 345 678`, `+84912345678`, `84912345678`); `undefined` when it is not one.
 */
export function vietnamMobileDigits(phone: string | undefined): string | undefined {
  if (!phone) return undefined;
  const digits = phone.replace(/[\s.()-]/g, '');
  const national = /^\+?84(\d{9})$/.exec(digits)?.[1] ?? /^0(\d{9})$/.exec(digits)?.[1];
  return national && /^[35789]/.test(national) ? `84${national}` : undefined;
}
