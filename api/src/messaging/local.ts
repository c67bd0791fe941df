import type { MessageChannelName } from '../domain/outbox.js';
import type { MessageChannel } from './channel.js';

/**
 * `npm start` and the tests: nothing leaves the machine. The delivery is recorded as sent to `local`,
 * and the message stays readable in the outbox (the local host's /_dev/outbox page).
 */
export function localChannel(name: MessageChannelName): MessageChannel {
  return {
    name,
    send: () => Promise.resolve({ ok: true, to: 'local' }),
  };
}

/**
 * In Azure, a channel whose settings are missing (no ACS endpoint, no Zalo token): every message is
 * refused for good with the reason, so the others (and SMS behind Zalo) still go.
 */
export function unavailableChannel(name: MessageChannelName, reason: string): MessageChannel {
  return {
    name,
    send: () => Promise.resolve({ ok: false, permanent: true, error: reason }),
  };
}
