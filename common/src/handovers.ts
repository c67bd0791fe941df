import { z } from 'zod';
import { SIGNATURE_MAX_CHARS } from './contracts.js';
import { idField, isoDate, isoDateTime, meterIndex, money } from './fields.js';

/**
 * Handover records (biên bản bàn giao, issue 27 §2): at move-in and move-out, the room's devices and
 * their state, photos, meter indexes and keys, signed by the landlord in the app and by the tenant
 * through a guest link, kept as a PDF beside the contract.
 */

export const HANDOVER_KINDS = ['moveIn', 'moveOut'] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];
export const HANDOVER_KIND_LABELS: Record<HandoverKind, string> = {
  moveIn: 'Nhận phòng',
  moveOut: 'Trả phòng',
};

/** A device's state, from best to worst: the comparison suggests a damage when it got worse. */
export const DEVICE_STATES = ['good', 'worn', 'broken', 'lost'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];
export const DEVICE_STATE_LABELS: Record<DeviceState, string> = {
  good: 'Tốt',
  worn: 'Hỏng nhẹ',
  broken: 'Hỏng',
  lost: 'Mất',
};

export const MAX_HANDOVER_PHOTOS = 12;
export const MAX_HANDOVER_DEVICES = 200;
/** A tenant's guest link to sign a handover works this long (the record is signed on the spot). */
export const HANDOVER_LINK_HOURS = 24;

export const HANDOVER_MESSAGES = {
  notFound: 'Không tìm thấy biên bản bàn giao.',
  locked: 'Biên bản đã có chữ ký của cả hai bên nên không thể sửa.',
  tenantCannotEdit: 'Người thuê không thể lập hay sửa biên bản bàn giao.',
  unknownDevice: 'Thiết bị không thuộc phòng của hợp đồng này.',
  duplicateDevice: 'Một thiết bị chỉ được ghi một lần trong biên bản.',
  unknownImage: 'Ảnh không thuộc biên bản này.',
  tooManyPhotos: `Biên bản có tối đa ${MAX_HANDOVER_PHOTOS} ảnh.`,
  noPhotos: 'Hãy chọn ít nhất một ảnh (JPG hoặc PNG).',
  photoType: (name: string) => `Tệp "${name}" không phải ảnh JPG hoặc PNG.`,
  indexBelow: (label: string, floor: number) =>
    `${label} không được nhỏ hơn chỉ số ghi gần nhất của phòng (${floor}).`,
  alreadySigned: 'Bên này đã ký biên bản.',
  guestLinkInvalid:
    'Liên kết biên bản bàn giao không hợp lệ, đã hết hạn hoặc đã bị thay. Hãy xin chủ trọ liên kết mới.',
  lessorFirst: 'Chủ trọ cần ký biên bản trước khi gửi cho người thuê.',
  saved: 'Đã lưu biên bản bàn giao.',
  signed: 'Đã ký biên bản bàn giao.',
} as const;

const note = (label: string, max: number) =>
  z
    .string({ error: `${label} không hợp lệ.` })
    .trim()
    .max(max, { error: `${label} tối đa ${max} ký tự.` })
    .optional();

export const handoverDeviceInputSchema = z.strictObject({
  deviceID: idField('Mã thiết bị không hợp lệ.'),
  state: z.enum(DEVICE_STATES, { error: 'Tình trạng thiết bị phải là Tốt, Hỏng nhẹ, Hỏng hoặc Mất.' }),
  note: note('Ghi chú thiết bị', 200),
  /** Move-out only: what the landlord asks for a device that got worse (đồng). */
  damageAmount: money('Số tiền bồi thường').optional(),
});
export type HandoverDeviceInput = z.infer<typeof handoverDeviceInputSchema>;

/** `POST /api/Handover`: creates or replaces the contract's record of this kind while it is not locked. */
export const handoverSaveSchema = z.strictObject({
  contractID: idField('Mã hợp đồng không hợp lệ.'),
  kind: z.enum(HANDOVER_KINDS, { error: 'Loại biên bản phải là nhận phòng hoặc trả phòng.' }),
  handoverDate: z.iso.date({ error: 'Ngày bàn giao không hợp lệ (định dạng yyyy-mm-dd).' }),
  electricityIndex: meterIndex('Chỉ số điện'),
  waterIndex: meterIndex('Chỉ số nước'),
  keyCount: z
    .number({ error: 'Số chìa khoá phải là số.' })
    .int({ error: 'Số chìa khoá phải là số nguyên.' })
    .min(0, { error: 'Số chìa khoá không được âm.' })
    .max(50, { error: 'Số chìa khoá tối đa 50.' }),
  keyNote: note('Ghi chú chìa khoá', 200),
  devices: z
    .array(handoverDeviceInputSchema, { error: 'Danh sách thiết bị không hợp lệ.' })
    .max(MAX_HANDOVER_DEVICES, { error: `Tối đa ${MAX_HANDOVER_DEVICES} thiết bị.` }),
  /**
   * The record's photos to keep (names of photos it already holds; new ones arrive through
   * `POST /api/Handover/{id}/Photos`); absent keeps them all.
   */
  keptPhotos: z.array(z.string().max(300)).max(MAX_HANDOVER_PHOTOS).optional(),
  note: note('Ghi chú chung', 1000),
});
export type HandoverSaveInput = z.infer<typeof handoverSaveSchema>;

const signature = z
  .string({ error: 'Chữ ký phải là ảnh PNG vẽ trên màn hình.' })
  .max(SIGNATURE_MAX_CHARS, { error: 'Chữ ký quá lớn.' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: 'Chữ ký phải là ảnh PNG vẽ trên màn hình.' });

/** `POST /api/Handover/{id}/Sign`: the landlord's (or staff's) drawn signature. */
export const handoverSignSchema = z.strictObject({ signature });
export type HandoverSignInput = z.infer<typeof handoverSignSchema>;

/** `POST /api/GuestHandover/Sign`: the tenant's drawn signature through the guest link. */
export const guestHandoverSignSchema = z.strictObject({
  handoverID: idField('Mã biên bản không hợp lệ.'),
  token: z.string({ error: HANDOVER_MESSAGES.guestLinkInvalid }).min(20).max(2000),
  signature,
});
export type GuestHandoverSignInput = z.infer<typeof guestHandoverSignSchema>;

export const handoverDeviceEntity = z.object({
  deviceID: z.string(),
  deviceName: z.string(),
  quantity: z.number(),
  state: z.enum(DEVICE_STATES),
  note: z.string().optional(),
  damageAmount: z.number().optional(),
});
export type HandoverDevice = z.infer<typeof handoverDeviceEntity>;

export const handoverEntity = z.object({
  handoverID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  contractID: z.string(),
  kind: z.enum(HANDOVER_KINDS),
  handoverDate: isoDate(),
  electricityIndex: z.number(),
  waterIndex: z.number(),
  keyCount: z.number(),
  keyNote: z.string().optional(),
  devices: z.array(handoverDeviceEntity),
  images: z.array(z.string()),
  note: z.string().optional(),
  createdOn: isoDateTime(),
  createdBy: z.string(),
  updatedOn: isoDateTime().optional(),
  lessorSignedOn: isoDateTime().optional(),
  lessorSignerName: z.string().optional(),
  lesseeSignedOn: isoDateTime().optional(),
  lesseeSignerName: z.string().optional(),
  guestLinkExpiresOn: isoDateTime().optional(),
});
export type Handover = z.infer<typeof handoverEntity>;

/** A device that got worse between the move-in and move-out records: a line the settlement may charge. */
export interface HandoverDamage {
  deviceID: string;
  description: string;
  /** Typed by the landlord on the move-out record (0 until then). */
  amount: number;
}

/** What `GET /api/Handover` and the writes return for one record. */
export type HandoverView = Handover & {
  imageURLs: Array<{ blobName: string; url: string; thumbnailURL?: string }>;
  /** Both sides signed: nothing changes any more. */
  locked: boolean;
  /** Move-out records: what got worse since move-in (empty for move-in records). */
  damages: HandoverDamage[];
};

/** What a new record of a kind starts from: the day's indexes and the room's devices. */
export interface HandoverPrefill {
  electricityIndex: number;
  waterIndex: number;
  /** The lowest indexes the record accepts (the room's last reading). */
  minElectricityIndex: number;
  minWaterIndex: number;
  devices: HandoverDevice[];
}

/** `GET /api/Handover?contractID=…`: the contract's records and what new ones start from. */
export interface HandoverList {
  value: HandoverView[];
  prefill: Record<HandoverKind, HandoverPrefill>;
}

/** What the guest link shows the tenant: the record, the house and room, without ids of others. */
export interface GuestHandoverView {
  handover: Omit<HandoverView, 'houseID' | 'createdBy'>;
  houseName: string;
  houseAddress: string;
  roomName: string;
  lessorName: string;
  representativeName: string;
}
