import { z } from 'zod';
import { idField, isoDate, isoDateTime } from './fields.js';

/**
 * Notices of leaving (báo trả phòng, issue 27): a tenant tells the landlord from their phone the day they
 * intend to leave; the landlord sees it on the dashboard and the room shows 'Sắp trống' with that day.
 */

/** Days of notice a house asks for when it sets none. */
export const DEFAULT_NOTICE_DAYS = 30;
/** The longest notice a house may ask for. */
export const MAX_NOTICE_DAYS = 180;

export const LEAVE_NOTICE_STATUS = ['open', 'acknowledged', 'withdrawn'] as const;
export type LeaveNoticeStatus = (typeof LEAVE_NOTICE_STATUS)[number];
export const LEAVE_NOTICE_STATUS_LABELS: Record<LeaveNoticeStatus, string> = {
  open: 'Chờ chủ trọ xác nhận',
  acknowledged: 'Chủ trọ đã xác nhận',
  withdrawn: 'Đã rút lại',
};

export const LEAVE_NOTICE_MESSAGES = {
  sent: 'Đã gửi báo trả phòng cho chủ trọ.',
  withdrawn: 'Đã rút lại báo trả phòng.',
  acknowledged: 'Đã xác nhận báo trả phòng.',
  contractNotActive: 'Hợp đồng không còn hiệu lực.',
  alreadyGiven: 'Bạn đã báo trả phòng cho hợp đồng này. Hãy rút lại báo cũ trước khi báo ngày khác.',
  notOpen: 'Báo trả phòng này đã được chủ trọ xác nhận hoặc đã rút lại.',
  tenantOnly: 'Chỉ người thuê mới báo trả phòng được.',
  cannotAcknowledgeOwn: 'Người thuê không xác nhận báo trả phòng.',
} as const;

export const noticeDaysField = z
  .number({ error: 'Số ngày báo trước phải là số.' })
  .int({ error: 'Số ngày báo trước phải là số nguyên.' })
  .min(0, { error: 'Số ngày báo trước không được âm.' })
  .max(MAX_NOTICE_DAYS, { error: `Số ngày báo trước tối đa ${MAX_NOTICE_DAYS} ngày.` });

export const leaveNoticeCreateSchema = z.strictObject({
  /** The tenant's own contract; absent: the one of their session. */
  contractID: idField('Mã hợp đồng không hợp lệ.').optional(),
  leaveDate: z.iso.date({ error: 'Ngày trả phòng không hợp lệ.' }),
  note: z
    .string({ error: 'Ghi chú phải là chuỗi.' })
    .trim()
    .max(500, { error: 'Ghi chú tối đa 500 ký tự.' })
    .optional(),
});
export type LeaveNoticeCreateInput = z.infer<typeof leaveNoticeCreateSchema>;

export const leaveNoticeEntity = z.object({
  leaveNoticeID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  roomName: z.string(),
  contractID: z.string(),
  /** The day the tenant intends to leave (the room is 'Sắp trống' until then). */
  leaveDate: isoDate(),
  note: z.string().optional(),
  status: z.enum(LEAVE_NOTICE_STATUS),
  /** The notice the house asked for when it was given. */
  noticeDays: z.number(),
  createdBy: z.string(),
  createdByName: z.string().optional(),
  createdOn: isoDateTime(),
  acknowledgedOn: isoDateTime().optional(),
  acknowledgedBy: z.string().optional(),
  withdrawnOn: isoDateTime().optional(),
});
export type LeaveNotice = z.infer<typeof leaveNoticeEntity>;

/** The day `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}

/**
 * The notice must leave the house `noticeDays` (on or after today + notice), unless the contract ends
 * first (then its end date); never today or earlier, never after the contract's end.
 */
export function leaveDateWindow(
  today: string,
  noticeDays: number,
  contractEnd: string,
): { earliest: string; latest: string } | undefined {
  const tomorrow = addDays(today, 1);
  const byNotice = addDays(today, noticeDays);
  const earliest = [byNotice < contractEnd ? byNotice : contractEnd, tomorrow].sort().at(-1) ?? tomorrow;
  if (earliest > contractEnd) return undefined;
  return { earliest, latest: contractEnd };
}
