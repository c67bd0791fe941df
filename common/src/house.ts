import { z } from 'zod';

/** Payload schemas of houses, rooms, services and devices, shared by the API and the web forms. */

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const money = (label: string) =>
  z
    .number({ error: `${label} phải là số.` })
    .int({ error: `${label} phải là số nguyên (đồng).` })
    .min(0, { error: `${label} không được âm.` })
    .max(1_000_000_000, { error: `${label} quá lớn.` });

const meterIndex = (label: string) =>
  z
    .number({ error: `${label} phải là số.` })
    .min(0, { error: `${label} không được âm.` })
    .max(100_000_000, { error: `${label} quá lớn.` });

export const ID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;
export const idField = (message: string) =>
  z.string({ error: message }).regex(ID_PATTERN, { error: message });

export const ROOM_STATUS = ['empty', 'reserved', 'occupied'] as const;
export type RoomStatusCode = (typeof ROOM_STATUS)[number];
export const ROOM_STATUS_LABELS: Record<RoomStatusCode, string> = {
  empty: 'Còn trống',
  reserved: 'Đã đặt cọc',
  occupied: 'Đang thuê',
};

export const SERVICE_UNIT = ['kWh', 'm3', 'person', 'room', 'vehicle'] as const;
export type ServiceUnitCode = (typeof SERVICE_UNIT)[number];
export const SERVICE_UNIT_LABELS: Record<ServiceUnitCode, string> = {
  kWh: 'Theo số điện (kWh)',
  m3: 'Theo số nước (m³)',
  person: 'Theo người / tháng',
  room: 'Theo phòng / tháng',
  vehicle: 'Theo xe / tháng',
};
/** Units billed from a meter: a house has exactly one service of each. */
export const METERED_UNITS: readonly ServiceUnitCode[] = ['kWh', 'm3'];

export const houseCreateSchema = z.object({
  houseName: text('Tên nhà trọ không được để trống!', 100, 'Tên nhà trọ tối đa 100 ký tự.'),
  houseAddress: text('Địa chỉ không được để trống!', 300, 'Địa chỉ tối đa 300 ký tự.'),
});
export const houseUpdateSchema = houseCreateSchema.partial().extend({
  houseID: idField('Mã nhà trọ không hợp lệ.').optional(),
});

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

export const roomCreateSchema = z.object({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  ...roomFields,
  roomDescription: roomFields.roomDescription.default(''),
  floor: roomFields.floor.default(1),
});
export type RoomCreateInput = z.infer<typeof roomCreateSchema>;

export const roomUpdateSchema = z.object({
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

export const roomImageSchema = z.object({
  blobName: z.string({ error: 'Thiếu tên tệp ảnh.' }).max(200),
});

export const serviceCreateSchema = z.object({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  serviceName: text('Tên dịch vụ không được để trống!', 100, 'Tên dịch vụ tối đa 100 ký tự.'),
  price: money('Giá dịch vụ'),
  unit: z.enum(SERVICE_UNIT, { error: 'Đơn vị tính không hợp lệ.' }),
});
export const serviceUpdateSchema = z.object({
  serviceID: idField('Mã dịch vụ không hợp lệ.').optional(),
  serviceName: serviceCreateSchema.shape.serviceName.optional(),
  price: serviceCreateSchema.shape.price.optional(),
  unit: serviceCreateSchema.shape.unit.optional(),
});

const quantity = z
  .number({ error: 'Số lượng phải là số.' })
  .int({ error: 'Số lượng phải là số nguyên.' })
  .min(1, { error: 'Số lượng phải từ 1 trở lên.' })
  .max(10_000, { error: 'Số lượng quá lớn.' });

export const deviceCreateSchema = z.object({
  roomID: idField('Mã phòng không hợp lệ.'),
  deviceName: text('Tên thiết bị không được để trống!', 100, 'Tên thiết bị tối đa 100 ký tự.'),
  quantity,
  condition: text('Tình trạng không được để trống!', 100, 'Tình trạng tối đa 100 ký tự.'),
  value: money('Giá trị thiết bị'),
});
export const deviceUpdateSchema = z.object({
  deviceName: deviceCreateSchema.shape.deviceName.optional(),
  quantity: quantity.optional(),
  condition: deviceCreateSchema.shape.condition.optional(),
  value: deviceCreateSchema.shape.value.optional(),
});

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
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
