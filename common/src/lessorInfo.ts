import { z } from 'zod';
import { text } from './fields.js';
import { lessorInfoEntity } from './houses.js';
import { LESSEE_MESSAGES, MOBILE_PHONE_PATTERN, citizenIdField } from './lessees.js';
import { personName } from './unicodeText.js';
import { findBank } from './vietQr.js';

/**
 * The landlord's own account details (`/accountSetting`, `/lessorUpdateInfo`,
 * `/lessorUpdateInfoWithoutIdentity`): what contracts and bills show of them, their identity (CCCD
 * with photos) and the bank account their tenants' VietQR codes pay into. The spec's write is
 * `PATCH /odata/LessorInfor`.
 */

export const LESSOR_INFO_MESSAGES = {
  saved: 'Cập nhật thông tin thành công',
  saveFailed: 'Cập nhật thông tin thất bại!',
  completed: 'Thông tin tài khoản đã đầy đủ. Bạn có thể dùng mọi chức năng quản lý.',
  bankUnknown: 'Không nhận ra ngân hàng này. Vui lòng chọn một ngân hàng trong danh sách.',
  bankAccountNumber: 'Số tài khoản chỉ gồm từ 6 đến 19 chữ số.',
  bankAccountTaken: 'Số tài khoản này đã được một chủ trọ khác dùng để nhận tiền trên Nhà trọ.',
  email: 'Email không hợp lệ.',
  imageInvalid: 'Tên tệp ảnh không hợp lệ. Vui lòng tải lại ảnh.',
  imageNotPng: 'Ảnh CCCD phải là ảnh PNG, tối đa 5 MB.',
} as const;

/** '0912 345 678', '0912.345.678', '+84 912 345 678' → '0912345678'. */
export function normalizePhoneNumber(value: string): string {
  const digits = value.replace(/[\s.\-()]/g, '');
  if (/^\+84\d{9}$/.test(digits)) return `0${digits.slice(3)}`;
  if (/^84\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

/** A Vietnamese mobile number as people type it, stored as its ten digits. */
export const mobilePhoneField = (message: string = LESSEE_MESSAGES.phoneNumber) =>
  z
    .string({ error: message })
    .transform(normalizePhoneNumber)
    .pipe(z.string().regex(MOBILE_PHONE_PATTERN, { error: message }));

/** An e-mail address, trimmed and in lower case (so the same address is always found). */
export const emailField = () =>
  z
    .string({ error: LESSOR_INFO_MESSAGES.email })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: LESSOR_INFO_MESSAGES.email }).max(200, { error: 'Email tối đa 200 ký tự.' }));

/**
 * A landlord's identity photo, named by the server when it gave the upload key
 * (`GET /api/BlobAccess/GetLessorInforContainerSAS`): `<their userID>/lessor-<time>-<random>.png|jpg`.
 */
export const LESSOR_IMAGE_PATTERN = /^[A-Za-z0-9_-]{6,64}\/lessor-\d{13}-[a-z0-9]{6}\.(png|jpg)$/;
const lessorImage = z
  .string({ error: LESSOR_INFO_MESSAGES.imageInvalid })
  .regex(LESSOR_IMAGE_PATTERN, { error: LESSOR_INFO_MESSAGES.imageInvalid });

/** `PATCH /odata/LessorInfor`: any of the fields; the status is the server's to set. */
export const lessorInfoUpdateSchema = z.strictObject({
  fullName: personName('Họ tên', 'Họ tên không được để trống!').optional(),
  phoneNumber: mobilePhoneField().optional(),
  email: emailField().optional(),
  citizenID: citizenIdField().optional(),
  citizenIDFrontImage: lessorImage.optional(),
  citizenIDBackImage: lessorImage.optional(),
  address: text('Địa chỉ không được để trống!', 300, 'Địa chỉ tối đa 300 ký tự.').optional(),
  /** Any name `findBank` knows (short name, code, full name, BIN); stored as the bank's short name. */
  bankName: text('Tên ngân hàng không được để trống!', 100, 'Tên ngân hàng tối đa 100 ký tự.')
    .refine((name) => findBank(name) !== undefined, { error: LESSOR_INFO_MESSAGES.bankUnknown })
    .transform((name) => findBank(name)?.shortName ?? name)
    .optional(),
  bankAccountNumber: z
    .string({ error: LESSOR_INFO_MESSAGES.bankAccountNumber })
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^\d{6,19}$/, { error: LESSOR_INFO_MESSAGES.bankAccountNumber }))
    .optional(),
});
export type LessorInfoUpdateInput = z.infer<typeof lessorInfoUpdateSchema>;

/**
 * What makes a landlord's information complete (status 1): the name, phone number and address shown
 * on contracts, the CCCD number, and the bank account bills are paid into. E-mail and the CCCD photos
 * are kept when given but are not required.
 */
export const LESSOR_REQUIRED_FIELDS = [
  'fullName',
  'phoneNumber',
  'citizenID',
  'address',
  'bankName',
  'bankAccountNumber',
] as const;
export type LessorRequiredField = (typeof LESSOR_REQUIRED_FIELDS)[number];

export const LESSOR_FIELD_LABELS: Record<keyof LessorInfoUpdateInput, string> = {
  fullName: 'Họ và tên',
  phoneNumber: 'Số điện thoại',
  email: 'Email',
  citizenID: 'Số CCCD',
  citizenIDFrontImage: 'Ảnh CCCD mặt trước',
  citizenIDBackImage: 'Ảnh CCCD mặt sau',
  address: 'Địa chỉ',
  bankName: 'Ngân hàng',
  bankAccountNumber: 'Số tài khoản',
};

/** The required fields still empty in `info`. */
export function missingLessorFields(
  info: Partial<Record<LessorRequiredField, string>>,
): LessorRequiredField[] {
  return LESSOR_REQUIRED_FIELDS.filter((field) => !info[field]?.trim());
}

/** The landlord's identity photos, kept with their lessor info and shown to them alone. */
export interface LessorIdentityImages {
  citizenIDFrontImage?: string;
  citizenIDBackImage?: string;
}

/** `GET /odata/LessorInfor`: the landlord's own view (the public `lessorInfo` plus what only they see). */
export const lessorAccountEntity = lessorInfoEntity.extend({
  citizenIDFrontImage: z.string().optional(),
  citizenIDBackImage: z.string().optional(),
  /** Required fields still empty: the status stays 2 until there are none. */
  missingFields: z.array(z.enum(LESSOR_REQUIRED_FIELDS)),
  /** Short-lived read URLs of the identity photos. */
  imageURLs: z.array(z.object({ blobName: z.string(), url: z.string() })),
});
export type LessorAccount = z.infer<typeof lessorAccountEntity>;
