import { z } from 'zod';
import { idField, isoDateTime, text } from './fields.js';

/**
 * Issue reports (báo cáo sự cố): a tenant reports something broken in their room, with photos; the
 * landlord or staff move it through the spec's three statuses. The spec calls the entity `Issue`.
 */

/** 1 received (ghi nhận), 2 being handled, 3 done. */
export const ISSUE_STATUS = { received: 1, inProgress: 2, resolved: 3 } as const;
export type IssueStatus = (typeof ISSUE_STATUS)[keyof typeof ISSUE_STATUS];
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  1: 'Đã ghi nhận',
  2: 'Đang xử lý',
  3: 'Đã xử lý xong',
};
export const MAX_ISSUE_IMAGES = 5;

export const ISSUE_MESSAGES = {
  /** Spec: the landlord's toast after setting each status. */
  statusUpdated: {
    1: 'Yêu cầu đang được ghi nhận thành công',
    2: 'Xử lý sự cố thành công',
    3: 'Yêu cầu đã được xử lý hoàn tất',
  } as Record<IssueStatus, string>,
  sent: 'Gửi yêu cầu thành công! Vui lòng chờ để được xử lý',
  sendFailed: 'Gửi yêu cầu thất bại! Vui lòng xem lại nội dung gửi',
  cancelled: 'Hủy báo cáo sự cố đến hệ thống',
  cannotCancel: 'Chỉ hủy được báo cáo chưa được xử lý.',
  contractNotActive: 'Hợp đồng không còn hiệu lực.',
} as const;

const issueStatus = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'Trạng thái phải là 1, 2 hoặc 3.',
});

/** `POST /odata/Issue`: the tenant's report (their own contract is taken when none is given). */
export const issueCreateSchema = z.strictObject({
  contractID: idField('Mã hợp đồng không hợp lệ.').optional(),
  title: text('Tiêu đề không được để trống!', 150, 'Tiêu đề tối đa 150 ký tự.'),
  description: text('Nội dung không được để trống!', 2000, 'Nội dung tối đa 2000 ký tự.'),
  /** Photos uploaded first with the room-image upload key. */
  images: z
    .array(z.string().min(1).max(200))
    .max(MAX_ISSUE_IMAGES, { error: `Tối đa ${MAX_ISSUE_IMAGES} ảnh.` })
    .default([]),
});
export type IssueCreateInput = z.infer<typeof issueCreateSchema>;

/** `PATCH /odata/Issue`: the landlord or staff set the status (and may answer). */
export const issueUpdateSchema = z.strictObject({
  issueID: idField('Mã sự cố không hợp lệ.').optional(),
  status: issueStatus,
  response: z.string().trim().max(1000, { error: 'Phản hồi tối đa 1000 ký tự.' }).optional(),
});
export type IssueUpdateInput = z.infer<typeof issueUpdateSchema>;

export const issueEntity = z.object({
  issueID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  roomName: z.string(),
  contractID: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.number(),
  /** Blob names; read URLs come as `imageURLs`. */
  images: z.array(z.string()),
  /** The user who reported it (spec: CreatedBy = UserID). */
  createdBy: z.string(),
  createdByName: z.string(),
  createdOn: isoDateTime(),
  updatedOn: isoDateTime().optional(),
  response: z.string().optional(),
});
export type Issue = z.infer<typeof issueEntity>;
