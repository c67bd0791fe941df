import type { RoomStatusCode } from '../../lib/roomStatus';
import type { HouseSummary } from '../../lib/session';

export interface Room {
  roomID: string;
  houseID: string;
  roomName: string;
  roomDescription?: string | null;
  acreage?: number | null;
  floor?: number | null;
  /** Monthly rent in đồng. */
  price?: number | null;
  status: RoomStatusCode;
  currentElectricityIndex?: number | null;
  currentWaterIndex?: number | null;
  images?: string[];
}

export interface HouseWithRooms extends HouseSummary {
  rooms?: Room[];
}
