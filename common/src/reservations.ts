import { z } from 'zod';
import { idField, isoDate, isoDateTime, meterIndex, money } from './fields.js';
import { personName } from './unicodeText.js';
import { MOBILE_PHONE_PATTERN, isRealDate } from './lessees.js';

/** Reservations (cọc giữ phòng): a deposit holds an empty room for someone until they sign. */

export const RESERVATION_STATUS = ['active', 'cancelled', 'contracted', 'lapsed'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUS)[number];
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  active: 'Đang giữ phòng',
  cancelled: 'Đã hủy',
  contracted: 'Đã ký hợp đồng',
  lapsed: 'Quá hạn giữ phòng',
};

/** What became of a lapsed reservation's deposit: kept by the landlord (the default) or given back. */
export const DEPOSIT_OUTCOMES = ['forfeited', 'refunded'] as const;
export type DepositOutcome = (typeof DEPOSIT_OUTCOMES)[number];
export const DEPOSIT_OUTCOME_LABELS: Record<DepositOutcome, string> = {
  forfeited: 'Mất cọc',
  refunded: 'Đã hoàn cọc',
};

/** Days a room is held past the expected move-in date when the landlord names no other hold-until date. */
export const DEFAULT_HOLD_DAYS = 7;

/** The expected move-in date plus `DEFAULT_HOLD_DAYS` (yyyy-mm-dd, calendar days). */
export function defaultHoldUntil(expectedMoveInDate: string): string {
  const day = new Date(`${expectedMoveInDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + DEFAULT_HOLD_DAYS);
  return day.toISOString().slice(0, 10);
}

export const RESERVATION_MESSAGES = {
  created: 'Cọc phòng mới thành công!',
  failed: 'Cọc phòng thất bại! Vui lòng kiểm tra lại kết nối mạng.',
  roomOccupied: 'Phòng đang có người thuê, không thể nhận cọc.',
  indexBelowLast: (label: string, last: number) =>
    `${label} khi nhận cọc không được nhỏ hơn chỉ số ghi gần nhất của phòng (${last}).`,
  roomReserved: 'Phòng đã được đặt cọc. Hãy hủy cọc cũ trước khi nhận cọc mới.',
  notActive: 'Khoản cọc này đã được hủy hoặc đã chuyển thành hợp đồng.',
  cancelled: 'Hủy cọc thành công!',
  moveInPast: 'Ngày dự kiến dọn vào không được ở quá khứ.',
  holdBeforeMoveIn: 'Ngày giữ phòng đến không được trước ngày dự kiến dọn vào.',
  notLapsed: 'Chỉ đổi được tiền cọc của khoản cọc đã quá hạn giữ phòng.',
  depositOutcomeChanged: 'Đã cập nhật tiền cọc.',
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
    holdUntil: z
      .string({ error: 'Ngày giữ phòng đến không hợp lệ (định dạng yyyy-mm-dd).' })
      .refine(isRealDate, { error: 'Ngày giữ phòng đến không hợp lệ (định dạng yyyy-mm-dd).' })
      .optional(),
    note: z.string().trim().max(500, { error: 'Ghi chú tối đa 500 ký tự.' }).optional(),
    /** The meters on the day of the deposit (never below the room's last reading); the contract starts from them. */
    electricityIndex: meterIndex('Chỉ số điện').optional(),
    waterIndex: meterIndex('Chỉ số nước').optional(),
  })
  .strict()
  .refine((input) => input.holdUntil === undefined || input.holdUntil >= input.expectedMoveInDate, {
    error: RESERVATION_MESSAGES.holdBeforeMoveIn,
    path: ['holdUntil'],
  });
export type ReservationCreateInput = z.infer<typeof reservationCreateSchema>;

export const reservationCancelSchema = z
  .object({
    reservationID: idField('Mã đặt cọc không hợp lệ.'),
    reason: z.string().trim().max(500, { error: 'Lý do tối đa 500 ký tự.' }).optional(),
  })
  .strict();

export const reservationDepositSchema = z
  .object({
    reservationID: idField('Mã đặt cọc không hợp lệ.'),
    depositOutcome: z.enum(DEPOSIT_OUTCOMES, {
      error: 'Tiền cọc chỉ có thể là "mất cọc" hoặc "đã hoàn cọc".',
    }),
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
  /** The last day the room is held; written on reservations since the lapse rule (older ones: move-in + 7). */
  holdUntil: isoDate().optional(),
  note: z.string().optional(),
  /** The meters read on the day of the deposit (absent: not read then). */
  electricityIndex: z.number().optional(),
  waterIndex: z.number().optional(),
  status: z.enum(RESERVATION_STATUS),
  createdOn: isoDateTime(),
  cancelledOn: isoDateTime().optional(),
  cancelReason: z.string().optional(),
  contractID: z.string().optional(),
  /** When the nightly job released the hold. */
  lapsedOn: isoDateTime().optional(),
  /** A lapsed reservation's deposit: forfeited when it lapses; the landlord may say it was refunded. */
  depositOutcome: z.enum(DEPOSIT_OUTCOMES).optional(),
});
export type Reservation = z.infer<typeof reservationEntity>;
