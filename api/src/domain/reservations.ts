import { RESERVATION_MESSAGES, type RoomStatusCode } from '@nhatro/common';

/** Why a room cannot take a deposit now, or `null`. */
export function reservationBlocker(room: { status: RoomStatusCode }, activeContracts: number): string | null {
  if (activeContracts > 0 || room.status === 'occupied') return RESERVATION_MESSAGES.roomOccupied;
  if (room.status === 'reserved') return RESERVATION_MESSAGES.roomReserved;
  return null;
}
