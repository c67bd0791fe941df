import { z } from 'zod';
import { idField, isoDateTime } from './fields.js';
import { personName } from './unicodeText.js';
import { emailField, mobilePhoneField } from './lessorInfo.js';

/**
 * Staff (nhân viên) of a landlord: accounts the landlord opens for the houses they work in
 * (`/staffManage`), which read the meters and handle rooms, tenants and contracts there.
 */

export const STAFF_MESSAGES = {
  /** Spec: the toasts of the staff page (a failure to add is followed by the server's message). */
  added: 'Thêm nhân viên mới thành công',
  addFailed: 'Thêm nhân viên mới thất bại vui lòng kiểm tra lại',
  removed: 'Xóa nhân viên thành công!',
  removeFailed: 'Xóa nhân viên thất bại! Vui lòng kiểm tra lại kết nối mạng.',
  notFound: 'Không tìm thấy nhân viên này.',
  username:
    'Tên đăng nhập gồm 3–50 ký tự: chữ không dấu, số và dấu chấm, gạch dưới hoặc gạch ngang (không có khoảng trắng).',
  usernameNeedsLetter:
    'Tên đăng nhập của nhân viên phải có ít nhất một chữ cái (số điện thoại là tên đăng nhập của người thuê và chủ trọ).',
  housesRequired: 'Chọn ít nhất một nhà trọ nhân viên làm việc.',
  houseIDRequired: 'Thiếu mã nhà trọ (houseID).',
  userIDInvalid: 'Mã nhân viên (userID) không hợp lệ.',
} as const;

export const STAFF_USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;
/** More houses than any landlord has: a bound on the request, not a rule. */
export const MAX_STAFF_HOUSES = 100;

/** `POST /api/Staff/AddStaff`: who they are, how they sign in, where they work. */
export const staffCreateSchema = z.strictObject({
  fullName: personName('Họ tên', 'Họ tên không được để trống!'),
  phoneNumber: mobilePhoneField(),
  username: z
    .string({ error: STAFF_MESSAGES.username })
    .trim()
    .regex(STAFF_USERNAME_PATTERN, { error: STAFF_MESSAGES.username })
    // Phone numbers are the usernames of tenants and landlords: a staff name shaped like one could take a
    // person's future username, or tell whether a number already has one.
    .regex(/[A-Za-z]/, { error: STAFF_MESSAGES.usernameNeedsLetter }),
  /** Lets them recover their password by e-mail too (their phone number always works). */
  email: emailField().optional(),
  houseIDs: z
    .array(idField('Mã nhà trọ không hợp lệ.'), { error: STAFF_MESSAGES.housesRequired })
    .min(1, { error: STAFF_MESSAGES.housesRequired })
    .max(MAX_STAFF_HOUSES, { error: `Chọn tối đa ${MAX_STAFF_HOUSES} nhà trọ.` })
    .transform((ids) => [...new Set(ids)]),
});
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

/** A staff member as their landlord sees them. */
export const staffMemberEntity = z.object({
  userID: z.string(),
  username: z.string(),
  fullName: z.string(),
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
  /** The caller's houses they work in. */
  houses: z.array(z.object({ houseID: z.string(), houseName: z.string() })),
  createdOn: isoDateTime(),
  /** Still signing in with the one-time password (they have not chosen their own yet). */
  mustChangePassword: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberEntity>;

/** The reply of AddStaff: the one-time password is shown to the landlord this once and never stored. */
export type AddedStaff = StaffMember & { oneTimePassword: string };
