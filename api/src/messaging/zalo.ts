import type { DeliveryOutcome } from '../domain/outbox.js';
import {
  errorText,
  shortened,
  vietnamMobileDigits,
  type MessageChannel,
  type OutgoingMessage,
} from './channel.js';

/**
 * Zalo Notification Service (ZNS) of the platform's Official Account: a notification to the Zalo account
 * of a phone number, through one template approved by Zalo with the parameters `title` and `content`.
 * `POST https://business.openapi.zalo.me/message/template`, header `access_token`, body
 * `{ phone: "84…", template_id, template_data, tracking_id }`; the reply `{ error, message, data }`
 * has `error` 0 and `data.msg_id` when it was accepted (HTTP 200 either way).
 */
export const ZNS_BASE_URL = 'https://business.openapi.zalo.me';

export interface ZaloAccess {
  accessToken: string;
  /** The approved ZNS template every message is sent with. */
  templateID?: string;
}

export interface ZaloChannelOptions extends ZaloAccess {
  baseURL?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Parameters of the template are short: ZNS refuses longer values. */
const TITLE_MAX = 100;
const CONTENT_MAX = 400;

/**
 * Errors that no retry can fix (ZNS error table): -108 the phone number is invalid, -118 no Zalo
 * account has it, -119 that account cannot receive ZNS. Anything else (a token to renew, quota, an
 * outage) may pass later.
 */
const PERMANENT_ERRORS = new Set([-108, -118, -119]);

interface ZnsReply {
  error?: unknown;
  message?: unknown;
  data?: { msg_id?: unknown };
}

export function zaloChannel(options: ZaloChannelOptions): MessageChannel {
  const url = `${(options.baseURL ?? ZNS_BASE_URL).replace(/\/+$/, '')}/message/template`;
  const post = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: 'zalo',
    async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
      const { templateID } = options;
      if (!templateID) {
        return { ok: false, permanent: true, error: 'Chưa có mã mẫu ZNS: nhập mã mẫu cùng Zalo token.' };
      }
      const phone = vietnamMobileDigits(message.recipient.phoneNumber);
      if (!phone) return { ok: false, permanent: true, error: 'Số điện thoại không dùng được cho Zalo.' };
      const content = message.link ? `${message.body}\n${message.link}` : message.body;
      let reply: ZnsReply | undefined;
      try {
        const response = await post(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', access_token: options.accessToken },
          body: JSON.stringify({
            phone,
            template_id: templateID,
            template_data: {
              title: shortened(message.subject, TITLE_MAX),
              content: shortened(content, CONTENT_MAX),
            },
            tracking_id: message.messageID,
          }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          return { ok: false, permanent: false, to: phone, error: `Zalo trả lời HTTP ${response.status}.` };
        }
        reply = (await response.json()) as ZnsReply;
      } catch (error) {
        return { ok: false, permanent: false, to: phone, error: `Không gọi được Zalo: ${errorText(error)}` };
      }
      if (typeof reply?.error !== 'number') {
        return { ok: false, permanent: false, to: phone, error: 'Zalo trả lời không đúng định dạng.' };
      }
      if (reply.error === 0) {
        const reference = typeof reply.data?.msg_id === 'string' ? reply.data.msg_id : undefined;
        return { ok: true, to: phone, ...(reference ? { reference } : {}) };
      }
      const detail = typeof reply.message === 'string' ? `: ${reply.message}` : '';
      return {
        ok: false,
        permanent: PERMANENT_ERRORS.has(reply.error),
        to: phone,
        error: `Zalo từ chối (${reply.error})${detail}`,
      };
    },
  };
}
