import { z } from 'zod';
import { idField, isoDateTime, meterIndex, money, text } from './fields.js';

/** Rooms (phòng): payloads, the entity `/odata/Room` returns, statuses and the Excel import. */

export const ROOM_STATUS = ['empty', 'reserved', 'occupied'] as const;
export type RoomStatusCode = (typeof ROOM_STATUS)[number];
export const ROOM_STATUS_LABELS: Record<RoomStatusCode, string> = {
  empty: 'Còn trống',
  reserved: 'Đã đặt cọc',
  occupied: 'Đang thuê',
};

export const roomFields = {
  roomName: text('Tên phòng không được để trống!', 50, 'Tên phòng tối đa 50 ký tự.'),
  roomDescription: z
    .string({ error: 'Mô tả phải là chuỗi.' })
    .trim()
    .max(1000, { error: 'Mô tả tối đa 1000 ký tự.' }),
  acreage: z
    .number({ error: 'Diện tích phải là số.' })
    .positive({ error: 'Diện tích phải lớn hơn 0.' })
    .max(10_000, { error: 'Diện tích quá lớn.' }),
  floor: z
    .number({ error: 'Tầng phải là số.' })
    .int({ error: 'Tầng phải là số nguyên.' })
    .min(-5, { error: 'Tầng không hợp lệ.' })
    .max(200, { error: 'Tầng không hợp lệ.' }),
  price: money('Giá thuê'),
  currentElectricityIndex: meterIndex('Chỉ số điện'),
  currentWaterIndex: meterIndex('Chỉ số nước'),
};

export const roomCreateSchema = z.strictObject({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  ...roomFields,
  roomDescription: roomFields.roomDescription.default(''),
  floor: roomFields.floor.default(1),
});
export type RoomCreateInput = z.infer<typeof roomCreateSchema>;

export const roomUpdateSchema = z.strictObject({
  roomID: idField('Mã phòng không hợp lệ.').optional(),
  roomName: roomFields.roomName.optional(),
  roomDescription: roomFields.roomDescription.optional(),
  acreage: roomFields.acreage.optional(),
  floor: roomFields.floor.optional(),
  price: roomFields.price.optional(),
  currentElectricityIndex: roomFields.currentElectricityIndex.optional(),
  currentWaterIndex: roomFields.currentWaterIndex.optional(),
});
export type RoomUpdateInput = z.infer<typeof roomUpdateSchema>;

export const roomImageSchema = z.strictObject({
  blobName: z.string({ error: 'Thiếu tên tệp ảnh.' }).max(200),
});

/** A room as the API returns it (the stored document is this plus storage fields). */
export const roomEntity = z.object({
  roomID: z.string(),
  houseID: z.string(),
  roomName: z.string(),
  roomDescription: z.string(),
  acreage: z.number(),
  floor: z.number(),
  /** Monthly rent in đồng. */
  price: z.number(),
  status: z.enum(ROOM_STATUS),
  currentElectricityIndex: z.number(),
  currentWaterIndex: z.number(),
  /** Blob names of the room's photos (read URLs come as `imageURLs`). */
  images: z.array(z.string()),
  createdOn: isoDateTime(),
  /**
   * The day the tenant gave notice to leave (issue 27): an occupied room with it is 'Sắp trống'
   * ({@link isRoomLeaving}); cleared when the notice is withdrawn or a new contract starts.
   */
  leavingOn: z.iso.date().optional(),
});
export type Room = z.infer<typeof roomEntity>;

/** 'Sắp trống': rented, and its tenant gave notice to leave on `leavingOn` (a status shown, not stored). */
export const ROOM_LEAVING_LABEL = 'Sắp trống';
export function isRoomLeaving(room: { status: string; leavingOn?: string }): boolean {
  return room.status === 'occupied' && room.leavingOn !== undefined;
}

/** A short-lived read URL of one stored image. */
export interface ImageLink {
  blobName: string;
  url: string;
  /** The photo's small JPEG (about 320 px) for lists and grids, where the server keeps one. */
  thumbnailURL?: string;
}

/** Columns of the empty-rooms import template, in order. */
export const ROOM_IMPORT_COLUMNS = [
  { key: 'roomName', header: 'Tên phòng', required: true },
  { key: 'acreage', header: 'Diện tích (m²)', required: true },
  { key: 'floor', header: 'Tầng', required: true },
  { key: 'price', header: 'Giá thuê', required: true },
  { key: 'currentElectricityIndex', header: 'Chỉ số điện đầu', required: true },
  { key: 'currentWaterIndex', header: 'Chỉ số nước đầu', required: true },
  { key: 'roomDescription', header: 'Mô tả', required: false },
] as const;
export const ROOM_IMPORT_MAX_ROWS = 5000;
export const ROOM_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * A stored photo (room, device, issue, meter, identity and registration papers): the browser sends a
 * JPEG of about 1600 px and 150–400 KB, so 2 MB is room to spare, never a camera's original.
 */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The largest photo a person may choose before the browser scales it down (a phone camera's). */
export const PHOTO_INPUT_MAX_BYTES = 20 * 1024 * 1024;
