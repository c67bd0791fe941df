import { z } from 'zod';
import { idField, isoDate } from './fields.js';
import { isRealDate } from './lessees.js';

/**
 * Residence declarations (tạm trú / lưu trú) of a house's occupants. Law on Residence 2020
 * (68/2020/QH14) art. 27 and 30; Decree 282/2025/NĐ-CP (from 15/12/2025) fines a lodging that does not
 * notify 2–12 million ₫. The rule the dates follow is in `docs/residence.md`.
 */

/** How a declaration was made: VNeID, the public-service portal, or at the police office. */
export const RESIDENCE_METHODS = ['vneid', 'portal', 'police'] as const;
export type ResidenceMethod = (typeof RESIDENCE_METHODS)[number];
export const RESIDENCE_METHOD_LABELS: Record<ResidenceMethod, string> = {
  vneid: 'Ứng dụng VNeID',
  portal: 'Cổng dịch vụ công',
  police: 'Tại công an xã/phường',
};

/** What is due: a lưu trú notice (a stay shorter than 30 days) or tạm trú registration (30 days or more). */
export type ResidenceKind = 'luuTru' | 'tamTru';
export const RESIDENCE_KIND_LABELS: Record<ResidenceKind, string> = {
  luuTru: 'Thông báo lưu trú',
  tamTru: 'Đăng ký tạm trú',
};

/** An occupant's residence status: not yet declared, declared, or ended (moved out). */
export type ResidenceStatus = 'undeclared' | 'declared' | 'ended';
export const RESIDENCE_STATUS_LABELS: Record<ResidenceStatus, string> = {
  undeclared: 'Chưa khai báo',
  declared: 'Đã khai báo',
  ended: 'Đã kết thúc',
};

export const RESIDENCE_MESSAGES = {
  method: 'Hãy chọn cách khai báo: VNeID, Cổng dịch vụ công hoặc tại công an.',
  declaredOn: 'Ngày khai báo không hợp lệ (định dạng yyyy-mm-dd).',
  declaredInFuture: 'Ngày khai báo không được ở tương lai.',
  declaredBeforeMoveIn: 'Ngày khai báo không được trước ngày bắt đầu ở.',
  movedOut: 'Người này đã chuyển đi; không thể khai báo tạm trú cho họ nữa.',
  receipt: 'Tên tệp ảnh biên nhận không hợp lệ.',
  declared: 'Đã lưu khai báo cư trú.',
} as const;

/** `POST /api/Residence/Declaration`: an occupant's declaration was made (or `cleared: true` to undo it). */
export const residenceDeclarationSchema = z
  .object({
    lesseeInfoID: idField('Mã người thuê không hợp lệ.'),
    method: z.enum(RESIDENCE_METHODS, { error: RESIDENCE_MESSAGES.method }),
    declaredOn: z
      .string({ error: RESIDENCE_MESSAGES.declaredOn })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: RESIDENCE_MESSAGES.declaredOn })
      .refine(isRealDate, { error: RESIDENCE_MESSAGES.declaredOn }),
    /** The photo of the receipt, a blob name in the `lessee-infor` container (optional). */
    receiptImage: z
      .string({ error: RESIDENCE_MESSAGES.receipt })
      .max(200, { error: RESIDENCE_MESSAGES.receipt })
      .optional(),
  })
  .strict();
export type ResidenceDeclarationInput = z.infer<typeof residenceDeclarationSchema>;

/** One occupant in `GET /api/Residence/Deadlines`. */
export const residenceDeadlineEntity = z.object({
  lesseeInfoID: z.string(),
  contractID: z.string(),
  roomID: z.string(),
  roomName: z.string(),
  occupantName: z.string(),
  kind: z.enum(['luuTru', 'tamTru']),
  moveInDate: isoDate(),
  dueDate: isoDate(),
  /** Negative when overdue. */
  daysLeft: z.number(),
  state: z.enum(['upcoming', 'dueToday', 'overdue']),
});
export type ResidenceDeadline = z.infer<typeof residenceDeadlineEntity>;
