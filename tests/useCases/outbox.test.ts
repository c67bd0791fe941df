import { MESSAGES, ZALO_TOKEN_MESSAGES, zaloTokenSchema } from '@nhatro/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  HouseDoc,
  OutboxMessageDoc,
  PlatformSettingsDoc,
  UserDoc,
} from '../../api/src/domain/shared/model.js';
import type { DeliveryOutcome, MessageChannelName, OutboxMessageInput } from '../../api/src/domain/outbox.js';
import type { MessageChannels, OutgoingMessage } from '../../api/src/messaging/index.js';
import type { Deps } from '../../api/src/useCases/shared/deps.js';
import { houseDocs } from '../../api/src/useCases/shared/houseScope.js';
import { sendDueMessages } from '../../api/src/useCases/outbox.js';
import { outboxCreate } from '../../api/src/useCases/shared/outboxMessages.js';
import { zaloAccess } from '../../api/src/useCases/shared/zaloAccess.js';
import { getZaloAccessToken, setZaloAccessToken } from '../../api/src/useCases/zaloToken.js';
import { setBillingDay } from '../../api/src/useCases/billingDay.js';
import { aHouse, aLandlord, aSuperAdmin } from '../support/builders.js';
import { outboxMessages, storedMessage } from '../support/notificationBuilders.js';
import {
  actorFor,
  auditEntries,
  createHarness,
  expectRefusal,
  refusal,
  type UseCaseHarness,
} from '../support/useCaseHarness.js';

/**
 * The sender: due messages of both containers, each channel's outcome recorded, retries with back-off,
 * never twice on a channel that delivered, never two runs on one message. And the Zalo token it uses.
 */

let h: UseCaseHarness;
let deps: Deps;
let house: HouseDoc;

beforeEach(async () => {
  h = createHarness({ now: new Date('2026-11-20T03:00:00Z') });
  deps = h.deps;
  const landlord = await aLandlord(deps);
  house = await aHouse(deps, landlord);
});
afterEach(() => h.close());

const RECIPIENT = { name: 'Lê Minh Tuấn', phoneNumber: '0987654321', email: 'tuan@example.vn' };

async function aPendingMessage(input: Partial<OutboxMessageInput> = {}): Promise<OutboxMessageDoc> {
  const op = outboxCreate(deps, house.houseID, {
    event: 'notification',
    houseID: house.houseID,
    recipient: RECIPIENT,
    subject: 'Nhà trọ: Cắt nước',
    body: 'Sáng thứ Bảy cắt nước.',
    ...input,
  });
  return houseDocs<OutboxMessageDoc>(deps).create(op.doc);
}

/** Channels that record what they were asked and answer from a script (default: delivered). */
function scriptedChannels(script: Partial<Record<MessageChannelName, DeliveryOutcome[]>> = {}, delayMs = 0) {
  const calls: Array<{ channel: MessageChannelName; messageID: string }> = [];
  const channel = (name: MessageChannelName) => ({
    name,
    async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
      calls.push({ channel: name, messageID: message.messageID });
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return script[name]?.shift() ?? { ok: true, to: `${name}-destination` };
    },
  });
  const channels: MessageChannels = { zalo: channel('zalo'), email: channel('email'), sms: channel('sms') };
  return { channels, calls };
}

const DOWN: DeliveryOutcome = { ok: false, permanent: false, error: 'HTTP 503' };

describe('sending', () => {
  it('locally every channel is the local one: Zalo and e-mail recorded as sent to local, SMS not needed', async () => {
    const message = await aPendingMessage();
    const summary = await sendDueMessages(deps);
    expect(summary).toMatchObject({ attempted: 1, sent: 1, retrying: 0, failed: 0 });
    const stored = await storedMessage(deps, house.houseID, message.id);
    expect(stored).toMatchObject({
      state: 'sent',
      attempts: 1,
      channels: [],
      sentOn: '2026-11-20T03:00:00.000Z',
      deliveries: [
        { channel: 'zalo', state: 'sent', to: 'local', at: '2026-11-20T03:00:00.000Z' },
        { channel: 'email', state: 'sent', to: 'local', at: '2026-11-20T03:00:00.000Z' },
      ],
    });
    expect(await sendDueMessages(deps)).toMatchObject({ attempted: 0 });
  });

  it('Zalo down: SMS goes instead at once; Zalo is retried after a minute, never e-mail or SMS again', async () => {
    const message = await aPendingMessage();
    const { channels, calls } = scriptedChannels({ zalo: [DOWN] });
    expect(await sendDueMessages(deps, { channels })).toMatchObject({ attempted: 1, retrying: 1 });
    expect(calls.map((call) => call.channel)).toEqual(['zalo', 'email', 'sms']);
    const pending = await storedMessage(deps, house.houseID, message.id);
    expect(pending).toMatchObject({ state: 'pending', attempts: 1, channels: ['zalo'] });
    expect(pending?.nextAttemptOn).toBe('2026-11-20T03:01:00.000Z');

    h.clock.advance(30_000);
    expect(await sendDueMessages(deps, { channels })).toMatchObject({ attempted: 0 });
    h.clock.advance(30_000);
    expect(await sendDueMessages(deps, { channels })).toMatchObject({ attempted: 1, sent: 1 });
    expect(calls.map((call) => call.channel)).toEqual(['zalo', 'email', 'sms', 'zalo']);
    const sent = await storedMessage(deps, house.houseID, message.id);
    expect(sent?.deliveries.map((delivery) => [delivery.channel, delivery.state])).toEqual([
      ['zalo', 'failed'],
      ['email', 'sent'],
      ['sms', 'sent'],
      ['zalo', 'sent'],
    ]);
  });

  it('a channel failing six times is given up: failed, each attempt recorded', async () => {
    const message = await aPendingMessage({ recipient: { email: 'tuan@example.vn' } });
    const { channels } = scriptedChannels({ email: Array.from({ length: 6 }, () => DOWN) });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await sendDueMessages(deps, { channels });
      h.clock.advance(13 * 3_600_000);
    }
    const stored = await storedMessage(deps, house.houseID, message.id);
    expect(stored).toMatchObject({ state: 'failed', attempts: 6, channels: [] });
    expect(stored?.deliveries).toHaveLength(6);
    expect(await sendDueMessages(deps, { channels })).toMatchObject({ attempted: 0 });
  });

  it('two runs at the same time: each message claimed by one of them, sent once per channel', async () => {
    for (let index = 0; index < 5; index += 1) await aPendingMessage();
    const { channels, calls } = scriptedChannels({}, 5);
    const [first, second] = await Promise.all([
      sendDueMessages(deps, { channels }),
      sendDueMessages(deps, { channels }),
    ]);
    expect(first.attempted + second.attempted).toBe(5);
    expect(first.skipped + second.skipped).toBe(5);
    const perMessageAndChannel = new Set(calls.map((call) => `${call.messageID}/${call.channel}`));
    expect(perMessageAndChannel.size).toBe(calls.length);
    expect(calls).toHaveLength(10);
  });

  it('a message claimed by a run that died is taken up again once the lease ran out', async () => {
    const message = await aPendingMessage();
    const claimed = { ...message, nextAttemptOn: '2026-11-20T03:10:00.000Z' };
    await houseDocs<OutboxMessageDoc>(deps).replace(claimed);
    expect(await sendDueMessages(deps)).toMatchObject({ attempted: 0 });
    h.clock.advance(10 * 60_000);
    expect(await sendDueMessages(deps)).toMatchObject({ attempted: 1, sent: 1 });
  });

  it('platform messages (the platform container) are sent too', async () => {
    const op = outboxCreate(deps, 'outbox', {
      event: 'tenantAccountOpened',
      recipient: { email: 'moi@example.vn' },
      subject: 'Mã xác nhận',
      body: 'Mã của bạn là …',
    });
    await deps.store.container<OutboxMessageDoc>('platform').create(op.doc);
    expect(await sendDueMessages(deps)).toMatchObject({ attempted: 1, sent: 1 });
    expect((await outboxMessages(deps))[0]).toMatchObject({ state: 'sent' });
  });

  it('a reminder written twice under the same key is one message', async () => {
    const input: OutboxMessageInput = {
      event: 'billDueSoon',
      recipient: RECIPIENT,
      subject: 'Nhắc thanh toán',
      body: '…',
    };
    const first = outboxCreate(deps, house.houseID, input, { idempotencyKey: 'billDueSoon:b1:2026-11-23' });
    const again = outboxCreate(deps, house.houseID, input, { idempotencyKey: 'billDueSoon:b1:2026-11-23' });
    expect(again.doc.id).toBe(first.doc.id);
    await houseDocs(deps).create(first.doc);
    await expect(houseDocs(deps).create(again.doc)).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('the Zalo token', () => {
  let admin: UserDoc;
  beforeEach(async () => {
    admin = await aSuperAdmin(deps);
  });

  const input = (value: Record<string, unknown>) => zaloTokenSchema.parse(value);

  it('the super admin sets it; it is shown masked, kept with the billing day, and used by the sender', async () => {
    await setBillingDay(actorFor(deps, admin), { billingDay: 7 });
    const token = 'oa-access-token-0123456789-abcd';
    const view = await setZaloAccessToken(
      actorFor(deps, admin),
      input({ accessToken: token, templateID: '245678' }),
    );
    expect(view).toEqual({
      configured: true,
      maskedToken: '••••abcd',
      templateID: '245678',
      updatedOn: '2026-11-20T03:00:00.000Z',
      // Zalo OA access tokens last 25 hours; without a refresh token it cannot be renewed.
      expiresOn: '2026-11-21T04:00:00.000Z',
      autoRenew: false,
      autoRenewBlocked: 'Chưa có refresh token: nhập refresh token cùng access token.',
    });
    expect(JSON.stringify(await getZaloAccessToken(actorFor(deps, admin)))).not.toContain(token);
    const settings = await deps.store.container<PlatformSettingsDoc>('platform').read('settings', 'settings');
    expect(settings).toMatchObject({ billingDay: 7, zalo: { templateID: '245678' } });
    // Sealed in the store: the token is nowhere in the document's text.
    expect(JSON.stringify(settings)).not.toContain(token);
    expect(settings?.zalo?.sealedAccessToken).toMatchObject({ v: 1, kid: 'local' });
    expect(await zaloAccess(deps)).toEqual({ accessToken: token, templateID: '245678' });
    // A new token keeps the template; the audit trail never holds the token.
    await setZaloAccessToken(actorFor(deps, admin), input({ accessToken: 'another-token-0000-wxyz' }));
    expect(await zaloAccess(deps)).toEqual({ accessToken: 'another-token-0000-wxyz', templateID: '245678' });
    const entries = (await auditEntries(deps)).filter((entry) => entry.entity === 'settings');
    expect(JSON.stringify(entries)).not.toContain('another-token-0000-wxyz');
  });

  it('nobody else may read or set it', async () => {
    const landlord = await aLandlord(deps);
    await expectRefusal(
      setZaloAccessToken(actorFor(deps, landlord), input({ accessToken: 'abc' })),
      'forbidden',
      MESSAGES.forbidden,
    );
    expect((await refusal(getZaloAccessToken(actorFor(deps, landlord)))).kind).toBe('forbidden');
    expect(await zaloAccess(deps)).toBeUndefined();
  });

  it('the form’s messages: required, no spaces, a numeric template', () => {
    expect(zaloTokenSchema.safeParse({ accessToken: '  ' }).error?.issues[0]?.message).toBe(
      'Zalo token không được để trống!',
    );
    expect(zaloTokenSchema.safeParse({ accessToken: 'a b' }).success).toBe(false);
    expect(
      zaloTokenSchema.safeParse({ accessToken: 'abc', templateID: 'mẫu' }).error?.issues[0]?.message,
    ).toBe('Mã mẫu ZNS chỉ gồm chữ số (tối đa 20).');
    expect(ZALO_TOKEN_MESSAGES.saved).toBe('Thêm Zalo Token thành công!');
  });
});
