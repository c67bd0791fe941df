import type { CellValue, Workbook, Worksheet } from 'exceljs';
import { columnForHeader, sheetText, type SheetCell, type SheetRow } from '../../domain/lesseeSheets.js';
import {
  LESSEE_IMPORT_COLUMNS,
  LESSEE_IMPORT_ERROR_HEADER,
  LESSEE_IMPORT_GUIDE_SHEET,
  LESSEE_IMPORT_MAX_ROWS,
  LESSEE_IMPORT_MESSAGES,
  type LesseeImportColumnKey,
} from '@nhatro/common';
import { searchKey } from '../../domain/lessees.js';
import { AppError } from '../../domain/shared/errors.js';
import { dataRows, openWorkbook, resolveFormulas } from '../shared/spreadsheets.js';

/**
 * Reading an uploaded tenants sheet: the data sheet (never the instructions), its header row wherever a
 * title pushed it, the template's columns and the rows under them, as the rules read cells.
 */

/** A cell as the rules read it, whatever exceljs made of it (rich text, formula, hyperlink…). */
function sheetCell(value: CellValue): SheetCell {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.normalize('NFC');
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('result' in value) return sheetCell(value.result as CellValue);
    if ('richText' in value) return sheetCell(value.richText.map((part) => part.text).join(''));
    if ('text' in value && typeof value.text === 'string') return sheetCell(value.text);
  }
  return undefined;
}

export interface ParsedSheet {
  workbook: Workbook;
  sheet: Worksheet;
  headerRow: number;
  columns: Map<LesseeImportColumnKey, number>;
  /** A "Lỗi" column already there (an error report sent back after fixing): reused, not read. */
  errorColumn: number | undefined;
  rows: SheetRow[];
}

const ERROR_KEY = searchKey(LESSEE_IMPORT_ERROR_HEADER);

export async function readLesseeSheet(data: Uint8Array): Promise<ParsedSheet> {
  const workbook = await openWorkbook(data, LESSEE_IMPORT_MESSAGES.notSpreadsheet);
  if (workbook.worksheets.length === 0) throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.noSheet);
  // The instructions sheet (with its example rows) is never data, wherever it sits.
  const guide = searchKey(LESSEE_IMPORT_GUIDE_SHEET);
  const sheet = workbook.worksheets.find((candidate) => searchKey(candidate.name) !== guide);
  const required = LESSEE_IMPORT_COLUMNS.filter((column) => column.required);
  if (!sheet) {
    throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.missingColumns(required.map((column) => column.header)));
  }
  resolveFormulas(sheet);
  // The header is the first row naming at least two template columns (a title row may precede it).
  let headerRow = 0;
  let columns = new Map<LesseeImportColumnKey, number>();
  let errorColumn: number | undefined;
  for (let rowNumber = 1; rowNumber <= Math.min(sheet.rowCount, 10) && headerRow === 0; rowNumber += 1) {
    const found = new Map<LesseeImportColumnKey, number>();
    let foundError: number | undefined;
    sheet.getRow(rowNumber).eachCell((cell, columnNumber) => {
      const text = sheetText(sheetCell(cell.value)) ?? '';
      const key = columnForHeader(text);
      if (key && !found.has(key)) found.set(key, columnNumber);
      else if (searchKey(text) === ERROR_KEY) foundError = columnNumber;
    });
    if (found.size >= 2) {
      headerRow = rowNumber;
      columns = found;
      errorColumn = foundError;
    }
  }
  const missing = required.filter((column) => !columns.has(column.key)).map((column) => column.header);
  if (missing.length > 0) throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.missingColumns(missing));
  const rows: SheetRow[] = dataRows(sheet, headerRow, columns, sheetCell, {
    rows: LESSEE_IMPORT_MAX_ROWS,
    message: LESSEE_IMPORT_MESSAGES.tooManyRows,
  });
  if (rows.length === 0) throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.noRows);
  return { workbook, sheet, headerRow, columns, errorColumn, rows };
}
