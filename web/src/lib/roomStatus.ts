import {
  isRoomLeaving,
  ROOM_LEAVING_LABEL,
  ROOM_STATUS,
  ROOM_STATUS_LABELS,
  type RoomStatusCode,
} from '@nhatro/common';

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

/** `dd/mm/yyyy` of an ISO day (`yyyy-mm-dd`), without time zones. */
export function shownDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * What a room's status reads and its colour: a rented room whose tenant gave notice is 'Sắp trống' with the
 * day (issue 27, light blue); the others their stored status.
 */
export function roomStatusDisplay(room: { status: string; leavingOn?: string }): {
  label: string;
  color: 'success' | 'warning' | 'primary' | 'info';
  leaving: boolean;
} {
  if (isRoomLeaving(room) && room.leavingOn !== undefined) {
    return { label: `${ROOM_LEAVING_LABEL} từ ${shownDay(room.leavingOn)}`, color: 'info', leaving: true };
  }
  return {
    label: roomStatusLabel(room.status),
    color: isRoomStatusCode(room.status) ? ROOM_STATUS_COLORS[room.status] : 'primary',
    leaving: false,
  };
}
