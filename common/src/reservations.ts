import { z } from 'zod';
import { idField, isoDate, isoDateTime, money } from './fields.js';
import { personName } from './unicodeText.js';
import { MOBILE_PHONE_PATTERN, isRealDate } from './lessees.js';

/** Reservations (cọc giữ phòng): a deposit holds an empty room for someone until they sign. */

export const RESERVATION_STATUS = ['active', 'cancelled', 'contracted'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUS)[number];
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  active: 'Đang giữ phòng',
  cancelled: 'Đã hủy',
  contracted: 'Đã ký hợp đồng',
};

export const RESERVATION_MESSAGES = {
  created: 'Cọc phòng mới thành công!',
  failed: 'Cọc phòng thất bại! Vui lòng kiểm tra lại kết nối mạng.',
  roomOccupied: 'Phòng đang có người thuê, không thể nhận cọc.',
  roomReserved: 'Phòng đã được đặt cọc. Hãy hủy cọc cũ trước khi nhận cọc mới.',
  notActive: 'Khoản cọc này đã được hủy hoặc đã chuyển thành hợp đồng.',
  cancelled: 'Hủy cọc thành công!',
  moveInPast: 'Ngày dự kiến dọn vào không được ở quá khứ.',
} as const;

export const reservationCreateSchema = z
  .object({
    roomID: idField('Mã phòng không hợp lệ.'),
    fullName: personName('Họ tên', 'Họ tên người đặt cọc không được để trống!'),
    phoneNumber: z
      .string({ error: 'Số điện thoại không được để trống!' })
      .trim()
      .regex(MOBILE_PHONE_PATTERN, {
        error: 'Số điện thoại phải là số di động Việt Nam gồm 10 chữ số, bắt đầu bằng 0.',
      }),
    deposit: money('Tiền cọc').min(1, { error: 'Tiền cọc phải lớn hơn 0.' }),
    expectedMoveInDate: z
      .string({ error: 'Ngày dự kiến dọn vào không hợp lệ (định dạng yyyy-mm-dd).' })
      .refine(isRealDate, { error: 'Ngày dự kiến dọn vào không hợp lệ (định dạng yyyy-mm-dd).' }),
    note: z.string().trim().max(500, { error: 'Ghi chú tối đa 500 ký tự.' }).optional(),
  })
  .strict();
export type ReservationCreateInput = z.infer<typeof reservationCreateSchema>;

export const reservationCancelSchema = z
  .object({
    reservationID: idField('Mã đặt cọc không hợp lệ.'),
    reason: z.string().trim().max(500, { error: 'Lý do tối đa 500 ký tự.' }).optional(),
  })
  .strict();

export const reservationEntity = z.object({
  reservationID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  deposit: z.number(),
  expectedMoveInDate: isoDate(),
  note: z.string().optional(),
  status: z.enum(RESERVATION_STATUS),
  createdOn: isoDateTime(),
  cancelledOn: isoDateTime().optional(),
  cancelReason: z.string().optional(),
  contractID: z.string().optional(),
});
export type Reservation = z.infer<typeof reservationEntity>;
