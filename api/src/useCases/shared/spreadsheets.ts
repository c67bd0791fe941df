import type { Cell, CellValue, Workbook, Worksheet } from 'exceljs';
import { AppError } from '../../domain/shared/errors.js';
import { evaluateFormula } from '../../domain/shared/sheetFormulas.js';
import { problemText } from '../../domain/shared/sheetMessages.js';

/** Spreadsheet uploads and reports (exceljs): rooms and tenants are imported from Excel, errors sent back in it. */

/** exceljs is heavy (~0.4 s to import): only the spreadsheet endpoints load it. */
export async function loadExcel() {
  const module = await import('exceljs');
  return module.default;
}

/** The uploaded workbook, or a 400 with `notSpreadsheet` when it is not a readable .xlsx. */
/** An OpenDocument file (LibreOffice Calc's .ods) names its type in a "mimetype" entry at its start. */
export const ODS_REFUSED =
  'Tệp .ods (LibreOffice, OpenOffice) chưa được hỗ trợ. Chỉ nhận bảng tính Excel (.xlsx): trong LibreOffice ' +
  'chọn Tệp › Lưu thành, kiểu "Excel 2007-365 (.xlsx)", rồi tải tệp đó lên.';

export async function openWorkbook(data: Uint8Array, notSpreadsheet: string): Promise<Workbook> {
  if (Buffer.from(data.subarray(0, 120)).toString('latin1').includes('application/vnd.oasis.opendocument')) {
    throw AppError.badRequest(ODS_REFUSED);
  }
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  } catch {
    throw AppError.badRequest(notSpreadsheet);
  }
  return workbook;
}

/**
 * The rows under the header, each with the values of the template's columns as `cell` reads them; rows
 * with none are skipped. More than `limit.rows` rows is a 400 with `limit.message`.
 */
export function dataRows<K extends string, V>(
  sheet: Worksheet,
  headerRow: number,
  columns: ReadonlyMap<K, number>,
  cell: (value: CellValue) => V | undefined,
  limit: { rows: number; message: string },
): Array<{ rowNumber: number; values: Partial<Record<K, V>> }> {
  const rows: Array<{ rowNumber: number; values: Partial<Record<K, V>> }> = [];
  for (let rowNumber = headerRow + 1; rowNumber <= sheet.rowCount; rowNumber += 1) {
    const row = sheet.getRow(rowNumber);
    const values: Partial<Record<K, V>> = {};
    let empty = true;
    for (const [key, columnNumber] of columns) {
      const value = cell(row.getCell(columnNumber).value);
      if (value !== undefined) empty = false;
      values[key] = value;
    }
    if (empty) continue;
    rows.push({ rowNumber, values });
    if (rows.length > limit.rows) throw AppError.badRequest(limit.message);
  }
  return rows;
}

/** The red of an error report's messages. */
export const ERROR_FONT = { color: { argb: 'FFB71C1C' } };

/** Starts an error report's "Lỗi" column: its header in bold red, its width. */
export function errorColumnHeader(
  sheet: Worksheet,
  headerRow: number,
  column: number,
  title: string,
  width: number,
): void {
  const header = sheet.getRow(headerRow).getCell(column);
  header.value = title;
  header.font = { bold: true, ...ERROR_FONT };
  sheet.getColumn(column).width = width;
}

/** A row's messages in an error report's "Lỗi" column: red on light red, wrapped. */
export function writeProblem(cell: Cell, messages: readonly string[]): void {
  cell.value = problemText(messages);
  cell.font = ERROR_FONT;
  cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDECEA' } };
  cell.alignment = { wrapText: true, vertical: 'top' };
}

/** How deep a formula may refer to other formulas (and where a loop stops). */
const MAX_FORMULA_DEPTH = 20;
const LISTED_CELLS = 10;

/** The 400 for formulas saved without a result that are not simple arithmetic. */
export function unresolvedFormulasMessage(cells: readonly string[]): string {
  const listed = cells.slice(0, LISTED_CELLS).join(', ') + (cells.length > LISTED_CELLS ? '…' : '');
  return (
    `Ô ${listed} có công thức nhưng tệp không lưu kết quả của công thức (tệp được tạo bằng chương trình ` +
    'khác Excel). Hãy mở tệp bằng Excel rồi lưu lại, hoặc nhập giá trị thay cho công thức.'
  );
}

/** openpyxl writes an empty `<v></v>` for a formula's result: read as '' or nothing. */
function noResult(result: unknown): boolean {
  return result === undefined || result === null || result === '';
}

function hasNoResult(value: CellValue): value is CellValue & { formula?: string; sharedFormula?: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    ('formula' in value || 'sharedFormula' in value) &&
    noResult((value as { result?: unknown }).result)
  );
}

/**
 * Formulas stored without their result (openpyxl, pandas): the simple ones (numbers and cells of this
 * sheet with + - * / and parentheses) get their value, so they are read as Excel would show them; any
 * other is a 400 naming its cells. Never a silent blank or 0.
 */
export function resolveFormulas(sheet: Worksheet): void {
  const numberAt = (address: string, depth: number): number | undefined => {
    if (depth > MAX_FORMULA_DEPTH) return undefined;
    const value = sheet.getCell(address).value;
    if (typeof value === 'number') return value;
    if (typeof value !== 'object' || value === null) return undefined;
    const result = (value as { result?: unknown }).result;
    if (typeof result === 'number') return result;
    if (noResult(result) && 'formula' in value && typeof value.formula === 'string') {
      return evaluateFormula(value.formula, numberAt, depth);
    }
    return undefined;
  };
  const unresolved: string[] = [];
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      const value = cell.value;
      if (!hasNoResult(value)) return;
      const result =
        typeof value.formula === 'string' ? evaluateFormula(value.formula, numberAt, 0) : undefined;
      if (result === undefined) unresolved.push(cell.address);
      // The formula stays (an error report sends the sheet back as it came); its result is filled in.
      else cell.value = { formula: value.formula ?? '', result, date1904: false } as CellValue;
    });
  });
  if (unresolved.length > 0) throw AppError.badRequest(unresolvedFormulasMessage(unresolved));
}
