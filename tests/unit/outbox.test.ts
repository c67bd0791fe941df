import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  channelsDue,
  MAX_ATTEMPTS,
  newOutboxMessage,
  RETRY_DELAYS_MS,
  withDelivery,
  type OutboxMessage,
} from '../../api/src/domain/outbox.js';
import { outboxMessageID } from '../../api/src/useCases/shared/outboxMessages.js';
import {
  billDueSoonText,
  billIssuedText,
  issueStatusText,
  tenancyLinkCodeText,
} from '../../api/src/domain/shared/outboxTexts.js';
import { daysBetween, reminderKey, reminderWindows } from '../../api/src/domain/reminders.js';

/** The outbox's pure rules: which channels go now, what an outcome does, retries and back-off, texts. */

const NOW = new Date('2026-11-20T01:00:00.000Z');

function aMessage(recipient: OutboxMessage['recipient'] = { phoneNumber: '0912345678', email: 'a@b.vn' }) {
  return newOutboxMessage(
    { event: 'notification', recipient, subject: 'Tiêu đề', body: 'Nội dung' },
    { now: NOW, messageID: 'message-1' },
  );
}

const SENT = { ok: true, to: 'local' } as const;
const DOWN = { ok: false, permanent: false, error: 'HTTP 503' } as const;
const REFUSED = { ok: false, permanent: true, error: 'Zalo từ chối (-118)' } as const;

describe('channels', () => {
  it('a recipient with a phone and an e-mail gets Zalo and e-mail first; SMS waits behind Zalo', () => {
    const message = aMessage();
    expect(message.channels).toEqual(['zalo', 'email', 'sms']);
    expect(channelsDue(message)).toEqual(['zalo', 'email']);
  });

  it('Zalo delivered: SMS is dropped with it, e-mail stays to deliver', () => {
    const after = withDelivery(aMessage(), 'zalo', SENT, NOW);
    expect(after.channels).toEqual(['email']);
    expect(after.deliveries).toEqual([
      { channel: 'zalo', state: 'sent', at: NOW.toISOString(), to: 'local' },
    ]);
  });

  it('Zalo failing (for now or for good) lets SMS go', () => {
    const down = withDelivery(aMessage(), 'zalo', DOWN, NOW);
    expect(down.channels).toEqual(['zalo', 'email', 'sms']);
    expect(channelsDue(down)).toEqual(['zalo', 'email', 'sms']);
    const refused = withDelivery(aMessage(), 'zalo', REFUSED, NOW);
    expect(refused.channels).toEqual(['email', 'sms']);
    expect(channelsDue(refused)).toEqual(['email', 'sms']);
  });

  it('only the channels a recipient can be reached on', () => {
    expect(aMessage({ email: 'a@b.vn' }).channels).toEqual(['email']);
    expect(aMessage({ name: 'Không liên lạc' }).channels).toEqual([]);
  });
});

describe('attempts', () => {
  it('every channel delivered: sent', () => {
    let message = withDelivery(aMessage(), 'zalo', SENT, NOW);
    message = withDelivery(message, 'email', SENT, NOW);
    const after = afterAttempt(message, NOW);
    expect(after).toMatchObject({ state: 'sent', attempts: 1, channels: [], sentOn: NOW.toISOString() });
  });

  it('a failing channel is retried after 1 min, 5 min, 30 min, 2 h and 12 h, then given up', () => {
    let message = aMessage({ email: 'a@b.vn' });
    const waits: number[] = [];
    let now = NOW;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      message = afterAttempt(withDelivery(message, 'email', DOWN, now), now);
      if (message.state !== 'pending') break;
      const next = new Date(message.nextAttemptOn);
      waits.push(next.getTime() - now.getTime());
      now = next;
    }
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(message).toMatchObject({ state: 'failed', attempts: 6, channels: [] });
    expect(message.deliveries).toHaveLength(6);
  });

  it('one channel delivered and another given up: sent (the tenant got it)', () => {
    let message = aMessage();
    message = { ...message, attempts: MAX_ATTEMPTS - 1 };
    message = withDelivery(message, 'email', SENT, NOW);
    message = withDelivery(message, 'zalo', DOWN, NOW);
    message = withDelivery(message, 'sms', DOWN, NOW);
    expect(afterAttempt(message, NOW)).toMatchObject({ state: 'sent', channels: [] });
  });

  it('nowhere to send it: failed at once, with the reason', () => {
    const after = afterAttempt(aMessage({ name: 'Không liên lạc' }), NOW);
    expect(after).toMatchObject({ state: 'failed', attempts: 1 });
    expect(after.failureReason).toMatch(/không có số điện thoại hay email/);
  });
});

describe('ids and reminders', () => {
  it('a key gives always the same UUID-shaped id; another key another id', () => {
    const id = outboxMessageID('billDueSoon:bill-1:2026-11-23');
    expect(id).toBe(outboxMessageID('billDueSoon:bill-1:2026-11-23'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(outboxMessageID('billDueSoon:bill-1:2026-11-24')).not.toBe(id);
  });

  it('the windows of a day: due in 1–3 days, 1–3 days late, ending within 30 days', () => {
    expect(reminderWindows('2026-11-30')).toEqual({
      billDueSoon: { from: '2026-12-01', to: '2026-12-03' },
      billOverdue: { from: '2026-11-27', to: '2026-11-29' },
      contractEnding: { from: '2026-12-01', to: '2026-12-30' },
    });
    expect(daysBetween('2026-11-30', '2026-12-03')).toBe(3);
    expect(reminderKey('contractEnding', 'c1', '2026-12-31')).toBe('contractEnding:c1:2026-12-31');
  });
});

describe('texts', () => {
  const web = 'https://nhatro.example';

  it('a new bill: amount, due date, link to the bill', () => {
    const text = billIssuedText(
      {
        monthlyBillID: 'b1',
        billName: 'Hóa đơn tháng 11/2026 – P101',
        total: 2_950_000,
        dueDate: '2026-12-10',
      },
      'Nhà trọ Hoa Sen',
      { name: 'Lê Minh Tuấn' },
      web,
    );
    expect(text.body).toBe(
      'Chào Lê Minh Tuấn, Nhà trọ Hoa Sen đã lập hóa đơn tháng 11/2026 – P101: 2.950.000 ₫, hạn thanh toán 10/12/2026.',
    );
    expect(text.link).toBe(`${web}/bill/b1`);
  });

  it('a reminder the day before says tomorrow', () => {
    const text = billDueSoonText(
      { monthlyBillID: 'b1', billName: 'Hóa đơn tháng 11/2026 – P101', owed: 500_000, dueDate: '2026-12-10' },
      1,
      web,
    );
    expect(text.body).toContain('còn 500.000 ₫ chưa thanh toán, hạn 10/12/2026 (ngày mai)');
  });

  it('an issue status carries the landlord’s answer', () => {
    const text = issueStatusText(
      { title: 'Vòi nước rò', roomName: 'P101', status: 3, response: 'Đã thay vòi mới.' },
      'Nhà trọ Hoa Sen',
      web,
    );
    expect(text.subject).toBe('Báo cáo sự cố đã được xử lý xong');
    expect(text.body).toBe(
      'Báo cáo “Vòi nước rò” của phòng P101 (Nhà trọ Hoa Sen) đã được xử lý xong. Phản hồi của chủ trọ: Đã thay vòi mới.',
    );
  });

  it('a new tenancy: the code and the confirmation link, the same words for every number', () => {
    const text = tenancyLinkCodeText(
      '042917',
      'AbCdEfGhIjKlMnOp',
      { houseName: 'Nhà trọ Hoa Sen', roomName: 'P101' },
      72,
      { name: 'Lê Minh Tuấn' },
      web,
    );
    expect(text.body).toContain('Mã xác nhận: 042917 (dùng được trong 3 ngày).');
    expect(text.body).toContain('Nhà trọ Hoa Sen đã tạo hợp đồng thuê phòng P101');
    expect(text.body).not.toMatch(/mật khẩu:\s*\S/i);
    expect(text.link).toBe(`${web}/tenancyLink/AbCdEfGhIjKlMnOp`);
  });
});

describe('secret messages (codes, one-time passwords)', () => {
  it('keep their text while they may still be sent, and lose it once sent or given up', () => {
    const secret = newOutboxMessage(
      {
        event: 'verificationCode',
        recipient: { email: 'a@b.vn' },
        subject: 'Mã xác thực Nhà trọ: 123456',
        body: 'Mã của bạn là 123456',
        link: 'http://localhost:4280/ChangePassword/123456',
        secret: true,
      },
      { now: NOW, messageID: 'message-2' },
    );
    const retrying = afterAttempt(withDelivery(secret, 'email', DOWN, NOW), NOW);
    expect(retrying).toMatchObject({ state: 'pending', body: 'Mã của bạn là 123456' });
    const sent = afterAttempt(withDelivery(retrying, 'email', SENT, NOW), NOW);
    expect(sent.state).toBe('sent');
    expect(JSON.stringify(sent)).not.toContain('123456');
    let failing = secret;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      failing = afterAttempt(withDelivery(failing, 'email', DOWN, NOW), NOW);
    }
    expect(failing.state).toBe('failed');
    expect(JSON.stringify(failing)).not.toContain('123456');
    // An ordinary message keeps what it said.
    const notice = afterAttempt(withDelivery(aMessage({ email: 'a@b.vn' }), 'email', SENT, NOW), NOW);
    expect(notice).toMatchObject({ state: 'sent', body: 'Nội dung' });
  });
});
