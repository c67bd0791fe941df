import { z } from 'zod';
import { idField, isoDate, isoDateTime, text } from './fields.js';
import { personName } from './unicodeText.js';
import { MOBILE_PHONE_PATTERN } from './lessees.js';
import { platformPaymentEntry } from './payments.js';

/**
 * Registrations (đăng ký dịch vụ) of future landlords; the spec's `HMRegistration`. A registration is
 * `pending` until its fee is paid (both the e-mail and the phone verified first), `paid` while it waits
 * for the super admin, then `approved` (the landlord's account and house exist) or `rejected`.
 */

export const REGISTRATION_STATUS = ['pending', 'paid', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUS)[number];

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending: 'Chờ thanh toán',
  paid: 'Đã thanh toán',
  approved: 'Đã duyệt',
  rejected: 'Đã từ chối',
};

/** Spec texts verbatim (§8), and the refusals of the registration's rules. */
export const REGISTRATION_MESSAGES = {
  created: 'Đăng ký dịch vụ thành công!',
  createFailed: 'Đăng ký dịch vụ thất bại! Vui lòng kiểm tra lại kết nối mạng.',
  updated: 'Cập nhật thông tin thành công',
  updateFailed: 'update thông tin không thành công',
  approved: 'Duyệt thành công!',
  rejected: 'Đã từ chối đăng ký.',
  deleted: 'Đã xóa đăng ký.',
  listFailed: 'Hệ thống đang gặp sự cố!',
  notFound: 'Không tìm thấy đăng ký. Vui lòng kiểm tra lại đường dẫn hoặc đăng ký lại.',
  tooManyRegistrations: 'Bạn đã gửi quá nhiều đăng ký. Vui lòng thử lại sau ít phút.',
  notEditable: 'Đăng ký đã được thanh toán hoặc xét duyệt nên không thể sửa thông tin.',
  onlyPaidApproved: 'Chỉ duyệt được đăng ký đã thanh toán phí.',
  underpaid: (paid: number, fee: number) =>
    `Số tiền đã thanh toán (${paid.toLocaleString('vi-VN')} ₫) không đủ phí của đăng ký (${fee.toLocaleString('vi-VN')} ₫) nên chưa thể duyệt. Hãy từ chối đăng ký (hoàn tiền) hoặc chờ người đăng ký thanh toán đủ phí.`,
  alreadyDecided: 'Đăng ký này đã được xét duyệt.',
  phoneHasAccount:
    'Số điện thoại của đăng ký đã là tên đăng nhập của một tài khoản khác. Hãy từ chối đăng ký và đề nghị người đăng ký dùng số khác.',
  phoneHasPendingRegistration:
    'Số điện thoại này còn một đăng ký khác chưa thanh toán (người đăng ký có thể đã đăng ký lại trên trình duyệt khác). Hãy xoá đăng ký thừa.',
  phoneHasPaidRegistration:
    'Số điện thoại này còn một đăng ký khác đã thanh toán. Chỉ duyệt được một trong hai: hãy duyệt một đăng ký và từ chối (hoàn phí) đăng ký còn lại.',
  rejectionReasonRequired: 'Vui lòng nhập lý do từ chối.',
  verifyBeforePaying: 'Vui lòng xác thực email và số điện thoại trước khi thanh toán.',
  alreadyPaid: 'Đăng ký đã được thanh toán. Vui lòng chờ hệ thống xét duyệt.',
  deleteBlocked: 'Không thể xóa đăng ký đã thanh toán hoặc đã duyệt. Hãy từ chối đăng ký nếu cần.',
  withdrawBlocked: 'Đăng ký đã được thanh toán hoặc xét duyệt nên không thể hủy.',
  papersRequired: 'Vui lòng tải lên ảnh hoặc bản scan giấy tờ tùy thân (CCCD hai mặt).',
} as const;

/**
 * What a registration's phone number (the future username) conflicts with: an account whose username it
 * already is, another registration paid or approved with it, another one still pending.
 */
export const REGISTRATION_PHONE_CONFLICTS = ['account', 'paidRegistration', 'pendingRegistration'] as const;
export type RegistrationPhoneConflict = (typeof REGISTRATION_PHONE_CONFLICTS)[number];

/** What the registrant reads about a conflict, once their phone is verified (the number is theirs). */
export const REGISTRATION_PHONE_CONFLICT_TEXTS: Record<RegistrationPhoneConflict, string> = {
  account:
    'Số điện thoại này đã là tên đăng nhập của một tài khoản Nhà trọ nên đăng ký không thể được duyệt. Hãy sửa đăng ký sang số điện thoại khác, hoặc đăng nhập tài khoản đó (chọn "Quên mật khẩu?" nếu cần).',
  paidRegistration:
    'Số điện thoại này đã có một đăng ký khác được thanh toán. Vui lòng chờ kết quả xét duyệt của đăng ký đó, hoặc sửa đăng ký này sang số điện thoại khác.',
  pendingRegistration:
    'Số điện thoại này còn một đăng ký khác chưa thanh toán (có thể bạn đã đăng ký trên một trình duyệt khác). Chỉ một đăng ký được duyệt: đăng ký thanh toán trước được xét, đăng ký còn lại sẽ bị xoá.',
};

/** Rooms a registration may ask for. */
export const REGISTRATION_ROOMS = { min: 1, max: 1000 } as const;
/** Identity papers per registration (CCCD front and back, a scan of both…). */
export const REGISTRATION_PAPERS_MAX = 4;

const roomsMessage = `Số phòng đăng ký phải từ ${REGISTRATION_ROOMS.min} đến ${REGISTRATION_ROOMS.max}.`;

/** The registrant's phone number: their future username, and where the SMS code goes (a mobile number). */
export const registrationPhoneNumber = z
  .string({ error: 'Số điện thoại không được để trống!' })
  .trim()
  .min(1, { error: 'Số điện thoại không được để trống!' })
  .regex(MOBILE_PHONE_PATTERN, {
    error: 'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
  });

const email = z
  .string({ error: 'Email không được để trống!' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email không được để trống!' })
  .max(200, { error: 'Email tối đa 200 ký tự.' })
  .pipe(z.email({ error: 'Email không hợp lệ.' }));

const papers = z
  .array(
    z.string({ error: 'Tên tệp giấy tờ không hợp lệ.' }).max(200, { error: 'Tên tệp giấy tờ không hợp lệ.' }),
    {
      error: REGISTRATION_MESSAGES.papersRequired,
    },
  )
  .min(1, { error: REGISTRATION_MESSAGES.papersRequired })
  .max(REGISTRATION_PAPERS_MAX, { error: `Tối đa ${REGISTRATION_PAPERS_MAX} tệp giấy tờ.` })
  .refine((names) => new Set(names).size === names.length, { error: 'Một tệp giấy tờ được gửi hai lần.' });

const registrationFields = {
  fullName: personName('Họ và tên', 'Họ và tên không được để trống!'),
  phoneNumber: registrationPhoneNumber,
  email,
  houseName: text('Tên nhà trọ không được để trống!', 100, 'Tên nhà trọ tối đa 100 ký tự.'),
  houseAddress: text('Địa chỉ nhà trọ không được để trống!', 300, 'Địa chỉ tối đa 300 ký tự.'),
  roomQuota: z
    .number({ error: 'Số phòng phải là số.' })
    .int({ error: 'Số phòng phải là số nguyên.' })
    .min(REGISTRATION_ROOMS.min, { error: roomsMessage })
    .max(REGISTRATION_ROOMS.max, { error: roomsMessage }),
  papers,
};

/** `POST /odata/HMRegistration` (public): the service registration form. */
export const registrationCreateSchema = z.strictObject(registrationFields);
export type RegistrationCreateInput = z.infer<typeof registrationCreateSchema>;

/** `PATCH /odata/HMRegistration[/{id}]` by the registrant (their registration token), while it is pending. */
export const registrationUpdateSchema = z
  .strictObject(registrationFields)
  .partial()
  .extend({ registrationID: idField('Mã đăng ký không hợp lệ.').optional() });
export type RegistrationUpdateInput = z.infer<typeof registrationUpdateSchema>;

export const REGISTRATION_DECISIONS = ['approved', 'rejected'] as const;
export type RegistrationDecisionStatus = (typeof REGISTRATION_DECISIONS)[number];

/** `PATCH /odata/HMRegistration[/{id}]` by the super admin: approve (a paid one) or reject with a reason. */
export const registrationDecisionSchema = z.strictObject({
  registrationID: idField('Mã đăng ký không hợp lệ.').optional(),
  status: z.enum(REGISTRATION_DECISIONS, {
    error: 'Trạng thái chỉ có thể là "approved" (duyệt) hoặc "rejected" (từ chối).',
  }),
  rejectionReason: z
    .string({ error: 'Lý do từ chối phải là chữ.' })
    .trim()
    .max(500, { error: 'Lý do từ chối tối đa 500 ký tự.' })
    .optional(),
});
export type RegistrationDecisionInput = z.infer<typeof registrationDecisionSchema>;

export const registrationEntity = z.object({
  registrationID: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  houseName: z.string(),
  houseAddress: z.string(),
  roomQuota: z.number(),
  /** Blob names of the identity papers (`hm-registration` container); read through `GetReadURL`. */
  papers: z.array(z.string()),
  /** The fee (đồng) for `roomQuota` rooms and `termMonths` months, fixed when the rooms were chosen. */
  fee: z.number(),
  termMonths: z.number(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  status: z.enum(REGISTRATION_STATUS),
  createdOn: isoDateTime(),
  updatedOn: isoDateTime().optional(),
  /** Confirmed payments of the fee (normally one). */
  payments: z.array(platformPaymentEntry).optional(),
  /** The super admin's decision. */
  decidedOn: isoDateTime().optional(),
  decidedBy: z.string().optional(),
  rejectionReason: z.string().optional(),
  /** What an approval created: the landlord's account, their house and the end of the paid term. */
  landlordUserID: z.string().optional(),
  houseID: z.string().optional(),
  accountExpiresOn: isoDate().optional(),
  /**
   * Computed on reading, never stored: what the phone number conflicts with. The super admin always sees
   * it; the registrant only once the phone is verified.
   */
  phoneConflict: z.enum(REGISTRATION_PHONE_CONFLICTS).optional(),
});
export type Registration = z.infer<typeof registrationEntity>;

/** The reply of a creation: the registration and, once only, the token that lets the browser act on it. */
export type CreatedRegistration = Registration & { registrationToken: string };

/**
 * The header a registrant sends their registration token in (they have no account yet): reading,
 * changing or withdrawing their own registration, asking for the verification codes and paying.
 */
export const REGISTRATION_TOKEN_HEADER = 'X-Registration-Token';
