import { z } from 'zod';
import { isoDate, isoDateTime } from './fields.js';
import { platformPaymentEntry } from './payments.js';
import { termFee, type PlatformPricing } from './platformPricing.js';

/**
 * What a landlord buys after signing up: more rooms (`roomPurchase`, for the months left of the paid term)
 * and a longer paid term (`accountExtension`, in whole years). Each request waits for its payment
 * (`awaitingPayment`), is `paid` once the gateway confirms, and `approved` when the super admin applies it
 * (the quota rises or the term moves).
 */

export const PLATFORM_REQUEST_KINDS = ['roomPurchase', 'accountExtension'] as const;
export type PlatformRequestKind = (typeof PLATFORM_REQUEST_KINDS)[number];
export const PLATFORM_REQUEST_KIND_LABELS: Record<PlatformRequestKind, string> = {
  roomPurchase: 'Mua thêm phòng',
  accountExtension: 'Gia hạn tài khoản',
};

export const PLATFORM_REQUEST_STATUSES = ['awaitingPayment', 'paid', 'approved'] as const;
export type PlatformRequestStatus = (typeof PLATFORM_REQUEST_STATUSES)[number];
export const PLATFORM_REQUEST_STATUS_LABELS: Record<PlatformRequestStatus, string> = {
  awaitingPayment: 'Chờ thanh toán',
  paid: 'Đã thanh toán, chờ duyệt',
  approved: 'Đã duyệt',
};

export const ROOM_PURCHASE_MAX = 1000;
export const EXTENSION_YEARS_MAX = 5;

const roomsMessage = `Số phòng mua thêm phải từ 1 đến ${ROOM_PURCHASE_MAX}.`;
const yearsMessage = `Số năm gia hạn phải từ 1 đến ${EXTENSION_YEARS_MAX}.`;

/** `POST /api/Payment/RequestForBuyingMoreRoom`. */
export const roomPurchaseRequestSchema = z.strictObject({
  rooms: z
    .number({ error: 'Số phòng mua thêm phải là số.' })
    .int({ error: 'Số phòng mua thêm phải là số nguyên.' })
    .min(1, { error: roomsMessage })
    .max(ROOM_PURCHASE_MAX, { error: roomsMessage }),
});
export type RoomPurchaseRequestInput = z.infer<typeof roomPurchaseRequestSchema>;

/** `POST /api/Payment/RequestForExtendHMAccountExpiration`. */
export const accountExtensionRequestSchema = z.strictObject({
  years: z
    .number({ error: 'Số năm gia hạn phải là số.' })
    .int({ error: 'Số năm gia hạn phải là số nguyên.' })
    .min(1, { error: yearsMessage })
    .max(EXTENSION_YEARS_MAX, { error: yearsMessage }),
});
export type AccountExtensionRequestInput = z.infer<typeof accountExtensionRequestSchema>;

/** A request as the API returns it (`GET /odata/House/UnresolvedRequests`, `…/PaidRequests`). */
export const platformRequestEntity = z.object({
  requestID: z.string(),
  kind: z.enum(PLATFORM_REQUEST_KINDS),
  status: z.enum(PLATFORM_REQUEST_STATUSES),
  /** The landlord who asked (their userID) and how to reach them. */
  requestedBy: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  /** Rooms bought (`roomPurchase`) or years added (`accountExtension`). */
  rooms: z.number().optional(),
  years: z.number().optional(),
  /** The price fixed when the request was made (đồng), and its reference on the gateway's page. */
  amount: z.number(),
  code: z.string(),
  /** The account when the request was made. */
  roomQuotaBefore: z.number(),
  accountExpiresOnBefore: isoDate().optional(),
  createdOn: isoDateTime(),
  payments: z.array(platformPaymentEntry).optional(),
  approvedOn: isoDateTime().optional(),
  approvedBy: z.string().optional(),
  /** The account after the approval. */
  roomQuotaAfter: z.number().optional(),
  accountExpiresOnAfter: isoDate().optional(),
});
export type PlatformRequest = z.infer<typeof platformRequestEntity>;

/**
 * The fee of extending by `years` years an account of `rooms` rooms: each year at the yearly price with
 * its minimum (`termFee` over twelve months).
 */
export function extensionFee(rooms: number, years: number, pricing: PlatformPricing): number {
  return years * termFee(rooms, { ...pricing, monthsPerTerm: 12 });
}

/**
 * How much of the plan a page asks for (`GET /api/User/AccountPlan?part=…`): `term` the paid term alone
 * (the shell's banner, on every page), `quota` the term with the room quota and rooms used (the
 * dashboard's line); without `part`, everything (/accountPlan). Each part reads only what it shows.
 */
export const ACCOUNT_PLAN_PARTS = ['term', 'quota'] as const;
export type AccountPlanPart = (typeof ACCOUNT_PLAN_PARTS)[number];
export const accountPlanPartSchema = z.enum(ACCOUNT_PLAN_PARTS, {
  error: 'Phần gói dịch vụ không hợp lệ (part chỉ nhận term hoặc quota).',
});

/**
 * `GET /api/User/AccountPlan`: the signed-in landlord's room quota, paid term and prices (their staff
 * see only whether the term ended). `daysLeft` counts to the term's last day (0: today is the last).
 */
export interface AccountPlan {
  accountExpiresOn?: string;
  daysLeft?: number;
  expired: boolean;
  /** The landlord's alone. */
  roomQuota?: number;
  roomsUsed?: number;
  /** Whole or started months left in the term: what a room bought now is paid for. */
  monthsLeft?: number;
  pricing?: PlatformPricing;
  /** The landlord's latest requests, newest first. */
  requests?: PlatformRequest[];
}

/** `yyyy-mm-dd` → `dd/mm/yyyy`. */
function shownDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

export const PLATFORM_REQUEST_MESSAGES = {
  /** Spec §8: the toasts of asking for rooms or time. */
  requested: 'Đăng ký thành công! Vui lòng thanh toán và chờ hệ thống xét duyệt. Xin cảm ơn.',
  requestFailed: 'Đăng kí thất bại vui lòng kiểm tra lại',
  /** Spec §8: the super admin's approval. */
  approved: 'Duyệt thành công!',
  notFound: 'Không tìm thấy yêu cầu.',
  requestIDInvalid: 'Mã yêu cầu (requestID) không hợp lệ.',
  notPaid: 'Yêu cầu chưa được thanh toán: chỉ duyệt được yêu cầu đã thanh toán.',
  underpaid: (paid: number, due: number) =>
    `Số tiền đã thanh toán cho yêu cầu (${paid.toLocaleString('vi-VN')} ₫) không đủ số tiền của yêu cầu (${due.toLocaleString('vi-VN')} ₫) nên chưa thể duyệt.`,
  noExpiry: 'Tài khoản của bạn không giới hạn thời hạn sử dụng nên không cần gia hạn.',
  tooManyOpen:
    'Bạn đang có nhiều yêu cầu chưa thanh toán. Vui lòng thanh toán các yêu cầu đó hoặc thử lại sau 24 giờ.',
  landlordMissing: 'Không tìm thấy tài khoản chủ trọ của yêu cầu.',
} as const;

/** Why a landlord (or their staff) may read but not write. */
export const ACCOUNT_EXPIRY_MESSAGES = {
  landlordReadOnly: (lastDay: string) =>
    `Tài khoản của bạn đã hết hạn sử dụng (hạn dùng đến hết ngày ${shownDate(lastDay)}). Bạn vẫn xem được dữ liệu nhưng không thể thêm, sửa hay xóa cho đến khi gia hạn tài khoản tại Gói dịch vụ → Gia hạn tài khoản.`,
  staffReadOnly: (lastDay: string) =>
    `Tài khoản của chủ trọ đã hết hạn sử dụng (hạn dùng đến hết ngày ${shownDate(lastDay)}). Bạn vẫn xem được dữ liệu nhưng không thể thêm, sửa hay xóa cho đến khi chủ trọ gia hạn tài khoản.`,
  ownerDisabled:
    'Tài khoản của chủ trọ đã bị khóa. Bạn vẫn xem được dữ liệu nhưng không thể thêm, sửa hay xóa. Vui lòng liên hệ chủ trọ.',
} as const;
