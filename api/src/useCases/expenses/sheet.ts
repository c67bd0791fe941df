import { randomUUID } from 'node:crypto';
import {
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_SHEET_COLUMNS,
  expenseCreateSchema,
  MAX_EXPENSE_ROWS,
  parseVietnameseNumber,
  toFieldErrors,
} from '@nhatro/common';
import type { CellValue, Workbook, Worksheet } from 'exceljs';
import { assertExpenseKeeper, expenseDateProblem } from '../../domain/expenses.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ExpenseDoc } from '../../domain/shared/model.js';
import { columnMessage } from '../../domain/shared/sheetMessages.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { audit, type Actor } from '../shared/actor.js';
import { createAllOrNothing } from '../shared/allOrNothing.js';
import { authorizeHouse, houseDocs } from '../shared/houseScope.js';
import {
  dataRows,
  errorColumnHeader,
  loadExcel,
  openWorkbook,
  resolveFormulas,
  writeProblem,
} from '../shared/spreadsheets.js';

/**
 * Expenses from an Excel sheet (`POST /ExcelImport/ImportExpenses`), all or nothing as the room and
 * lessee sheets: every row is checked first; one wrong row writes nothing and the sheet comes back
 * with a "Lỗi" column saying, in Vietnamese, what is wrong on each row.
 */

type Column = keyof typeof EXPENSE_SHEET_COLUMNS;
const COLUMNS = Object.entries(EXPENSE_SHEET_COLUMNS) as Array<[Column, string]>;
const REQUIRED: readonly Column[] = ['date', 'category', 'amount'];
const ERROR_HEADER = 'Lỗi';

/** A cell as text, a number, or an ISO day (a date cell is the day Excel shows). */
function cellValue(value: CellValue): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim().normalize('NFC');
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value && value.result !== undefined) return cellValue(value.result as CellValue);
    if ('richText' in value) return cellValue(value.richText.map((part) => part.text).join(''));
    if ('text' in value && typeof value.text === 'string') return cellValue(value.text);
  }
  return undefined;
}

/** `dd/mm/yyyy` (how a Vietnamese sheet writes a day) or `yyyy-mm-dd`, as `yyyy-mm-dd`. */
function isoDay(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const vietnamese = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (vietnamese) {
    const [, day, month, year] = vietnamese;
    return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  }
  return text;
}

const headerKey = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('vi');

interface ParsedSheet {
  workbook: Workbook;
  sheet: Worksheet;
  headerRow: number;
  columns: Map<Column, number>;
  rows: Array<{ rowNumber: number; values: Partial<Record<Column, string | number>> }>;
}

async function readSheet(data: Uint8Array): Promise<ParsedSheet> {
  const workbook = await openWorkbook(data, 'Tệp tải lên không phải bảng tính Excel (.xlsx) hợp lệ.');
  const sheet = workbook.worksheets[0];
  if (!sheet) throw AppError.badRequest('Bảng tính không có trang nào.');
  resolveFormulas(sheet);
  const expected = new Map(COLUMNS.map(([key, header]) => [headerKey(header), key]));
  const columns = new Map<Column, number>();
  let headerRow = 0;
  for (let rowNumber = 1; rowNumber <= Math.min(sheet.rowCount, 10) && headerRow === 0; rowNumber += 1) {
    sheet.getRow(rowNumber).eachCell((cell, columnNumber) => {
      const key = expected.get(headerKey(String(cellValue(cell.value) ?? '')));
      if (key && !columns.has(key)) columns.set(key, columnNumber);
    });
    if (columns.size > 0) headerRow = rowNumber;
  }
  const missing = REQUIRED.filter((key) => !columns.has(key)).map((key) => `"${EXPENSE_SHEET_COLUMNS[key]}"`);
  if (missing.length > 0) {
    throw AppError.badRequest(`Bảng tính thiếu cột ${missing.join(', ')}. Hãy dùng mẫu nhập chi phí.`);
  }
  const rows = dataRows(sheet, headerRow, columns, cellValue, {
    rows: MAX_EXPENSE_ROWS,
    message: `Mỗi lần nhập tối đa ${MAX_EXPENSE_ROWS.toLocaleString('vi-VN')} khoản chi.`,
  });
  if (rows.length === 0) throw AppError.badRequest('Bảng tính không có dòng dữ liệu nào dưới dòng tiêu đề.');
  return { workbook, sheet, headerRow, columns, rows };
}

export type ExpenseImportOutcome =
  { ok: true; created: number } | { ok: false; errorRows: number; report: Buffer; fileName: string };

export async function importExpenses(
  actor: Actor,
  houseID: string,
  data: Uint8Array | undefined,
): Promise<ExpenseImportOutcome> {
  assertExpenseKeeper(actor.user);
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, houseID);
  if (!data) throw AppError.badRequest('Chưa chọn tệp Excel để nhập.');
  const parsed = await readSheet(data);
  const today = vietnamDate(deps.now());
  const createdOn = deps.now().toISOString();
  const errors = new Map<number, string[]>();
  const docs: ExpenseDoc[] = [];
  for (const { rowNumber, values } of parsed.rows) {
    const date = isoDay(values.date);
    const result = expenseCreateSchema.safeParse({
      houseID: house.houseID,
      date,
      category: values.category === undefined ? undefined : String(values.category),
      amount: parseVietnameseNumber(values.amount),
      ...(values.note === undefined ? {} : { note: String(values.note) }),
    });
    const issues = result.success ? [] : toFieldErrors(result.error);
    // A day that reads well but is still to come is refused beside the row's other problems.
    const future =
      issues.some((issue) => issue.field === 'date') || !date ? undefined : expenseDateProblem(date, today);
    if (future) issues.push(future);
    const messages = issues.map((issue) => {
      const header = EXPENSE_SHEET_COLUMNS[issue.field as Column] as string | undefined;
      return header ? columnMessage(header, issue.errorMessage) : issue.errorMessage;
    });
    if (messages.length > 0) {
      errors.set(rowNumber, messages);
      continue;
    }
    if (!result.success) continue;
    const expenseID = randomUUID();
    const { note, receiptBlobName: _none, houseID: _house, ...fields } = result.data;
    docs.push({
      id: expenseID,
      pk: house.houseID,
      type: 'expense',
      expenseID,
      houseID: house.houseID,
      ...fields,
      ...(note ? { note } : {}),
      createdOn,
      createdBy: actor.user.userID,
    });
  }
  if (errors.size > 0) {
    return {
      ok: false,
      errorRows: errors.size,
      report: await errorReport(parsed, errors),
      fileName: 'loi-nhap-chi-phi.xlsx',
    };
  }
  await createAllOrNothing<ExpenseDoc>(deps, houseDocs<ExpenseDoc>(deps), house.houseID, docs);
  await audit(actor, {
    action: 'import',
    entity: 'expense',
    houseID: house.houseID,
    details: { created: docs.length },
  });
  return { ok: true, created: docs.length };
}

async function errorReport(parsed: ParsedSheet, errors: Map<number, string[]>): Promise<Buffer> {
  const { sheet, headerRow } = parsed;
  const errorColumn = Math.max(...parsed.columns.values(), sheet.actualColumnCount) + 1;
  errorColumnHeader(sheet, headerRow, errorColumn, ERROR_HEADER, 60);
  for (const [rowNumber, messages] of errors)
    writeProblem(sheet.getRow(rowNumber).getCell(errorColumn), messages);
  return Buffer.from(await parsed.workbook.xlsx.writeBuffer());
}

/** The template: the header row with formats (a real date column, money as `#,##0`) and a guide sheet. */
export async function expenseImportTemplate(): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Nhà trọ';
  const sheet = workbook.addWorksheet('Chi phí');
  sheet.columns = [
    { header: EXPENSE_SHEET_COLUMNS.date, key: 'date', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
    { header: EXPENSE_SHEET_COLUMNS.category, key: 'category', width: 28 },
    { header: EXPENSE_SHEET_COLUMNS.amount, key: 'amount', width: 16, style: { numFmt: '#,##0' } },
    { header: EXPENSE_SHEET_COLUMNS.note, key: 'note', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const guide = workbook.addWorksheet('Hướng dẫn');
  guide.columns = [{ width: 100 }];
  [
    'Mỗi dòng của trang "Chi phí" là một khoản chi của nhà trọ. Chỉ trang đầu tiên được nhập.',
    'Ngày chi: ngày đã trả, ví dụ 05/11/2026; không được sau hôm nay.',
    `Hạng mục: ${Object.values(EXPENSE_CATEGORY_LABELS).join(', ')}; hoặc một hạng mục riêng của nhà trọ.`,
    'Số tiền: số tiền VND, ví dụ 1250000 hoặc 1.250.000. Ghi chú: không bắt buộc.',
    `Tối đa ${MAX_EXPENSE_ROWS.toLocaleString('vi-VN')} khoản mỗi lần. Nếu có dòng sai, không khoản nào được nhập và bạn nhận lại tệp có cột "${ERROR_HEADER}".`,
  ].forEach((line) => guide.addRow([line]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
