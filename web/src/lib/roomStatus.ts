import { ROOM_STATUS, ROOM_STATUS_LABELS, type RoomStatusCode } from '@nhatro/common';

export { ROOM_STATUS, ROOM_STATUS_LABELS, type RoomStatusCode };

export function isRoomStatusCode(value: unknown): value is RoomStatusCode {
  return ROOM_STATUS.some((status) => status === value);
}

/** Palette colour of each status: green free, amber reserved, teal (primary) rented. */
export const ROOM_STATUS_COLORS = {
  empty: 'success',
  reserved: 'warning',
  occupied: 'primary',
} as const satisfies Record<RoomStatusCode, 'success' | 'warning' | 'primary'>;

export function roomStatusLabel(status: string): string {
  return isRoomStatusCode(status) ? ROOM_STATUS_LABELS[status] : status;
}

/** A room list filtered by one status, or not at all. */
export type RoomStatusFilter = RoomStatusCode | 'all';
export const ROOM_STATUS_FILTERS: readonly RoomStatusFilter[] = ['all', ...ROOM_STATUS];

export function countRoomsByStatus(rooms: readonly { status: string }[]): Record<RoomStatusFilter, number> {
  const counts: Record<RoomStatusFilter, number> = { all: rooms.length, empty: 0, reserved: 0, occupied: 0 };
  for (const room of rooms) if (isRoomStatusCode(room.status)) counts[room.status] += 1;
  return counts;
}
