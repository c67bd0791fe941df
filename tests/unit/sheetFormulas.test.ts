// Formulas stored without their result (openpyxl, pandas): simple arithmetic is worked out, anything else
// refuses the file naming the cells; never a silent blank or 0. Sheets: tests/fixtures/sheets/make-openpyxl-sheets.py.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateFormula } from '../../api/src/domain/shared/sheetFormulas.js';
import {
  loadExcel,
  ODS_REFUSED,
  openWorkbook,
  resolveFormulas,
} from '../../api/src/useCases/shared/spreadsheets.js';

const FOLDER = join(import.meta.dirname, '..', 'fixtures', 'sheets');
const CELLS: Record<string, number> = { A1: 2, B2: 2_500_000, C3: 4 };
const lookup = (address: string) => CELLS[address];

describe('evaluateFormula', () => {
  it.each([
    ['=1+2*3', 7],
    ['=(1+2)*3', 9],
    ['=B2+300000', 2_800_000],
    ['=$B$2*A1', 5_000_000],
    ['=-A1+C3/2', 0],
    ['= 10 / 4', 2.5],
  ])('%s → %d', (formula, expected) => {
    expect(evaluateFormula(formula, lookup)).toBe(expected);
  });

  it.each(['=SUM(1,2)', '=Khac!A1', '=A1/0', '=Z9+1', '="a"&"b"', '=1+', '=(1+2', '', '=A1:B2'])(
    'refuses %s',
    (formula) => {
      expect(evaluateFormula(formula, lookup)).toBeUndefined();
    },
  );
});

async function openFixture(name: string) {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(readFileSync(join(FOLDER, name)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('no sheet');
  return sheet;
}

describe('resolveFormulas on sheets written by openpyxl', () => {
  it('works out simple formulas (cells of the sheet, + - * /, $) and keeps the formula', async () => {
    const sheet = await openFixture('openpyxl-simple-formulas.xlsx');
    resolveFormulas(sheet);
    const result = (address: string) => (sheet.getCell(address).value as { result?: unknown }).result;
    expect(result('B3')).toBe(25);
    expect(result('C3')).toBe(1);
    expect(result('D3')).toBe(2_800_000);
    expect(result('E3')).toBe(200);
    expect(result('F3')).toBe(6);
    expect((sheet.getCell('D3').value as { formula?: string }).formula).toBe('D2+300000');
  });

  it('refuses functions and other sheets, naming each cell', async () => {
    const sheet = await openFixture('openpyxl-unsupported-formulas.xlsx');
    expect(() => resolveFormulas(sheet)).toThrow(/^Ô D2, D3 có công thức nhưng tệp không lưu kết quả/);
  });
});

describe('an OpenDocument spreadsheet (.ods)', () => {
  it('is refused with the formats that are accepted', async () => {
    const data = new Uint8Array(readFileSync(join(FOLDER, 'calc-rooms.ods')));
    await expect(openWorkbook(data, 'không phải bảng tính')).rejects.toThrow(ODS_REFUSED);
    expect(ODS_REFUSED).toContain('.xlsx');
  });
});
