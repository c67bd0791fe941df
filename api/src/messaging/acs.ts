import type { EmailClient, EmailClientOptions } from '@azure/communication-email';
import type { SmsClient, SmsClientOptions } from '@azure/communication-sms';
import type { KeyCredential, TokenCredential } from '@azure/core-auth';
import type { DeliveryOutcome } from '../domain/outbox.js';
import {
  errorText,
  shortened,
  textWithLink,
  vietnamMobileDigits,
  type MessageChannel,
  type OutgoingMessage,
} from './channel.js';

/**
 * E-mail and SMS through Azure Communication Services, authenticated with the Function App's managed
 * identity (DefaultAzureCredential). The SDKs and @azure/identity are imported on the first message
 * only: nothing loads them at start-up or where ACS is not configured.
 */

type AcsCredential = KeyCredential | TokenCredential;

export interface AcsChannelOptions {
  /** `https://<resource>.communication.azure.com`. */
  endpoint: string;
  /** Default: DefaultAzureCredential. Tests pass an AzureKeyCredential to reach a local fake. */
  credential?: AcsCredential;
  timeoutMs?: number;
}

let defaultCredential: Promise<TokenCredential> | undefined;
function managedIdentity(): Promise<TokenCredential> {
  defaultCredential ??= import('@azure/identity').then((identity) => new identity.DefaultAzureCredential());
  return defaultCredential;
}

/** A 4xx other than throttling or authentication means the request itself is wrong: asking again will not help. */
function isPermanentStatus(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

export function acsEmailChannel(
  options: AcsChannelOptions & { sender: string; clientOptions?: EmailClientOptions },
): MessageChannel {
  let client: Promise<EmailClient> | undefined;
  const emailClient = () => {
    client ??= (async () => {
      const { EmailClient } = await import('@azure/communication-email');
      const credential = options.credential ?? (await managedIdentity());
      return new EmailClient(options.endpoint, credential, options.clientOptions);
    })();
    return client;
  };
  return {
    name: 'email',
    async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
      const address = message.recipient.email;
      if (!address) return { ok: false, permanent: true, error: 'Người nhận không có email.' };
      try {
        // The outbox id as ACS's operation id: a retried send of the same message is the same operation.
        const poller = await (
          await emailClient()
        ).beginSend(
          {
            senderAddress: options.sender,
            content: { subject: message.subject, plainText: textWithLink(message) },
            recipients: {
              to: [{ address, ...(message.recipient.name ? { displayName: message.recipient.name } : {}) }],
            },
          },
          { operationId: message.messageID, abortSignal: AbortSignal.timeout(options.timeoutMs ?? 30_000) },
        );
        const state = poller.getOperationState();
        if (state.status === 'failed' || state.status === 'canceled') {
          return {
            ok: false,
            permanent: false,
            to: address,
            error: `ACS e-mail ${state.status}: ${state.error?.message ?? ''}`.trim(),
          };
        }
        return { ok: true, to: address, reference: state.result?.id ?? message.messageID };
      } catch (error) {
        return {
          ok: false,
          permanent: isPermanentStatus(statusOf(error)),
          to: address,
          error: `ACS e-mail: ${errorText(error)}`,
        };
      }
    },
  };
}

/** Vietnamese letters make an SMS Unicode (70 characters a part): a few parts at most, the link kept. */
const SMS_MAX = 300;

export function acsSmsChannel(
  options: AcsChannelOptions & { from: string; clientOptions?: SmsClientOptions },
): MessageChannel {
  let client: Promise<SmsClient> | undefined;
  const smsClient = () => {
    client ??= (async () => {
      const [{ SmsClient }, { isTokenCredential }] = await Promise.all([
        import('@azure/communication-sms'),
        import('@azure/core-auth'),
      ]);
      const credential = options.credential ?? (await managedIdentity());
      return isTokenCredential(credential)
        ? new SmsClient(options.endpoint, credential, options.clientOptions)
        : new SmsClient(options.endpoint, credential, options.clientOptions);
    })();
    return client;
  };
  return {
    name: 'sms',
    async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
      const digits = vietnamMobileDigits(message.recipient.phoneNumber);
      if (!digits) return { ok: false, permanent: true, error: 'Số điện thoại không dùng được cho SMS.' };
      const to = `+${digits}`;
      const link = message.link ? ` ${message.link}` : '';
      const text = `${shortened(`${message.subject}: ${message.body}`, SMS_MAX - link.length)}${link}`;
      try {
        const [result] = await (
          await smsClient()
        ).send(
          { from: options.from, to: [to], message: text },
          { tag: message.messageID, abortSignal: AbortSignal.timeout(options.timeoutMs ?? 30_000) },
        );
        if (result?.successful) {
          return { ok: true, to, ...(result.messageId ? { reference: result.messageId } : {}) };
        }
        return {
          ok: false,
          permanent: isPermanentStatus(result?.httpStatusCode),
          to,
          error: `ACS SMS ${result?.httpStatusCode ?? ''}: ${result?.errorMessage ?? 'không gửi được'}`,
        };
      } catch (error) {
        return {
          ok: false,
          permanent: isPermanentStatus(statusOf(error)),
          to,
          error: `ACS SMS: ${errorText(error)}`,
        };
      }
    },
  };
}
