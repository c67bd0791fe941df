import type { IssueStatus } from '@nhatro/common';
import { displayDate, displayMoney } from '../contractDocuments.js';
import type { OutboxMessageInput, OutboxRecipient } from '../outbox.js';

/**
 * What each message says, in one place. Texts are short (they also go by Zalo and SMS), in Vietnamese,
 * and never carry a secret: a new tenant's one-time password stays with the landlord.
 */

/** The pages of the web app a message links to (the routes of web/src/lib/paths). */
export const WEB_PAGES = {
  notifications: '/notifications',
  bill: (monthlyBillID: string) => `/bill/${encodeURIComponent(monthlyBillID)}`,
  lesseeRoom: '/lesseeRoomDetail',
  lesseeContract: '/lesseeContract',
  login: '/login',
  passwordReset: (token: string) => `/ChangePassword/${encodeURIComponent(token)}`,
  tenancyLink: (linkID: string) => `/tenancyLink/${encodeURIComponent(linkID)}`,
  residence: '/residence',
  dashboard: '/dashboard',
} as const;

interface Place {
  houseName: string;
  roomName: string;
}

type Text = Pick<OutboxMessageInput, 'subject' | 'body' | 'link'>;

function greeting(recipient: OutboxRecipient): string {
  return recipient.name ? `Chào ${recipient.name}, ` : 'Chào bạn, ';
}

export function notificationText(
  notice: { title: string; body: string; houseName: string },
  webOrigin: string,
): Text {
  return {
    subject: `${notice.houseName}: ${notice.title}`,
    body: notice.body,
    link: `${webOrigin}${WEB_PAGES.notifications}`,
  };
}

export function billIssuedText(
  bill: { monthlyBillID: string; billName: string; total: number; dueDate: string },
  houseName: string,
  recipient: OutboxRecipient,
  webOrigin: string,
): Text {
  return {
    subject: bill.billName,
    body:
      `${greeting(recipient)}${houseName} đã lập ${bill.billName.charAt(0).toLowerCase()}${bill.billName.slice(1)}: ` +
      `${displayMoney(bill.total)} ₫, hạn thanh toán ${displayDate(bill.dueDate)}.`,
    link: `${webOrigin}${WEB_PAGES.bill(bill.monthlyBillID)}`,
  };
}

export function billDueSoonText(
  bill: { monthlyBillID: string; billName: string; owed: number; dueDate: string },
  daysLeft: number,
  webOrigin: string,
): Text {
  const when = daysLeft <= 1 ? 'ngày mai' : `còn ${daysLeft} ngày`;
  return {
    subject: `Nhắc thanh toán: ${bill.billName}`,
    body: `${bill.billName} còn ${displayMoney(bill.owed)} ₫ chưa thanh toán, hạn ${displayDate(bill.dueDate)} (${when}).`,
    link: `${webOrigin}${WEB_PAGES.bill(bill.monthlyBillID)}`,
  };
}

export function billOverdueText(
  bill: { monthlyBillID: string; billName: string; owed: number; dueDate: string },
  webOrigin: string,
): Text {
  return {
    subject: `Quá hạn thanh toán: ${bill.billName}`,
    body:
      `${bill.billName} đã quá hạn thanh toán (${displayDate(bill.dueDate)}), ` +
      `còn ${displayMoney(bill.owed)} ₫. Vui lòng thanh toán hoặc liên hệ chủ trọ.`,
    link: `${webOrigin}${WEB_PAGES.bill(bill.monthlyBillID)}`,
  };
}

/** A reminder the landlord sends by hand from the month's bills. */
export function billReminderText(
  bill: { monthlyBillID: string; billName: string; owed: number; dueDate: string; overdue: boolean },
  houseName: string,
  recipient: OutboxRecipient,
  webOrigin: string,
): Text {
  const due = bill.overdue
    ? `đã quá hạn thanh toán (${displayDate(bill.dueDate)})`
    : `hạn thanh toán ${displayDate(bill.dueDate)}`;
  return {
    subject: `Nhắc thanh toán: ${bill.billName}`,
    body:
      `${greeting(recipient)}${houseName} nhắc: ${bill.billName} còn ${displayMoney(bill.owed)} ₫ chưa thanh toán, ` +
      `${due}. Bạn có thể thanh toán trực tuyến hoặc chuyển khoản theo mã QR trên hóa đơn.`,
    link: `${webOrigin}${WEB_PAGES.bill(bill.monthlyBillID)}`,
  };
}

const ISSUE_STATUS_PHRASES: Record<IssueStatus, string> = {
  1: 'đã được ghi nhận',
  2: 'đang được xử lý',
  3: 'đã được xử lý xong',
};

export function issueStatusText(
  issue: { title: string; roomName: string; status: IssueStatus; response?: string | undefined },
  houseName: string,
  webOrigin: string,
): Text {
  const answer = issue.response ? ` Phản hồi của chủ trọ: ${issue.response}` : '';
  return {
    subject: `Báo cáo sự cố ${ISSUE_STATUS_PHRASES[issue.status]}`,
    body: `Báo cáo “${issue.title}” của phòng ${issue.roomName} (${houseName}) ${ISSUE_STATUS_PHRASES[issue.status]}.${answer}`,
    link: `${webOrigin}${WEB_PAGES.lesseeRoom}`,
  };
}

/**
 * The code that confirms a new tenancy (issue 21): who asks, for which room, what confirming does, and that
 * ignoring it is safe. The same words whether the number already has a login or not; the link opens the
 * confirmation page.
 */
export function tenancyLinkCodeText(
  code: string,
  linkID: string,
  place: Place,
  validHours: number,
  recipient: OutboxRecipient,
  webOrigin: string,
): Text {
  return {
    subject: 'Xác nhận hợp đồng thuê mới',
    body:
      `${greeting(recipient)}${place.houseName} đã tạo hợp đồng thuê phòng ${place.roomName} với số điện thoại này. ` +
      `Mã xác nhận: ${code} (dùng được trong ${validHours / 24} ngày). ` +
      'Mở liên kết, nhập mã và đặt mật khẩu để đăng nhập Nhà trọ bằng số điện thoại này và xem hợp đồng. ' +
      'Nếu số này đã có tài khoản Nhà trọ, hợp đồng mới được liên kết vào tài khoản đó, mật khẩu mới thay mật khẩu cũ ' +
      'và tài khoản chỉ hiển thị hợp đồng mới. Chủ trọ không biết mã này: đừng đưa cho ai. ' +
      'Nếu bạn không thuê phòng này, hãy bỏ qua tin nhắn.',
    link: `${webOrigin}${WEB_PAGES.tenancyLink(linkID)}`,
  };
}

export function contractEndingText(
  contract: { endDate: string },
  place: Place,
  daysLeft: number,
  webOrigin: string,
): Text {
  return {
    subject: 'Hợp đồng thuê sắp hết hạn',
    body:
      `Hợp đồng thuê phòng ${place.roomName} (${place.houseName}) kết thúc ngày ${displayDate(contract.endDate)} ` +
      `(còn ${daysLeft} ngày). Nếu muốn ở tiếp, hãy liên hệ chủ trọ để gia hạn.`,
    link: `${webOrigin}${WEB_PAGES.lesseeContract}`,
  };
}

/** A registration's verification code: the code, how long it is valid, and that nobody asks for it. */
export function verificationCodeText(
  channel: 'email' | 'sms',
  code: string,
  validMinutes: number,
  recipient: OutboxRecipient,
): Text {
  const what = channel === 'email' ? 'email' : 'số điện thoại';
  return {
    subject: `Mã xác thực Nhà trọ: ${code}`,
    body:
      `${greeting(recipient)}mã xác thực ${what} đăng ký Nhà trọ của bạn là ${code}, có hiệu lực ${validMinutes} phút. ` +
      'Không chia sẻ mã này cho bất kỳ ai.',
  };
}

interface LandlordAccount {
  username: string;
  houseName: string;
  accountExpiresOn: string;
}

/**
 * A new landlord's account, told on two channels: the e-mail carries the one-time password (a verified
 * address, not read on a lock screen); Zalo and SMS carry only the username and say where the password went.
 */
export function landlordAccountTexts(
  account: LandlordAccount & { oneTimePassword: string },
  recipient: OutboxRecipient,
  webOrigin: string,
): { email: Text; phone: Text } {
  const approved =
    `${greeting(recipient)}đăng ký sử dụng Nhà trọ cho ${account.houseName} đã được duyệt. ` +
    `Tên đăng nhập: ${account.username}. Tài khoản dùng đến ngày ${displayDate(account.accountExpiresOn)}.`;
  const link = `${webOrigin}${WEB_PAGES.login}`;
  return {
    email: {
      subject: 'Tài khoản chủ trọ Nhà trọ của bạn',
      body:
        `${approved} Mật khẩu dùng một lần: ${account.oneTimePassword}. ` +
        'Lần đăng nhập đầu tiên bạn sẽ đặt mật khẩu mới; mật khẩu này không dùng được nữa sau đó.',
      link,
    },
    phone: {
      subject: 'Đăng ký Nhà trọ đã được duyệt',
      body: `${approved} Mật khẩu dùng một lần đã được gửi tới email bạn đăng ký.`,
      link,
    },
  };
}

export function registrationRejectedText(
  registration: { houseName: string; rejectionReason: string; paid: boolean },
  recipient: OutboxRecipient,
): Text {
  return {
    subject: 'Đăng ký Nhà trọ chưa được duyệt',
    body:
      `${greeting(recipient)}đăng ký sử dụng Nhà trọ cho ${registration.houseName} chưa được duyệt. ` +
      `Lý do: ${registration.rejectionReason.replace(/[.\s]+$/, '')}.` +
      (registration.paid ? ' Bộ phận hỗ trợ sẽ liên hệ để hoàn lại phí bạn đã thanh toán.' : ''),
  };
}

/**
 * A password recovery link: the one message that carries a secret, as it must. It works once, for
 * `validMinutes`, and no longer once the password changed; whoever did not ask may ignore it.
 */
export function passwordRecoveryText(
  account: { username: string },
  token: string,
  validMinutes: number,
  recipient: OutboxRecipient,
  webOrigin: string,
): Text {
  return {
    subject: 'Đặt lại mật khẩu Nhà trọ',
    body:
      `${greeting(recipient)}mở liên kết trong ${validMinutes} phút để đặt lại mật khẩu tài khoản ` +
      `${account.username} (dùng một lần). Không phải bạn yêu cầu? Hãy bỏ qua tin này.`,
    link: `${webOrigin}${WEB_PAGES.passwordReset(token)}`,
  };
}

/** The landlord: occupants whose residence must be declared in three days (or today). */
export function residenceDueText(
  due: {
    dueDate: string;
    daysLeft: number;
    people: Array<{ occupantName: string; roomName: string; kind: string }>;
  },
  houseName: string,
  webOrigin: string,
): Text {
  const when = due.daysLeft === 0 ? 'hôm nay' : `ngày ${displayDate(due.dueDate)} (còn ${due.daysLeft} ngày)`;
  const names = due.people.map(
    (person) => `${person.occupantName} (phòng ${person.roomName}, ${person.kind})`,
  );
  return {
    subject: due.daysLeft === 0 ? 'Hôm nay là hạn khai báo cư trú' : 'Sắp đến hạn khai báo cư trú',
    body:
      `${houseName}: hạn khai báo tạm trú/lưu trú ${when} cho ${names.join(', ')}. ` +
      'Khai báo qua VNeID, Cổng dịch vụ công hoặc tại công an xã/phường; không thông báo lưu trú có thể bị phạt ' +
      'từ 2 đến 12 triệu đồng (Nghị định 282/2025/NĐ-CP).',
    link: `${webOrigin}${WEB_PAGES.residence}`,
  };
}

/** The landlord: a person asked for their identity data to be erased, and when it will be. */
export function erasureRequestedText(
  request: {
    occupantName: string;
    roomName: string;
    erasureDate?: string | undefined;
    retentionMonths: number;
  },
  houseName: string,
): Text {
  const when = request.erasureDate
    ? `Theo quy định lưu trữ của nhà trọ, dữ liệu sẽ được xóa ngày ${displayDate(request.erasureDate)}.`
    : `Người này còn đang ở; dữ liệu sẽ được xóa ${request.retentionMonths} tháng sau khi kết thúc thời gian ở.`;
  return {
    subject: 'Yêu cầu xóa dữ liệu cá nhân',
    body:
      `${request.occupantName} (phòng ${request.roomName}, ${houseName}) yêu cầu xóa số CCCD và ảnh giấy tờ tùy thân. ` +
      when,
  };
}

/** The house lets tenants read their own meters: this month's indexes and photos are due by `deadline`. */
export function meterReadingDueText(
  reading: { month: string; deadline: string },
  place: Place,
  recipient: OutboxRecipient,
  webOrigin: string,
): Text {
  const [year, month] = reading.month.split('-');
  return {
    subject: `${place.houseName}: ghi chỉ số điện nước tháng ${Number(month)}/${year}`,
    body:
      `${greeting(recipient)}hãy nhập chỉ số điện, nước và chụp ảnh đồng hồ phòng ${place.roomName} ` +
      `trước hết ngày ${displayDate(reading.deadline)}. Sau hạn này, nhân viên sẽ ghi chỉ số.`,
    link: `${webOrigin}${WEB_PAGES.lesseeRoom}`,
  };
}

/** Issue 26 §3: the contract's oldest debt is `daysOverdue` days late; `owed` is all it owes now. */
export function debtReminderText(
  debt: { owed: number; oldestLabel: string; oldestMonth?: string | undefined; daysOverdue: number },
  place: Place,
  recipient: OutboxRecipient,
  webOrigin: string,
): Text {
  const [year, month] = (debt.oldestMonth ?? '').split('-');
  const oldest = debt.oldestMonth ? `hóa đơn tháng ${Number(month)}/${year}` : debt.oldestLabel;
  return {
    subject: `${place.houseName}: nhắc nợ phòng ${place.roomName}`,
    body:
      `${greeting(recipient)}phòng ${place.roomName} còn nợ ${displayMoney(debt.owed)} ₫; ` +
      `khoản nợ cũ nhất (${oldest}) đã quá hạn ${debt.daysOverdue} ngày. ` +
      'Vui lòng thanh toán hoặc liên hệ chủ trọ.',
    link: `${webOrigin}${WEB_PAGES.lesseeContract}`,
  };
}
