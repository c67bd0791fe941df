import { z } from 'zod';
import { idField, isoDate, isoDateTime, meterIndex, monthField } from './fields.js';
import type { ImageLink } from './rooms.js';

/**
 * Meters (đồng hồ điện, nước) and their monthly readings (`/odata/MeterRecord`). Every room has one
 * electricity and one water meter at a time; a replaced meter stays, with its final index, so the
 * history of readings keeps making sense.
 */

export const METER_KINDS = ['electricity', 'water'] as const;
export type MeterKind = (typeof METER_KINDS)[number];
export const METER_KIND_LABELS: Record<MeterKind, string> = { electricity: 'Điện', water: 'Nước' };
export const METER_UNITS: Record<MeterKind, string> = { electricity: 'kWh', water: 'm³' };

/** Use above this many times the room's average is refused unless the reader confirms it. */
export const IMPLAUSIBLE_USE_FACTOR = 5;
/**
 * A room's first reading (no history) above this many times the median use of the house's other rooms
 * (each room's average over its recent months; at least two rooms) is refused unless confirmed.
 */
export const FIRST_READING_FACTOR = 3;
/** A whole house or floor per PATCH; more is split by the client. */
export const MAX_READINGS_PER_BATCH = 500;

export const METER_MESSAGES = {
  saved: 'Cập nhật điện nước thành công',
  saveFailed: 'Cập nhật điện nước thất bại!',
  belowPrevious: (label: string, previous: number) =>
    `${label} mới không được nhỏ hơn chỉ số cũ (${previous}). Nếu đã thay đồng hồ, hãy đánh dấu "Thay đồng hồ".`,
  implausible: (label: string, use: number, average: number) =>
    `${label}: mức dùng ${use} cao hơn ${IMPLAUSIBLE_USE_FACTOR} lần mức trung bình (${average}). Hãy kiểm tra lại và xác nhận nếu đúng.`,
  firstReadingImplausible: (label: string, use: number, median: number) =>
    `${label}: lần ghi đầu tiên của phòng có mức dùng ${use}, cao hơn ${FIRST_READING_FACTOR} lần mức trung vị của các phòng khác trong nhà (${median}). Hãy kiểm tra lại và xác nhận nếu đúng.`,
  replacementIncomplete:
    'Khi thay đồng hồ, hãy nhập chỉ số cuối của đồng hồ cũ và chỉ số đầu của đồng hồ mới.',
  finalBelowPrevious: (previous: number) =>
    `Chỉ số cuối của đồng hồ cũ không được nhỏ hơn chỉ số cũ (${previous}).`,
  newBelowStart: 'Chỉ số mới không được nhỏ hơn chỉ số đầu của đồng hồ mới.',
  duplicateInBatch: 'Một phòng chỉ có một chỉ số điện và một chỉ số nước mỗi tháng trong cùng một lần lưu.',
  monthIssued: 'Hóa đơn của tháng này đã phát hành: không thể sửa chỉ số nữa.',
  roomWithoutContract: 'Phòng không có hợp đồng hiệu lực.',
} as const;

/** One reading a staff member sends; `month` defaults to the current month in Vietnam. */
export const meterReadingSchema = z.strictObject({
  roomID: idField('Mã phòng không hợp lệ.'),
  kind: z.enum(METER_KINDS, { error: 'Loại đồng hồ phải là điện hoặc nước.' }),
  month: monthField('Tháng ghi chỉ số').optional(),
  newIndex: meterIndex('Chỉ số mới'),
  /** The meter was replaced since the last reading: the old one's last index and the new one's first. */
  replacement: z
    .strictObject({
      oldMeterFinalIndex: meterIndex('Chỉ số cuối của đồng hồ cũ'),
      newMeterStartIndex: meterIndex('Chỉ số đầu của đồng hồ mới'),
      newMeterSerial: z.string().trim().max(50, { error: 'Số seri tối đa 50 ký tự.' }).optional(),
    })
    .optional(),
  /** The reader checked a use far above the room's average and it is right. */
  confirmed: z.boolean().optional(),
  /** A photo of the meter, uploaded first with an upload key (room-image area). */
  imageBlobName: z.string().min(1).max(200).optional(),
  /** The `@odata.etag` of the month's record the reader started from (412 when someone saved since). */
  etag: z.string().max(100).optional(),
});
export type MeterReadingInput = z.infer<typeof meterReadingSchema>;

/** `PATCH /odata/MeterRecord`: a floor or a house in one request, all or nothing. */
export const meterReadingBatchSchema = z.strictObject({
  records: z
    .array(meterReadingSchema)
    .min(1, { error: 'Chưa có chỉ số nào để lưu.' })
    .max(MAX_READINGS_PER_BATCH, { error: `Tối đa ${MAX_READINGS_PER_BATCH} chỉ số mỗi lần lưu.` }),
});
export type MeterReadingBatchInput = z.infer<typeof meterReadingBatchSchema>;

/** A meter of a room (`$expand=meters` on a room). */
export const meterEntity = z.object({
  meterID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  kind: z.enum(METER_KINDS),
  serial: z.string().optional(),
  startIndex: z.number(),
  installedOn: isoDate(),
  /** Set when the meter was replaced; it then reads `finalIndex` for good. */
  replacedOn: isoDate().optional(),
  finalIndex: z.number().optional(),
});
export type Meter = z.infer<typeof meterEntity>;

/** One room's reading of one meter kind for one month (one record per room, kind and month). */
export const meterRecordEntity = z.object({
  meterRecordID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  roomName: z.string(),
  floor: z.number(),
  kind: z.enum(METER_KINDS),
  month: z.string(),
  meterID: z.string(),
  previousIndex: z.number(),
  newIndex: z.number(),
  /** Units used this month, across a replacement when there was one. */
  usage: z.number(),
  replacement: z
    .object({
      oldMeterID: z.string(),
      oldMeterFinalIndex: z.number(),
      newMeterStartIndex: z.number(),
    })
    .optional(),
  /** The use was far above the room's average and the reader confirmed it: the landlord should look. */
  flagged: z.boolean().optional(),
  imageBlobName: z.string().optional(),
  recordedBy: z.string(),
  recordedByName: z.string(),
  recordedOn: isoDateTime(),
});
export type MeterRecord = z.infer<typeof meterRecordEntity>;

/**
 * Tenants who read their own meters (issue 27): a house lets them (`tenantMeterReading`) until a day of
 * the month (`tenantReadingDeadlineDay`); after it the staff round reads the room as before.
 */
export const DEFAULT_TENANT_READING_DEADLINE_DAY = 5;

export const tenantReadingDeadlineDayField = z
  .number({ error: 'Hạn khách gửi chỉ số phải là một ngày trong tháng.' })
  .int({ error: 'Hạn khách gửi chỉ số phải là số ngày nguyên.' })
  .min(1, { error: 'Hạn khách gửi chỉ số từ ngày 1 đến ngày 31.' })
  .max(31, { error: 'Hạn khách gửi chỉ số từ ngày 1 đến ngày 31 (31: cả tháng).' });

export const TENANT_READING_MESSAGES = {
  sent: 'Đã gửi chỉ số điện nước. Chủ nhà sẽ kiểm tra và xác nhận.',
  accepted: 'Đã duyệt chỉ số khách gửi.',
  corrected: 'Đã sửa và duyệt chỉ số khách gửi.',
  notEnabled: 'Nhà trọ chưa cho khách tự ghi chỉ số điện nước.',
  tenantOnly: 'Chỉ khách thuê mới gửi được chỉ số của phòng mình.',
  pastDeadline: (day: number) =>
    `Đã quá hạn gửi chỉ số (ngày ${day} hằng tháng): nhân viên sẽ ghi chỉ số phòng bạn.`,
  alreadyRead: 'Chỉ số tháng này của phòng đã được ghi: không cần gửi nữa.',
  belowPrevious: (label: string, previous: number) =>
    `Chỉ số ${label.toLowerCase()} không được nhỏ hơn chỉ số tháng trước (${previous}).`,
  photoRequired: (label: string) => `Hãy chụp ảnh đồng hồ ${label.toLowerCase()}.`,
  notPending: 'Chỉ số này đã được xử lý.',
  superseded: 'Nhân viên đã ghi chỉ số phòng này sau khi khách gửi: không thể duyệt chỉ số của khách nữa.',
} as const;

/** `POST /api/MeterSubmission`: the tenant's indexes for this month, each with a photo of its meter. */
export const meterSubmissionSchema = z.strictObject({
  electricityIndex: meterIndex('Chỉ số điện'),
  waterIndex: meterIndex('Chỉ số nước'),
  /** Photos uploaded first as room images of the house (like an issue report's). */
  electricityImage: z.string().min(1).max(200, { error: 'Tên tệp ảnh không hợp lệ.' }),
  waterImage: z.string().min(1).max(200, { error: 'Tên tệp ảnh không hợp lệ.' }),
});
export type MeterSubmissionInput = z.infer<typeof meterSubmissionSchema>;

/** `POST /api/MeterSubmission/{id}/Accept`: as sent, or with the values the reader corrects. */
export const meterSubmissionDecisionSchema = z.strictObject({
  electricityIndex: meterIndex('Chỉ số điện').optional(),
  waterIndex: meterIndex('Chỉ số nước').optional(),
  /** The reader looked at a use far above the room's average and it is right. */
  confirmed: z.boolean().optional(),
});
export type MeterSubmissionDecisionInput = z.infer<typeof meterSubmissionDecisionSchema>;

export const METER_SUBMISSION_STATUSES = ['pending', 'accepted', 'corrected', 'superseded'] as const;
export type MeterSubmissionStatus = (typeof METER_SUBMISSION_STATUSES)[number];
export const METER_SUBMISSION_STATUS_LABELS: Record<MeterSubmissionStatus, string> = {
  pending: 'Chờ duyệt',
  accepted: 'Đã duyệt',
  corrected: 'Đã sửa và duyệt',
  superseded: 'Nhân viên đã ghi',
};

/** A tenant's reading of their room's meters for one month (one per room and month). */
export const meterSubmissionEntity = z.object({
  meterSubmissionID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  roomName: z.string(),
  contractID: z.string(),
  month: z.string(),
  electricityIndex: z.number(),
  waterIndex: z.number(),
  electricityImage: z.string(),
  waterImage: z.string(),
  status: z.enum(METER_SUBMISSION_STATUSES),
  submittedBy: z.string(),
  submittedByName: z.string().optional(),
  submittedOn: isoDateTime(),
  /** What the landlord or staff accepted when they corrected the tenant's values. */
  correctedElectricityIndex: z.number().optional(),
  correctedWaterIndex: z.number().optional(),
  decidedBy: z.string().optional(),
  decidedByName: z.string().optional(),
  decidedOn: isoDateTime().optional(),
});
export type MeterSubmission = z.infer<typeof meterSubmissionEntity>;

/** A sending on the meter board: each meter's photo, with last month's reading photo beside it. */
export type MeterSubmissionView = MeterSubmission & {
  photos: Record<MeterKind, { sent: ImageLink; previous?: ImageLink }>;
};
