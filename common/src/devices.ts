import { z } from 'zod';
import { idField, isoDateTime, money, text } from './fields.js';

/** Devices (thiết bị) of a room: payloads and the entity `/odata/Device` returns. */

const quantity = z
  .number({ error: 'Số lượng phải là số.' })
  .int({ error: 'Số lượng phải là số nguyên.' })
  .min(1, { error: 'Số lượng phải từ 1 trở lên.' })
  .max(10_000, { error: 'Số lượng quá lớn.' });

export const deviceCreateSchema = z.strictObject({
  roomID: idField('Mã phòng không hợp lệ.'),
  deviceName: text('Tên thiết bị không được để trống!', 100, 'Tên thiết bị tối đa 100 ký tự.'),
  quantity,
  condition: text('Tình trạng không được để trống!', 100, 'Tình trạng tối đa 100 ký tự.'),
  value: money('Giá trị thiết bị'),
});
export type DeviceCreateInput = z.infer<typeof deviceCreateSchema>;

export const deviceUpdateSchema = z.strictObject({
  deviceName: deviceCreateSchema.shape.deviceName.optional(),
  quantity: quantity.optional(),
  condition: deviceCreateSchema.shape.condition.optional(),
  value: deviceCreateSchema.shape.value.optional(),
});
export type DeviceUpdateInput = z.infer<typeof deviceUpdateSchema>;

/** Multipart form fields that carry numbers. */
export const DEVICE_NUMBER_FIELDS = ['quantity', 'value'] as const;
export const MAX_DEVICE_IMAGES = 5;

export const deviceEntity = z.object({
  deviceID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  deviceName: z.string(),
  quantity: z.number(),
  condition: z.string(),
  /** Đồng. */
  value: z.number(),
  images: z.array(z.string()),
  createdOn: isoDateTime(),
});
export type Device = z.infer<typeof deviceEntity>;
