import { displayDate, displayMoney } from '../contractDocuments.js';
import type { OutboxMessageInput } from '../outbox.js';
import { WEB_PAGES } from './outboxTexts.js';

/**
 * What the messages about a tenant's own actions say (issue 27): a question about a bill line and its
 * answer, a notice of leaving, its withdrawal and acknowledgement. The same text goes in the app (the
 * tenant's notices) and through the outbox (Zalo, SMS, e-mail), so it is short and names the room and the
 * bill's month or the leaving day. Pure, no I/O.
 */

type Text = Pick<OutboxMessageInput, 'subject' | 'body' | 'link'>;

/** `2026-11` → `11/2026`. */
export function displayMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${Number(number)}/${year}`;
}

interface BillLine {
  monthlyBillID: string;
  month: string;
  roomName: string;
  lineDescription: string;
  lineAmount: number;
}

/** The landlord and billing staff: a tenant questions a line of a bill. */
export function billQuestionAskedText(
  question: BillLine & { reason: string; tenantName?: string | undefined },
  houseName: string,
  webOrigin: string,
): Text {
  const who = question.tenantName
    ? `${question.tenantName} (phòng ${question.roomName})`
    : `Người thuê phòng ${question.roomName}`;
  return {
    subject: `${houseName}: khiếu nại hóa đơn tháng ${displayMonth(question.month)} phòng ${question.roomName}`,
    body:
      `${who} khiếu nại dòng "${question.lineDescription}" (${displayMoney(question.lineAmount)} ₫) ` +
      `của hóa đơn tháng ${displayMonth(question.month)}: ${question.reason}`,
    link: `${webOrigin}${WEB_PAGES.bill(question.monthlyBillID)}`,
  };
}

/** The tenant: the landlord corrected the line (from → to, the bill's new total) or rejected the question. */
export function billQuestionAnsweredText(
  answer: BillLine &
    (
      | { outcome: 'corrected'; newAmount: number; newTotal: number; answer?: string | undefined }
      | { outcome: 'rejected'; answer: string }
    ),
  houseName: string,
  webOrigin: string,
): Text {
  const line = `dòng "${answer.lineDescription}" của hóa đơn tháng ${displayMonth(answer.month)} phòng ${answer.roomName}`;
  const body =
    answer.outcome === 'corrected'
      ? `Chủ trọ đã điều chỉnh ${line}: từ ${displayMoney(answer.lineAmount)} ₫ thành ` +
        `${displayMoney(answer.newAmount)} ₫; tổng hóa đơn nay là ${displayMoney(answer.newTotal)} ₫.` +
        (answer.answer ? ` Ghi chú: ${answer.answer}` : '')
      : `Chủ trọ không chấp nhận khiếu nại ${line}. Lý do: ${answer.answer}`;
  return {
    subject:
      answer.outcome === 'corrected'
        ? `${houseName}: hóa đơn tháng ${displayMonth(answer.month)} đã được điều chỉnh`
        : `${houseName}: trả lời khiếu nại hóa đơn tháng ${displayMonth(answer.month)}`,
    body,
    link: `${webOrigin}${WEB_PAGES.bill(answer.monthlyBillID)}`,
  };
}

interface Leaving {
  roomName: string;
  leaveDate: string;
}

/** The landlord: a tenant gives notice of leaving on a day. */
export function leaveNoticeGivenText(
  notice: Leaving & { note?: string | undefined; tenantName?: string | undefined },
  houseName: string,
  webOrigin: string,
): Text {
  const who = notice.tenantName
    ? `${notice.tenantName} (phòng ${notice.roomName})`
    : `Người thuê phòng ${notice.roomName}`;
  return {
    subject: `${houseName}: phòng ${notice.roomName} báo trả phòng ngày ${displayDate(notice.leaveDate)}`,
    body:
      `${who} báo sẽ trả phòng ngày ${displayDate(notice.leaveDate)}.` +
      (notice.note ? ` Ghi chú: ${notice.note}` : '') +
      ' Hãy xác nhận đã nhận thông báo trên trang tổng quan.',
    link: `${webOrigin}${WEB_PAGES.dashboard}`,
  };
}

/** The landlord: the tenant took their notice back; the room is no longer 'Sắp trống'. */
export function leaveNoticeWithdrawnText(notice: Leaving, houseName: string, webOrigin: string): Text {
  return {
    subject: `${houseName}: phòng ${notice.roomName} rút lại thông báo trả phòng`,
    body:
      `Người thuê phòng ${notice.roomName} đã rút lại thông báo trả phòng ngày ${displayDate(notice.leaveDate)}; ` +
      'phòng không còn "Sắp trống".',
    link: `${webOrigin}${WEB_PAGES.dashboard}`,
  };
}

/** The tenant: the landlord or staff acknowledged their notice. */
export function leaveNoticeAcknowledgedText(notice: Leaving, houseName: string, webOrigin: string): Text {
  return {
    subject: `${houseName}: chủ trọ đã nhận thông báo trả phòng`,
    body:
      `Chủ trọ đã nhận thông báo trả phòng ${notice.roomName} ngày ${displayDate(notice.leaveDate)} của bạn. ` +
      'Hai bên sẽ hẹn ngày bàn giao phòng, đọc chỉ số điện nước và quyết toán tiền cọc.',
    link: `${webOrigin}${WEB_PAGES.lesseeRoom}`,
  };
}
