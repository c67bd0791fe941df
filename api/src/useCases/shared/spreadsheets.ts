import type { Cell, CellValue, Workbook, Worksheet } from 'exceljs';
import { AppError } from '../../domain/shared/errors.js';
import { problemText } from '../../domain/shared/sheetMessages.js';

/** Spreadsheet uploads and reports (exceljs): rooms and tenants are imported from Excel, errors sent back in it. */

/** exceljs is heavy (~0.4 s to import): only the spreadsheet endpoints load it. */
export async function loadExcel() {
  const module = await import('exceljs');
  return module.default;
}

/** The uploaded workbook, or a 400 with `notSpreadsheet` when it is not a readable .xlsx. */
export async function openWorkbook(data: Uint8Array, notSpreadsheet: string): Promise<Workbook> {
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
