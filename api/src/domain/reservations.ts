import { RESERVATION_MESSAGES, defaultHoldUntil, type RoomStatusCode } from '@nhatro/common';

/** Why a room cannot take a deposit now, or `null`. */
export function reservationBlocker(room: { status: RoomStatusCode }, activeContracts: number): string | null {
  if (activeContracts > 0 || room.status === 'occupied') return RESERVATION_MESSAGES.roomOccupied;
  if (room.status === 'reserved') return RESERVATION_MESSAGES.roomReserved;
  return null;
}

/** The last day a reservation holds its room (older reservations have none stored: move-in + 7 days). */
export function holdUntilOf(reservation: { holdUntil?: string; expectedMoveInDate: string }): string {
  return reservation.holdUntil ?? defaultHoldUntil(reservation.expectedMoveInDate);
}

/** An active reservation lapses the day after its hold-until date (Vietnam's `today`, yyyy-mm-dd). */
export function hasLapsed(
  reservation: { status: string; holdUntil?: string; expectedMoveInDate: string },
  today: string,
): boolean {
  return reservation.status === 'active' && holdUntilOf(reservation) < today;
}

/** The landlord's notice that a hold lapsed: the room is free again and the deposit is kept. */
export function lapsedNotice(
  reservation: {
    fullName: string;
    phoneNumber: string;
    deposit: number;
    holdUntil?: string;
    expectedMoveInDate: string;
  },
  names: { houseName: string; roomName: string },
): { subject: string; body: string } {
  const holdUntil = holdUntilOf(reservation).split('-').reverse().join('/');
  const deposit = `${reservation.deposit.toLocaleString('vi-VN')} ₫`;
  return {
    subject: `Phòng ${names.roomName} hết hạn giữ cọc`,
    body:
      `${reservation.fullName} (${reservation.phoneNumber}) đặt cọc ${deposit} giữ phòng ${names.roomName} ` +
      `(${names.houseName}) đến ngày ${holdUntil} nhưng chưa ký hợp đồng. Phòng đã trở lại trống; ` +
      `tiền cọc được ghi là mất cọc. Nếu đã hoàn cọc, hãy đổi lại trong mục Hợp đồng › Đặt cọc.`,
  };
}
