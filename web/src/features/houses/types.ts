import type { HouseSummary } from '../../lib/session';

export const ROOM_STATUSES = ['empty', 'reserved', 'occupied'] as const;

export type RoomStatus = (typeof ROOM_STATUSES)[number];

export const ROOM_STATUS_LABELS: Record<RoomStatus, string> = {
  empty: 'Trống',
  reserved: 'Đã đặt cọc',
  occupied: 'Đang thuê',
};

export interface Room {
  roomID: string;
  houseID: string;
  roomName: string;
  roomDescription?: string | null;
  acreage?: number | null;
  floor?: number | null;
  /** Monthly rent in đồng. */
  price?: number | null;
  status: RoomStatus;
  currentElectricityIndex?: number | null;
  currentWaterIndex?: number | null;
  images?: string[];
}

export interface HouseWithRooms extends HouseSummary {
  rooms?: Room[];
}

export function isRoomStatus(value: unknown): value is RoomStatus {
  return ROOM_STATUSES.some((status) => status === value);
}
