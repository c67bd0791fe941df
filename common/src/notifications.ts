import { z } from 'zod';
import { idField, isoDateTime, text } from './fields.js';

/**
 * Notices (thông báo) a landlord or staff member posts to a house or to chosen rooms: tenants read
 * them in the app and get them by Zalo, e-mail or SMS. The spec calls the entity `Notification`.
 */

export const NOTIFICATION_MESSAGES = {
  /** Spec: the toasts after posting a notice. */
  created: 'Tạo thông báo thành công',
  createFailed: 'Tạo thông báo thất bại',
  noRecipients: 'Không có người thuê nào đang ở các phòng đã chọn để nhận thông báo.',
  dayRangeInvalid: 'Số ngày (DayRange) phải là số nguyên từ 0 đến 3650.',
  markedRead: 'Đã đánh dấu là đã đọc.',
} as const;

export const MAX_NOTIFICATION_ROOMS = 500;
export const MAX_DAY_RANGE = 3650;

/** `POST /odata/Notification`: a notice to the whole house, or to the rooms named in `roomIDs`. */
export const notificationCreateSchema = z.strictObject({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  title: text('Tiêu đề không được để trống!', 150, 'Tiêu đề tối đa 150 ký tự.'),
  body: text('Nội dung không được để trống!', 2000, 'Nội dung tối đa 2000 ký tự.'),
  /** Absent or empty: every room of the house. */
  roomIDs: z
    .array(idField('Mã phòng không hợp lệ.'), { error: 'Danh sách phòng không hợp lệ.' })
    .max(MAX_NOTIFICATION_ROOMS, { error: `Chọn tối đa ${MAX_NOTIFICATION_ROOMS} phòng.` })
    .optional(),
});
export type NotificationCreateInput = z.infer<typeof notificationCreateSchema>;

export const NOTIFICATION_AUDIENCES = ['house', 'rooms'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

export const notificationEntity = z.object({
  notificationID: z.string(),
  houseID: z.string(),
  title: z.string(),
  body: z.string(),
  /** `house`: every room of the house; `rooms`: the rooms in `roomNames`. */
  audience: z.enum(NOTIFICATION_AUDIENCES),
  /** The rooms it reached (every room of the house for `house`); a tenant's view: their own room only. */
  roomIDs: z.array(z.string()),
  /** Names of the chosen rooms (empty for `house`); a tenant's view: their own room's, if chosen. */
  roomNames: z.array(z.string()),
  /** A landlord's or staff member's view: how many tenants (active contracts) it was sent to. */
  recipients: z.number().optional(),
  createdBy: z.string(),
  createdByName: z.string(),
  createdOn: isoDateTime(),
  /** A tenant's view: whether they have read it, and when. */
  read: z.boolean().optional(),
  readOn: isoDateTime().optional(),
  /** A landlord's or staff member's view: how many of its tenants have read it. */
  readCount: z.number().optional(),
});
export type Notification = z.infer<typeof notificationEntity>;

/** Fields computed per reader, never stored: not filterable. */
export const NOTIFICATION_READER_FIELDS = ['read', 'readOn', 'readCount'] as const;
