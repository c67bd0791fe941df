import { z } from 'zod';
import { idField, isoDateTime, money } from './fields.js';

/**
 * Questions about a bill line ('Khiếu nại hóa đơn', issue 27): the tenant names a line of their bill and
 * why; the landlord (or staff who issue bills) corrects the line — the bill keeps the old and new amounts —
 * or rejects the question with a reason. The bill shows the question and its outcome to both.
 */

export const BILL_DISPUTE_STATUS = ['open', 'corrected', 'rejected'] as const;
export type BillDisputeStatus = (typeof BILL_DISPUTE_STATUS)[number];
export const BILL_DISPUTE_STATUS_LABELS: Record<BillDisputeStatus, string> = {
  open: 'Đang chờ chủ trọ trả lời',
  corrected: 'Đã điều chỉnh hóa đơn',
  rejected: 'Chủ trọ không chấp nhận',
};

export const BILL_DISPUTE_MESSAGES = {
  badImage: 'Ảnh không hợp lệ hoặc đã được dùng cho nội dung khác.',
  sent: 'Đã gửi khiếu nại hóa đơn cho chủ trọ.',
  corrected: 'Đã điều chỉnh hóa đơn theo khiếu nại.',
  rejected: 'Đã trả lời: không chấp nhận khiếu nại.',
  tenantOnly: 'Chỉ người thuê mới gửi khiếu nại hóa đơn được.',
  noSuchLine: 'Hóa đơn không có dòng này.',
  roundingLine: 'Dòng làm tròn không khiếu nại được; hãy khiếu nại dòng tính tiền.',
  alreadyOpen: 'Dòng này đang có khiếu nại chờ trả lời.',
  notOpen: 'Khiếu nại này đã được trả lời.',
  carriedOver:
    'Hóa đơn đã được chuyển nợ sang hóa đơn sau, không điều chỉnh được nữa. Hãy từ chối kèm lý do.',
  settled:
    'Hợp đồng của hóa đơn này đã thanh lý và quyết toán tiền cọc, không điều chỉnh hóa đơn được nữa. Hãy trả lời bằng lý do.',
  paymentOpen:
    'Người thuê đang có một lượt thanh toán trực tuyến chưa xong cho hóa đơn này. Vui lòng thử lại sau ít phút.',
  belowPaid: (paid: string) =>
    `Hóa đơn đã thu ${paid}; sau điều chỉnh, tổng tiền không được thấp hơn số đã thu. Hãy trả lại phần chênh lệch cho người thuê rồi trả lời khiếu nại bằng lý do.`,
  surplusUsed: (left: string) =>
    `Tiền thừa của hóa đơn này đã được trừ vào hóa đơn sau; sau điều chỉnh, tổng tiền không được vượt quá ${left}. Hãy trả lời khiếu nại bằng lý do hoặc thêm phí phát sinh.`,
  sameAmount: 'Số tiền mới giống số tiền cũ: hãy nhập số tiền đúng, hoặc chọn không chấp nhận.',
} as const;

const reasonField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(500, { error: 'Nội dung tối đa 500 ký tự.' });

export const billDisputeCreateSchema = z.strictObject({
  monthlyBillID: idField('Mã hóa đơn không hợp lệ.'),
  /** The position of the line in the bill's `billDetails`. */
  lineIndex: z
    .number({ error: 'Vui lòng chọn dòng hóa đơn.' })
    .int({ error: 'Vui lòng chọn dòng hóa đơn.' })
    .min(0, { error: 'Vui lòng chọn dòng hóa đơn.' })
    .max(99, { error: 'Hóa đơn không có dòng này.' }),
  reason: reasonField('Vui lòng nhập lý do khiếu nại.'),
  /** A photo (uploaded first as a room image of the house, as issue reports do). */
  image: z.string().min(1).max(200, { error: 'Tên tệp ảnh không hợp lệ.' }).optional(),
});
export type BillDisputeCreateInput = z.infer<typeof billDisputeCreateSchema>;

export const billDisputeAnswerSchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({
      outcome: z.literal('corrected'),
      /** The line's right amount (đồng). */
      newAmount: money('Số tiền mới'),
      answer: z.string().trim().max(500, { error: 'Nội dung tối đa 500 ký tự.' }).optional(),
    }),
    z.strictObject({
      outcome: z.literal('rejected'),
      answer: reasonField('Vui lòng nhập lý do không chấp nhận.'),
    }),
  ],
  { error: 'Vui lòng chọn điều chỉnh hóa đơn hoặc không chấp nhận.' },
);
export type BillDisputeAnswerInput = z.infer<typeof billDisputeAnswerSchema>;

export const billDisputeEntity = z.object({
  billDisputeID: z.string(),
  houseID: z.string(),
  roomID: z.string(),
  contractID: z.string(),
  monthlyBillID: z.string(),
  billName: z.string(),
  lineIndex: z.number(),
  lineDescription: z.string(),
  /** The line's amount when the question was asked. */
  lineAmount: z.number(),
  reason: z.string(),
  image: z.string().optional(),
  status: z.enum(BILL_DISPUTE_STATUS),
  answer: z.string().optional(),
  answeredBy: z.string().optional(),
  answeredOn: isoDateTime().optional(),
  /** A correction: the line's and the bill's amounts before and after. */
  correction: z
    .object({ from: z.number(), to: z.number(), totalFrom: z.number(), totalTo: z.number() })
    .optional(),
  createdBy: z.string(),
  createdByName: z.string().optional(),
  createdOn: isoDateTime(),
});
export type BillDispute = z.infer<typeof billDisputeEntity>;

/** One correction a bill went through (its history, on the bill: `corrections`). */
export const billCorrectionEntity = z.object({
  billDisputeID: z.string(),
  lineIndex: z.number(),
  description: z.string(),
  from: z.number(),
  to: z.number(),
  totalFrom: z.number(),
  totalTo: z.number(),
  correctedBy: z.string(),
  correctedOn: isoDateTime(),
});
export type BillCorrection = z.infer<typeof billCorrectionEntity>;
