import { z } from 'zod';
import { idField, isoDate } from './fields.js';
import { lookAlikeInDigits, personName } from './unicodeText.js';

/**
 * Lessees (người thuê): every occupant of a contract, one of them its representative. The spec's
 * read entity set is `Lessee`, its write entity set `LesseeInfor`; the id is `lesseeInfoID`.
 */

/** 12 digits (chip-based CCCD) or the old 9-digit CMND. */
export const CITIZEN_ID_PATTERN = /^(\d{12}|\d{9})$/;
/** A Vietnamese mobile number: 10 digits starting with 03, 05, 07, 08 or 09. */
export const MOBILE_PHONE_PATTERN = /^0[35789]\d{8}$/;

/**
 * What a new occupant's notes say when none were written (spec §3, tenant info held while creating a
 * contract: "an empty value is replaced by a placeholder"; the spec leaves the wording open).
 */
export const LESSEE_NOTES_PLACEHOLDER = 'Không có ghi chú.';

export const LESSEE_MESSAGES = {
  citizenID: 'Số CCCD phải gồm 12 chữ số (hoặc CMND cũ 9 chữ số).',
  phoneNumber: 'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
  dateInFuture: (label: string) => `${label} không được ở tương lai.`,
  invalidDate: (label: string) => `${label} không hợp lệ (định dạng yyyy-mm-dd).`,
  residenceOrder: 'Ngày kết thúc tạm trú phải sau ngày bắt đầu.',
  issueBeforeBirth: 'Ngày cấp phải sau ngày sinh.',
  representativeExists:
    'Hợp đồng đã có người đại diện. Hãy bỏ chọn người đại diện hiện tại trước, hoặc để trống ô "Người đại diện".',
  deleteRepresentative:
    'Không thể xóa người đại diện của hợp đồng. Hãy chọn người đại diện khác trước khi xóa.',
  unsetRepresentative:
    'Hợp đồng cần đúng một người đại diện. Hãy chọn người đại diện khác, người này sẽ tự động thôi làm đại diện.',
  noActiveContract: 'Phòng này chưa có hợp đồng hiệu lực. Hãy tạo hợp đồng trước khi thêm người thuê.',
  edited: 'Chỉnh sửa thông tin thành công!',
} as const;

/** A CCCD/CMND number; digits that only look like 0–9 are named as such. */
export const citizenIdField = () =>
  z
    .string({ error: LESSEE_MESSAGES.citizenID })
    .trim()
    .superRefine((value, ctx) => {
      const problem = lookAlikeInDigits('Số CCCD', value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      else if (!CITIZEN_ID_PATTERN.test(value))
        ctx.addIssue({ code: 'custom', message: LESSEE_MESSAGES.citizenID });
    });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} phải là chuỗi.` })
    .trim()
    .max(max, { error: `${label} tối đa ${max} ký tự.` })
    .optional();

/** A calendar date (yyyy-mm-dd) that exists; `notAfterToday` is checked by the use case with its clock. */
const calendarDate = (label: string) =>
  z
    .string({ error: LESSEE_MESSAGES.invalidDate(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: LESSEE_MESSAGES.invalidDate(label) })
    .refine((value) => isRealDate(value), { error: LESSEE_MESSAGES.invalidDate(label) });

export function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The spec's gender: 1 male, 0 otherwise; the text 'nam' (any case) means 1. */
export function genderCode(value: unknown): 0 | 1 | undefined {
  if (value === 0 || value === 1) return value;
  if (typeof value === 'string') {
    const text = value.trim().toLocaleLowerCase('vi');
    if (text === '') return undefined;
    return text === 'nam' || text === '1' ? 1 : 0;
  }
  return undefined;
}

const gender = z.preprocess(
  (value) => genderCode(value) ?? value,
  z.union([z.literal(0), z.literal(1)], { error: 'Giới tính không hợp lệ.' }),
);

/** Fields a landlord or staff member fills in for an occupant. */
export const lesseeFields = {
  occupantName: personName('Họ tên', 'Họ tên không được để trống!'),
  gender,
  phoneNumber: z
    .string({ error: LESSEE_MESSAGES.phoneNumber })
    .trim()
    .regex(MOBILE_PHONE_PATTERN, { error: LESSEE_MESSAGES.phoneNumber })
    .optional(),
  citizenID: citizenIdField().optional(),
  rfidCardID: optionalText('Mã thẻ từ', 50),
  placeOfIssue: optionalText('Nơi cấp', 200),
  dateOfIssue: calendarDate('Ngày cấp').optional(),
  dateOfBirth: calendarDate('Ngày sinh').optional(),
  hometown: optionalText('Quê quán', 300),
  currentJob: optionalText('Nghề nghiệp', 100),
  workPlace: optionalText('Nơi làm việc', 300),
  ethnicity: optionalText('Dân tộc', 50),
  nationality: optionalText('Quốc tịch', 50),
  temporaryResidence: optionalText('Địa chỉ tạm trú', 300),
  permanentResidence: optionalText('Địa chỉ thường trú', 300),
  residentialReason: optionalText('Lý do tạm trú', 300),
  residentialAddress: optionalText('Nơi ở hiện tại', 300),
  residentialStartDate: calendarDate('Ngày bắt đầu tạm trú').optional(),
  residentialEndDate: calendarDate('Ngày kết thúc tạm trú').optional(),
  notes: optionalText('Ghi chú', 1000),
  /** Blob names in the `lessee-infor` container (uploaded with `GetLesseeInforContainerSAS`). */
  citizenIDFrontImage: z.string().max(200).optional(),
  citizenIDBackImage: z.string().max(200).optional(),
  portraitImage: z.string().max(200).optional(),
  isRepresentative: z.boolean({ error: 'Người đại diện phải là đúng hoặc sai.' }).optional(),
};

/** `POST /odata/LesseeInfor`: an occupant of a contract (or of a room's active contract). */
export const lesseeCreateSchema = z
  .object({
    contractID: idField('Mã hợp đồng không hợp lệ.').optional(),
    roomID: idField('Mã phòng không hợp lệ.').optional(),
    ...lesseeFields,
  })
  .strict()
  .refine((input) => input.contractID !== undefined || input.roomID !== undefined, {
    error: 'Cần chọn phòng hoặc hợp đồng của người thuê.',
    path: ['roomID'],
  });
export type LesseeCreateInput = z.infer<typeof lesseeCreateSchema>;

export const lesseeUpdateSchema = z
  .object({
    lesseeInfoID: idField('Mã người thuê không hợp lệ.').optional(),
    ...lesseeFields,
    occupantName: lesseeFields.occupantName.optional(),
    gender: gender.optional(),
    status: z.union([z.literal(1), z.literal(2)], { error: 'Trạng thái không hợp lệ.' }).optional(),
  })
  .strict();
export type LesseeUpdateInput = z.infer<typeof lesseeUpdateSchema>;

/** 1 = living in the room, 2 = moved out (kept with the contract's history). */
export const LESSEE_STATUS_LABELS: Record<1 | 2, string> = { 1: 'Đang ở', 2: 'Đã chuyển đi' };

export const lesseeInfoEntity = z.object({
  lesseeInfoID: z.string(),
  houseID: z.string(),
  contractID: z.string(),
  roomID: z.string().optional(),
  occupantName: z.string(),
  /** 1 = nam, 0 = nữ. */
  gender: z.union([z.literal(0), z.literal(1)]),
  phoneNumber: z.string().optional(),
  citizenID: z.string().optional(),
  rfidCardID: z.string().optional(),
  placeOfIssue: z.string().optional(),
  dateOfIssue: isoDate().optional(),
  dateOfBirth: isoDate().optional(),
  hometown: z.string().optional(),
  currentJob: z.string().optional(),
  workPlace: z.string().optional(),
  ethnicity: z.string().optional(),
  nationality: z.string().optional(),
  temporaryResidence: z.string().optional(),
  permanentResidence: z.string().optional(),
  residentialReason: z.string().optional(),
  residentialAddress: z.string().optional(),
  residentialStartDate: isoDate().optional(),
  residentialEndDate: isoDate().optional(),
  notes: z.string().optional(),
  citizenIDFrontImage: z.string().optional(),
  citizenIDBackImage: z.string().optional(),
  portraitImage: z.string().optional(),
  isRepresentative: z.boolean(),
  status: z.number(),
  /** Residence declaration (tạm trú / lưu trú): when and how it was made, the receipt's photo. */
  residenceDeclaredOn: isoDate().optional(),
  residenceMethod: z.enum(['vneid', 'portal', 'police']).optional(),
  residenceReceiptImage: z.string().optional(),
  /** Consent to keep identity data (Law 91/2025/QH15): what for, when, recorded by whom. */
  consentPurpose: z.string().optional(),
  consentAt: z.string().optional(),
  consentBy: z.string().optional(),
  /** The person confirmed the consent themselves (guest contract page), when. */
  consentConfirmedAt: z.string().optional(),
  /** The person asked for their identity data to be erased, when. */
  erasureRequestedAt: z.string().optional(),
  /** When the identity number and photos were erased (the name and the dates are kept). */
  identityErasedAt: z.string().optional(),
});
export type LesseeInfo = z.infer<typeof lesseeInfoEntity>;
