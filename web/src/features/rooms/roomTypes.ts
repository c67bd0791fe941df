import type { RoomStatusCode } from '@nhatro/common';

/** A room as `/odata/Room` returns it. */
export interface RoomRecord {
  '@odata.etag'?: string;
  roomID: string;
  houseID: string;
  roomName: string;
  roomDescription?: string | null;
  acreage?: number | null;
  floor?: number | null;
  /** Monthly rent in đồng. */
  price?: number | null;
  status: RoomStatusCode | string;
  currentElectricityIndex?: number | null;
  currentWaterIndex?: number | null;
  images?: string[];
  createdOn?: string;
}

export interface ImageLink {
  blobName: string;
  url: string;
}

/** `GET /odata/Room/{id}`: the room with short-lived read URLs of its photos. */
export interface RoomWithImages extends RoomRecord {
  imageURLs?: ImageLink[];
}

export interface RoomContract {
  contractID: string;
  status?: number;
  startDate?: string;
  endDate?: string;
  rentFee?: number;
  deposit?: number;
  createdOn?: string;
}

export interface RoomLessee {
  lesseeInfoID: string;
  contractID?: string;
  occupantName?: string;
  gender?: number;
  phoneNumber?: string;
  dateOfBirth?: string;
  isRepresentative?: boolean;
  status?: number;
}

export interface RoomBill {
  monthlyBillID: string;
  billName?: string;
  createdOn?: string;
  total?: number;
  status?: number;
}

/** `GET /odata/Room?roomID=…&$expand=contracts,lesseeInfos,monthlyBills` (one item). */
export interface RoomRelations {
  roomID: string;
  contracts?: RoomContract[];
  lesseeInfos?: RoomLessee[];
  monthlyBills?: RoomBill[];
}

/** The editable fields of a room (create and edit forms). */
export const ROOM_FORM_FIELDS = [
  'roomName',
  'roomDescription',
  'acreage',
  'floor',
  'price',
  'currentElectricityIndex',
  'currentWaterIndex',
] as const;

export type RoomFormField = (typeof ROOM_FORM_FIELDS)[number];
export type RoomFormValues = Record<RoomFormField, string>;

export interface RoomPayload {
  roomName: string;
  roomDescription: string;
  acreage: number;
  floor: number;
  price: number;
  currentElectricityIndex: number;
  currentWaterIndex: number;
}
