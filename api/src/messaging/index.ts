import type { AppConfig } from '../config/index.js';
import { acsEmailChannel, acsSmsChannel } from './acs.js';
import type { MessageChannel, MessageChannels } from './channel.js';
import { localChannel, unavailableChannel } from './local.js';
import { zaloChannel, type ZaloAccess } from './zalo.js';
import { tracedMethods } from '../telemetry/tracing.js';

export type { MessageChannel, MessageChannels, OutgoingMessage } from './channel.js';
export type { ZaloAccess } from './zalo.js';

/**
 * The channels of this deployment. E-mail and SMS go through ACS where its endpoint and sender are set
 * (also locally, for whoever points a run at a real resource). Zalo goes out in Azure when the super
 * admin has set the token; a local run never calls Zalo, whatever token was typed into it. Locally a
 * channel without settings is the local channel (sent to `local`); in Azure it refuses with the reason.
 */
export function messageChannels(config: AppConfig, zalo: ZaloAccess | undefined): MessageChannels {
  const local = config.environment === 'local';
  const missing = (name: 'zalo' | 'email' | 'sms', reason: string) =>
    local ? localChannel(name) : unavailableChannel(name, reason);
  const { acsEndpoint, emailSender, smsFrom } = config.messaging;
  const channels: MessageChannels = {
    zalo:
      !local && zalo
        ? zaloChannel(zalo)
        : missing('zalo', 'Chưa có Zalo token: quản trị viên nhập ở trang Nhập Zalo token.'),
    email:
      acsEndpoint && emailSender
        ? acsEmailChannel({ endpoint: acsEndpoint, sender: emailSender })
        : missing('email', 'Chưa cấu hình gửi email (ACS_ENDPOINT, ACS_EMAIL_SENDER).'),
    sms:
      acsEndpoint && smsFrom
        ? acsSmsChannel({ endpoint: acsEndpoint, from: smsFrom })
        : missing('sms', 'Chưa cấu hình gửi SMS (ACS_ENDPOINT, ACS_SMS_FROM).'),
  };
  if (!config.telemetryEnabled) return channels;
  // A span for each message sent (Zalo, ACS e-mail, ACS SMS) where telemetry is on.
  const traced = (channel: MessageChannel) =>
    tracedMethods(channel, channel.name === 'zalo' ? 'zalo' : `acs ${channel.name}`, ['send']);
  return { zalo: traced(channels.zalo), email: traced(channels.email), sms: traced(channels.sms) };
}
