import { z } from 'zod';
import { isoDateTime } from './fields.js';

/**
 * The system log (/systemLog): the audit trail of every write, login and refusal worth keeping, newest
 * first (`GET /odata/SystemLog/GetLatestLogs?latest=50`, `GetLogsFromTo?from&to`, `GetUserLogs?userID`).
 */

export const systemLogEntity = z.object({
  logID: z.string(),
  at: isoDateTime(),
  userID: z.string().nullable(),
  username: z.string().nullable(),
  roleID: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entityID: z.string().nullable(),
  houseID: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type SystemLog = z.infer<typeof systemLogEntity>;

/** Spec §9: the latest 50 by default. */
export const DEFAULT_LATEST_LOGS = 50;
export const MAX_LATEST_LOGS = 500;
/** The longest period `GetLogsFromTo` reads at once. */
export const MAX_LOG_RANGE_DAYS = 366;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** `yyyy-mm-dd` that names a real day. */
function isDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const day = (name: string) =>
  z
    .string({ error: `Vui lòng chọn ngày ${name === 'from' ? 'bắt đầu (from)' : 'kết thúc (to)'}.` })
    .refine(isDay, { error: `Ngày ${name} phải có dạng yyyy-mm-dd.` });

/** `?latest=` (1–500). */
export const latestLogsQuerySchema = z.object({
  latest: z.coerce
    .number({ error: `Số dòng (latest) phải từ 1 đến ${MAX_LATEST_LOGS}.` })
    .int({ error: `Số dòng (latest) phải từ 1 đến ${MAX_LATEST_LOGS}.` })
    .min(1, { error: `Số dòng (latest) phải từ 1 đến ${MAX_LATEST_LOGS}.` })
    .max(MAX_LATEST_LOGS, { error: `Số dòng (latest) phải từ 1 đến ${MAX_LATEST_LOGS}.` })
    .default(DEFAULT_LATEST_LOGS),
});

/** `?from=yyyy-mm-dd&to=yyyy-mm-dd`: whole days in Vietnam, both included. */
export const logsFromToQuerySchema = z
  .object({ from: day('from'), to: day('to') })
  .refine((range) => range.from <= range.to, {
    error: 'Ngày bắt đầu (from) phải trước hoặc bằng ngày kết thúc (to).',
    path: ['from'],
  })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= (MAX_LOG_RANGE_DAYS - 1) * 86_400_000, {
    error: `Chỉ xem được tối đa ${MAX_LOG_RANGE_DAYS} ngày một lần.`,
    path: ['to'],
  });

/**
 * Every action the API records, in words. An action whose words already name what it acts on (signing a
 * contract, issuing the bills of a draft, a login) is shown alone; the others are followed by the entity
 * ('Tạo mới phòng', 'Duyệt đăng ký chủ trọ').
 */
export const LOG_ACTION_LABELS: Readonly<Record<string, { label: string; alone?: true }>> = {
  create: { label: 'Tạo mới' },
  update: { label: 'Cập nhật' },
  delete: { label: 'Xóa' },
  approve: { label: 'Duyệt' },
  reject: { label: 'Từ chối' },
  disable: { label: 'Khóa' },
  enable: { label: 'Mở khóa' },
  pay: { label: 'Thu tiền' },
  requestPayment: { label: 'Tạo thanh toán' },
  import: { label: 'Nhập từ Excel' },
  saveBatch: { label: 'Lưu cả loạt' },
  addImage: { label: 'Thêm ảnh' },
  deleteImage: { label: 'Xóa ảnh' },
  cancel: { label: 'Hủy' },
  withdraw: { label: 'Rút lại' },
  acknowledge: { label: 'Xác nhận' },
  accept: { label: 'Duyệt' },
  acceptCorrected: { label: 'Sửa và duyệt' },
  correct: { label: 'Điều chỉnh hóa đơn theo' },
  createGuestLink: { label: 'Tạo liên kết chia sẻ' },
  revokeGuestLink: { label: 'Thu hồi liên kết chia sẻ' },
  login: { label: 'Đăng nhập', alone: true },
  loginFailed: { label: 'Đăng nhập sai mật khẩu', alone: true },
  logout: { label: 'Đăng xuất', alone: true },
  changePassword: { label: 'Đổi mật khẩu', alone: true },
  passwordRecoveryRequested: { label: 'Yêu cầu đặt lại mật khẩu', alone: true },
  passwordReset: { label: 'Đặt lại mật khẩu', alone: true },
  refreshTokenReuse: { label: 'Phát hiện phiên đăng nhập bị dùng lại', alone: true },
  issue: { label: 'Phát hành hóa đơn từ bảng kê', alone: true },
  terminate: { label: 'Kết thúc hợp đồng', alone: true },
  refund: { label: 'Ghi nhận hoàn tiền cọc', alone: true },
  sign: { label: 'Ký hợp đồng', alone: true },
  signHandover: { label: 'Ký biên bản bàn giao', alone: true },
  addPhotos: { label: 'Thêm ảnh vào' },
  assignTransfer: { label: 'Gán chuyển khoản cho hóa đơn', alone: true },
  dismissTransfer: { label: 'Bỏ qua chuyển khoản', alone: true },
  connectBankFeed: { label: 'Kết nối nhận chuyển khoản tự động (SePay, Casso)', alone: true },
  disconnectBankFeed: { label: 'Ngắt kết nối nhận chuyển khoản tự động', alone: true },
  verifyEmail: { label: 'Xác minh email người đăng ký', alone: true },
  verifyPhone: { label: 'Xác minh số điện thoại người đăng ký', alone: true },
  linkTenancy: { label: 'Liên kết hợp đồng vào tài khoản người thuê', alone: true },
  resendTenancyLink: { label: 'Gửi lại mã liên kết hợp đồng', alone: true },
  discardSignature: { label: 'Bỏ chữ ký không dùng được của hợp đồng', alone: true },
  remind: { label: 'Nhắc thanh toán' },
  declareResidence: { label: 'Ghi nhận khai báo cư trú của' },
  readIdentityPhotos: { label: 'Xem ảnh giấy tờ tùy thân của' },
  eraseIdentityData: { label: 'Xóa giấy tờ tùy thân (hết hạn lưu) của' },
  exportMyData: { label: 'Tải dữ liệu cá nhân', alone: true },
  requestErasure: { label: 'Yêu cầu xóa giấy tờ tùy thân của' },
  confirmConsent: { label: 'Xác nhận đồng ý lưu giấy tờ của' },
  pauseDebtReminders: { label: 'Tạm dừng nhắc nợ tự động của' },
  resumeDebtReminders: { label: 'Bật lại nhắc nợ tự động của' },
};

/** What the log's entries act on, in words. */
export const LOG_ENTITY_LABELS: Readonly<Record<string, string>> = {
  user: 'tài khoản',
  staff: 'nhân viên',
  session: 'phiên đăng nhập',
  house: 'nhà trọ',
  room: 'phòng',
  device: 'thiết bị',
  service: 'phí dịch vụ',
  contract: 'hợp đồng',
  lesseeInfo: 'người thuê',
  vehicle: 'xe',
  monthlyBill: 'hóa đơn',
  oneTimeCharge: 'khoản phí',
  houseTicket: 'bảng kê',
  issue: 'sự cố',
  leaveNotice: 'báo trả phòng',
  handover: 'biên bản bàn giao',
  billDispute: 'khiếu nại hóa đơn',
  notification: 'thông báo',
  registration: 'đăng ký chủ trọ',
  platformRequest: 'yêu cầu mua phòng, gia hạn',
  settings: 'cài đặt hệ thống',
  reservation: 'đặt cọc',
  meterRecord: 'chỉ số điện nước',
  meterSubmission: 'chỉ số khách gửi',
  bankTransfer: 'chuyển khoản',
  bankFeedConnection: 'kết nối SePay, Casso',
  contractService: 'dịch vụ hợp đồng',
  contractImageVersion: 'bản hợp đồng giấy',
  lessorInfo: 'thông tin chủ trọ',
  expense: 'khoản chi',
  rentTaxThreshold: 'ngưỡng chịu thuế cho thuê',
};

/** One entry's action as a phrase ('Ký hợp đồng', 'Cập nhật phòng'); unknown codes are shown as recorded. */
export function logActionText(action: string, entity: string): string {
  const known = LOG_ACTION_LABELS[action];
  if (known === undefined) return `${action} ${LOG_ENTITY_LABELS[entity] ?? entity}`;
  if (known.alone) return known.label;
  return `${known.label} ${LOG_ENTITY_LABELS[entity] ?? entity}`;
}
