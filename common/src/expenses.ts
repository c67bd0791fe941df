import { z } from 'zod';
import { idField, isoDate, isoDateTime, money } from './fields.js';

/**
 * Expenses (chi phí) of a house: what the landlord pays out (EVN's and the water company's bills,
 * repairs, cleaning, internet, the upstream rent of a sub-leased house, taxes…), set against the money
 * received in the profit report. Money is whole đồng.
 */

/** The built-in categories; a landlord adds their own by typing a new name (kept as written). */
export const EXPENSE_CATEGORIES = [
  'electricity',
  'water',
  'repairs',
  'cleaning',
  'internet',
  'upstreamRent',
  'taxes',
  'other',
] as const;
export type BuiltInExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS: Record<BuiltInExpenseCategory, string> = {
  electricity: 'Tiền điện (EVN)',
  water: 'Tiền nước (công ty cấp nước)',
  repairs: 'Sửa chữa',
  cleaning: 'Vệ sinh',
  internet: 'Internet',
  upstreamRent: 'Tiền thuê nhà (chủ nhà gốc)',
  taxes: 'Thuế',
  other: 'Khác',
};

/** The label of a category: a built-in one's Vietnamese name, a landlord's own as they wrote it. */
export function expenseCategoryLabel(category: string): string {
  return (EXPENSE_CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}

/** A built-in category written by its Vietnamese label (a spreadsheet, a form) is stored by its key. */
export function expenseCategoryKey(text: string): string {
  const trimmed = text.normalize('NFC').trim();
  const lower = trimmed.toLocaleLowerCase('vi');
  for (const key of EXPENSE_CATEGORIES) {
    if (key.toLowerCase() === lower || EXPENSE_CATEGORY_LABELS[key].toLocaleLowerCase('vi') === lower)
      return key;
  }
  return trimmed;
}

export const EXPENSE_MESSAGES = {
  created: 'Đã thêm khoản chi.',
  updated: 'Đã lưu khoản chi.',
  deleted: 'Đã xóa khoản chi.',
  amountPositive: 'Số tiền chi phải lớn hơn 0.',
  dateInFuture: 'Ngày chi không được sau hôm nay.',
  dateTooOld: 'Ngày chi không được trước năm 2000.',
  badReceipt: 'Ảnh hóa đơn không hợp lệ: hãy tải ảnh lên cho đúng nhà trọ.',
  tenantForbidden: 'Người thuê không xem được chi phí của nhà trọ.',
} as const;

const category = z
  .string({ error: 'Hạng mục chi không được để trống!' })
  .trim()
  .min(1, { error: 'Hạng mục chi không được để trống!' })
  .max(50, { error: 'Hạng mục chi tối đa 50 ký tự.' })
  .transform(expenseCategoryKey);

const expenseDate = z
  .string({ error: 'Ngày chi không hợp lệ (định dạng yyyy-mm-dd).' })
  .pipe(z.iso.date({ error: 'Ngày chi không hợp lệ (định dạng yyyy-mm-dd).' }))
  .refine((value) => value >= '2000-01-01', { error: EXPENSE_MESSAGES.dateTooOld });

const amount = money('Số tiền chi').refine((value) => value > 0, { error: EXPENSE_MESSAGES.amountPositive });
const note = z.string().trim().max(500, { error: 'Ghi chú tối đa 500 ký tự.' });
const receiptBlobName = z.string().min(1).max(200, { error: 'Tên ảnh hóa đơn không hợp lệ.' });

export const expenseCreateSchema = z.strictObject({
  houseID: idField('Mã nhà trọ không hợp lệ.'),
  date: expenseDate,
  category,
  amount,
  note: note.optional(),
  /** A photo of the receipt, uploaded first with the house's room-image upload key. */
  receiptBlobName: receiptBlobName.optional(),
});
export type ExpenseCreateInput = z.infer<typeof expenseCreateSchema>;

/** `null` removes the note or the receipt. */
export const expenseUpdateSchema = z.strictObject({
  expenseID: idField('Mã khoản chi không hợp lệ.').optional(),
  date: expenseDate.optional(),
  category: category.optional(),
  amount: amount.optional(),
  note: note.nullable().optional(),
  receiptBlobName: receiptBlobName.nullable().optional(),
});
export type ExpenseUpdateInput = z.infer<typeof expenseUpdateSchema>;

export const expenseEntity = z.object({
  expenseID: z.string(),
  houseID: z.string(),
  /** The day it was paid. */
  date: isoDate(),
  /** A built-in key (`EXPENSE_CATEGORIES`) or the landlord's own name. */
  category: z.string(),
  /** Đồng. */
  amount: z.number(),
  note: z.string().optional(),
  receiptBlobName: z.string().optional(),
  createdOn: isoDateTime(),
  createdBy: z.string(),
});
export type Expense = z.infer<typeof expenseEntity>;

/** An expense as the API returns it: the receipt's read links beside it. */
export type ExpenseView = Expense & {
  receiptURL?: string;
  receiptThumbnailURL?: string;
  '@odata.etag'?: string;
};

/** The sheet `POST /ExcelImport/ImportExpenses` reads: these headers on the first row, in any order. */
export const EXPENSE_SHEET_COLUMNS = {
  date: 'Ngày chi',
  category: 'Hạng mục',
  amount: 'Số tiền',
  note: 'Ghi chú',
} as const;
export const MAX_EXPENSE_ROWS = 1000;
export const EXPENSE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
