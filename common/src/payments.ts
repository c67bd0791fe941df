import { z } from 'zod';
import { isoDateTime } from './fields.js';

/**
 * Online payment through the gateway (VNPay): a tenant asks for a payment URL for what a bill or a
 * one-time charge still owes; each request is a payment record, confirmed only by the gateway's
 * server-to-server notification (IPN). The result pages show a payment without a session, so what they
 * read (`PaymentResult`) holds nothing personal.
 */

/**
 * `pending` until the gateway says; `succeeded` credits the bill or charge once; the others credit nothing.
 * A bill or charge has one open payment: a newer link makes the older one `replaced` (it pays nothing any
 * more). Money the gateway took all the same for a replaced or expired link, or for something no longer
 * there to pay, is `refundDue`: recorded, credited to nothing, to be returned to the payer.
 */
export const PAYMENT_STATES = [
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'replaced',
  'refundDue',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: 'Đang chờ xác nhận',
  succeeded: 'Thanh toán thành công',
  failed: 'Thanh toán không thành công',
  cancelled: 'Đã hủy thanh toán',
  replaced: 'Liên kết đã được thay bằng liên kết mới',
  refundDue: 'Đã thu tiền, chờ hoàn lại',
};

/** Why money the gateway took pays nothing: the link was replaced, it was paid after the link expired, or what it paid is gone. */
export const REFUND_REASONS = ['replaced', 'expired', 'nothingToPay'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  replaced: 'liên kết thanh toán đã được thay bằng liên kết mới',
  expired: 'liên kết thanh toán đã hết hạn',
  nothingToPay: 'khoản cần thanh toán không còn',
};

/**
 * What a payment pays for: a tenant's bill or charge (kept with the house), or what a landlord owes
 * the platform (kept with the registration or request in the `platform` container).
 */
export const PAYMENT_TARGETS = [
  'monthlyBill',
  'oneTimeCharge',
  'registration',
  'roomPurchase',
  'accountExtension',
] as const;
export type PaymentTarget = (typeof PAYMENT_TARGETS)[number];
export const PLATFORM_PAYMENT_TARGETS = ['registration', 'roomPurchase', 'accountExtension'] as const;
export type PlatformPaymentTarget = (typeof PLATFORM_PAYMENT_TARGETS)[number];
export const PAYMENT_TARGET_LABELS: Record<PaymentTarget, string> = {
  monthlyBill: 'Hóa đơn hằng tháng',
  oneTimeCharge: 'Khoản phí phát sinh',
  registration: 'Phí đăng ký dịch vụ Nhà trọ',
  roomPurchase: 'Mua thêm phòng',
  accountExtension: 'Gia hạn tài khoản',
};

/**
 * Money the gateway took for a bill or charge that pays nothing (`refundDue`), as the bill's or charge's
 * page shows it (`refundsDue`): to be returned to the tenant.
 */
export const refundDueEntry = z.object({
  paymentID: z.string(),
  amount: z.number(),
  confirmedOn: isoDateTime(),
  gatewayTransactionNo: z.string().optional(),
  refundReason: z.enum(REFUND_REASONS),
});
export type RefundDueEntry = z.infer<typeof refundDueEntry>;

/**
 * A payment recorded on a platform registration or request (its `payments`), once per payment. Money the
 * gateway took for a payment that no longer matches (opened before the registration changed, or a second
 * payment of something already paid) is recorded with `credited: false`: it counts toward no fee and is
 * refunded by the operator.
 */
export const platformPaymentEntry = z.object({
  paymentID: z.string(),
  amount: z.number(),
  paidOn: isoDateTime(),
  credited: z.literal(false).optional(),
});
export type PlatformPaymentEntry = z.infer<typeof platformPaymentEntry>;

/** A payment record (`paymentID` is also the gateway's order reference, `vnp_TxnRef`). */
export const paymentEntity = z.object({
  paymentID: z.string(),
  /** A tenant's payment: the house and contract of the bill or charge. */
  houseID: z.string().optional(),
  contractID: z.string().optional(),
  target: z.enum(PAYMENT_TARGETS),
  targetID: z.string(),
  /** The bill's name or the charge's description, when the payment was asked for. */
  description: z.string(),
  amount: z.number(),
  state: z.enum(PAYMENT_STATES),
  gateway: z.literal('vnpay'),
  requestedBy: z.string(),
  createdOn: isoDateTime(),
  /** The gateway refuses the payment URL after this. */
  expiresOn: isoDateTime(),
  confirmedOn: isoDateTime().optional(),
  /** The gateway's own transaction number (`vnp_TransactionNo`) and what it reported. */
  gatewayTransactionNo: z.string().optional(),
  bankCode: z.string().optional(),
  cardType: z.string().optional(),
  responseCode: z.string().optional(),
  /** A `replaced` payment: the newer one and when. */
  replacedBy: z.string().optional(),
  replacedOn: isoDateTime().optional(),
  /** A `refundDue` payment: why it pays nothing. */
  refundReason: z.enum(REFUND_REASONS).optional(),
});
export type Payment = z.infer<typeof paymentEntity>;

/** Why VNPay did not take a payment (`vnp_ResponseCode`), as its documentation says it, for the payer. */
export const VNPAY_RESPONSE_TEXTS: Readonly<Record<string, string>> = {
  '07': 'Giao dịch bị nghi ngờ gian lận; ngân hàng đang kiểm tra.',
  '09': 'Thẻ hoặc tài khoản chưa đăng ký dịch vụ Internet Banking tại ngân hàng.',
  '10': 'Xác thực thông tin thẻ hoặc tài khoản sai quá 3 lần.',
  '11': 'Đã hết hạn chờ thanh toán. Vui lòng thực hiện lại giao dịch.',
  '12': 'Thẻ hoặc tài khoản đang bị khóa.',
  '13': 'Nhập sai mật khẩu xác thực giao dịch (OTP).',
  '24': 'Khách hàng đã hủy giao dịch.',
  '51': 'Tài khoản không đủ số dư để thực hiện giao dịch.',
  '65': 'Tài khoản đã vượt quá hạn mức giao dịch trong ngày.',
  '75': 'Ngân hàng thanh toán đang bảo trì.',
  '79': 'Nhập sai mật khẩu thanh toán quá số lần quy định.',
  '99': 'Lỗi khác từ cổng thanh toán.',
};

/** The payer's reason for a gateway code; null for success ('00') or no code. */
export function vnpayResponseText(code: string | null | undefined): string | null {
  if (code === null || code === undefined || code === '' || code === '00') return null;
  return VNPAY_RESPONSE_TEXTS[code] ?? `Cổng thanh toán từ chối giao dịch (mã ${code}).`;
}

/** What the public result pages read: the amount, what was paid and the state; nothing personal. */
export interface PaymentResult {
  paymentID: string;
  target: PaymentTarget;
  description: string;
  amount: number;
  state: PaymentState;
  createdOn: string;
  confirmedOn?: string;
  gatewayTransactionNo?: string;
  bankCode?: string;
  refundReason?: RefundReason;
  /** VNPay's `vnp_ResponseCode` (its reason when the payment failed). */
  responseCode?: string;
}

/** Spec §7's reply: a URL is used only when `errorMessage` is empty. */
export interface PaymentUrlReply {
  status: boolean;
  errorMessage: string;
  paymentURL: string | null;
}

export const PAYMENT_MESSAGES = {
  billAlreadyPaid: 'Hóa đơn đã được thanh toán đầy đủ.',
  billCarriedOver: 'Hóa đơn đã được chuyển sang kỳ sau: vui lòng thanh toán hóa đơn mới.',
  chargeAlreadyPaid: 'Khoản phí đã được thanh toán đầy đủ.',
  notConfigured:
    'Thanh toán trực tuyến chưa được bật. Vui lòng thanh toán bằng chuyển khoản (mã QR) hoặc tiền mặt.',
  gatewayUnavailable: 'Không tạo được liên kết thanh toán. Vui lòng thử lại sau ít phút.',
  paymentNotFound: 'Không tìm thấy giao dịch thanh toán.',
  linkRaced: 'Một thanh toán khác của khoản này vừa thay đổi. Vui lòng tải lại trang rồi thử lại.',
} as const;
