import { LESSEE_IMPORT_ERROR_HEADER } from '@nhatro/common';
import type { SheetProblems } from '../../domain/lesseeSheets.js';
import type { ParsedSheet } from './sheetReading.js';
import { errorColumnHeader, writeProblem } from '../shared/spreadsheets.js';

/** Writing the import's error report (the upload with a "Lỗi" column). */

const NOTE_FONT = { color: { argb: 'FF8D6E00' }, italic: true };

/** The uploaded workbook with a "Lỗi" column: red on rows with problems, amber on rows held back with them. */
export async function errorReport(
  parsed: ParsedSheet,
  problems: SheetProblems,
  notes: Map<number, string>,
): Promise<Buffer> {
  const { sheet, headerRow } = parsed;
  let errorColumn = parsed.errorColumn;
  if (errorColumn === undefined) {
    errorColumn = Math.max(...parsed.columns.values(), sheet.actualColumnCount) + 1;
  } else {
    // A report sent back: its old messages go.
    for (let rowNumber = headerRow + 1; rowNumber <= sheet.rowCount; rowNumber += 1) {
      const cell = sheet.getRow(rowNumber).getCell(errorColumn);
      cell.value = null;
      cell.style = {};
    }
  }
  errorColumnHeader(sheet, headerRow, errorColumn, LESSEE_IMPORT_ERROR_HEADER, 70);
  for (const [rowNumber, messages] of problems.entries()) {
    writeProblem(sheet.getRow(rowNumber).getCell(errorColumn), messages);
  }
  for (const [rowNumber, note] of notes) {
    const cell = sheet.getRow(rowNumber).getCell(errorColumn);
    cell.value = note;
    cell.font = NOTE_FONT;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF8E1' } };
    cell.alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await parsed.workbook.xlsx.writeBuffer());
}
