import type { OutboxMessage } from '../domain/outbox.js';

/**
 * The local outbox page (`GET /_dev/outbox` on `npm start`): what the product would have sent, newest
 * first. Plain HTML without scripts; `?format=json` gives the same list to tests and tools.
 */

const EVENT_LABELS: Record<OutboxMessage['event'], string> = {
  notification: 'Thông báo',
  billIssued: 'Hóa đơn mới',
  paymentReceived: 'Đã nhận thanh toán',
  paymentRefundDue: 'Cần hoàn tiền thanh toán',
  issueStatusChanged: 'Sự cố đổi trạng thái',
  contractEnding: 'Hợp đồng sắp hết hạn',
  tenantAccountOpened: 'Tài khoản người thuê',
  tenancyLinkCode: 'Mã liên kết hợp đồng',
  billDueSoon: 'Nhắc hạn hóa đơn',
  billOverdue: 'Hóa đơn quá hạn',
  billReminder: 'Nhắc thanh toán (chủ trọ gửi)',
  verificationCode: 'Mã xác thực đăng ký',
  landlordAccountOpened: 'Tài khoản chủ trọ',
  registrationRejected: 'Đăng ký bị từ chối',
  passwordRecovery: 'Đặt lại mật khẩu',
  platformRequestApproved: 'Duyệt mua phòng, gia hạn',
  accountExpiring: 'Tài khoản sắp hết hạn',
  accountExpired: 'Tài khoản đã hết hạn',
  zaloTokenRenewalFailed: 'Không gia hạn được Zalo token',
  reservationLapsed: 'Cọc giữ phòng quá hạn',
  residenceDue: 'Hạn khai báo cư trú',
  erasureRequested: 'Yêu cầu xóa dữ liệu cá nhân',
  meterReadingDue: 'Nhắc khách ghi chỉ số',
  debtReminder: 'Nhắc nợ quá hạn',
  billQuestionAsked: 'Khiếu nại hóa đơn',
  billQuestionAnswered: 'Trả lời khiếu nại hóa đơn',
  leaveNoticeGiven: 'Báo trả phòng',
  leaveNoticeWithdrawn: 'Rút lại báo trả phòng',
  leaveNoticeAcknowledged: 'Chủ trọ nhận báo trả phòng',
};

const STATE_LABELS: Record<OutboxMessage['state'], string> = {
  pending: 'Chờ gửi',
  sent: 'Đã gửi',
  failed: 'Thất bại',
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function time(iso: string): string {
  return new Date(iso).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh', hour12: false });
}

function row(message: OutboxMessage): string {
  const { recipient } = message;
  const who = [recipient.name, recipient.phoneNumber, recipient.email]
    .filter(Boolean)
    .map((part) => escape(String(part)));
  const deliveries = message.deliveries
    .map(
      (delivery) =>
        `<li>${escape(delivery.channel)}: ${delivery.state === 'sent' ? 'đã gửi' : 'lỗi'}` +
        `${delivery.to ? ` → ${escape(delivery.to)}` : ''}${delivery.error ? ` (${escape(delivery.error)})` : ''}` +
        ` <small>${escape(time(delivery.at))}</small></li>`,
    )
    .join('');
  return `<tr data-message-id="${escape(message.messageID)}" data-event="${escape(message.event)}" data-state="${escape(message.state)}">
<td>${escape(time(message.createdOn))}</td>
<td>${escape(EVENT_LABELS[message.event] ?? message.event)}</td>
<td>${who.join('<br>') || '<em>không có</em>'}</td>
<td>${escape(message.channels.join(', ') || '—')}${deliveries ? `<ul>${deliveries}</ul>` : ''}</td>
<td>${escape(STATE_LABELS[message.state] ?? message.state)}${message.failureReason ? `<br><small>${escape(message.failureReason)}</small>` : ''}</td>
<td>${message.attempts}</td>
<td><strong>${escape(message.subject)}</strong><p>${escape(message.body).replace(/\n/g, '<br>')}</p>${
    message.link ? `<a href="${escape(message.link)}">${escape(message.link)}</a>` : ''
  }</td>
</tr>`;
}

export function renderOutboxPage(messages: OutboxMessage[]): string {
  return `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hộp thư đi (chạy cục bộ) — Nhà trọ</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #d0d0d0; padding: .4rem .5rem; vertical-align: top; text-align: left; }
th { background: #f3f3f3; position: sticky; top: 0; }
tr[data-state="failed"] td { background: #fff3f3; }
tr[data-state="pending"] td { background: #fffbea; }
p { margin: .25rem 0 0; } ul { margin: .25rem 0 0; padding-left: 1.1rem; } small { color: #666; }
</style>
</head>
<body>
<h1>Hộp thư đi</h1>
<p>Những tin nhắn Nhà trọ đã (hoặc sẽ) gửi qua Zalo, email và SMS, mới nhất trước. Khi chạy cục bộ không tin nào rời khỏi máy:
kênh nào cũng ghi “đã gửi → local”. Tin đang chờ được gửi khi gọi <code>POST /_dev/timers/outboxSender</code> (ví dụ bằng <code>curl -X POST</code>);
lời nhắc hằng ngày được viết khi gọi <code>POST /_dev/timers/dailyReminders</code>.</p>
<table>
<thead><tr><th>Lúc tạo</th><th>Sự kiện</th><th>Người nhận</th><th>Kênh</th><th>Trạng thái</th><th>Lần thử</th><th>Nội dung</th></tr></thead>
<tbody>
${messages.length ? messages.map(row).join('\n') : '<tr><td colspan="7">Chưa có tin nhắn nào.</td></tr>'}
</tbody>
</table>
</body>
</html>`;
}
