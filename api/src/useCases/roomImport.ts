import { columnMessage } from '../domain/shared/sheetMessages.js';
import {
  ROOM_IMPORT_COLUMNS,
  parseVietnameseNumber,
  ROOM_IMPORT_MAX_ROWS,
  roomFields,
  toFieldErrors,
  type RoomCreateInput,
} from '@nhatro/common';
import type { Workbook, Worksheet, CellValue, DataValidation } from 'exceljs';
import { z } from 'zod';
import { AppError } from '../domain/shared/errors.js';
import type { HouseScopedDoc, RoomDoc } from '../domain/shared/model.js';
import { duplicateRoomNameMessage, roomNameKey } from '../domain/rooms.js';
import { audit, type Actor } from './shared/actor.js';
import { authorizeHouse, houseDocs, listInHouse } from './shared/houseScope.js';
import { newRoomMeterDocs, newRoomDoc, assertRoomQuota } from './shared/newRooms.js';
import { createAllOrNothing } from './shared/allOrNothing.js';
import {
  openWorkbook,
  dataRows,
  errorColumnHeader,
  writeProblem,
  loadExcel,
  resolveFormulas,
} from './shared/spreadsheets.js';

const ERROR_HEADER = 'Lỗi';

const importRowSchema = z.object({
  ...roomFields,
  roomDescription: roomFields.roomDescription.default(''),
});

/** A cell as plain text or number, whatever exceljs made of it (rich text, formula, hyperlink…). */
function cellValue(value: CellValue): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim().normalize('NFC');
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('result' in value && value.result !== undefined) return cellValue(value.result as CellValue);
    if ('richText' in value) return cellValue(value.richText.map((part) => part.text).join(''));
    if ('text' in value && typeof value.text === 'string') return cellValue(value.text);
    if ('error' in value) return undefined;
  }
  return undefined;
}

function headerKey(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('vi').replace('m2', 'm²');
}

interface ParsedSheet {
  workbook: Workbook;
  sheet: Worksheet;
  headerRow: number;
  columns: Map<string, number>;
  rows: Array<{ rowNumber: number; values: Partial<Record<string, string | number>> }>;
}

async function readSheet(data: Uint8Array): Promise<ParsedSheet> {
  const workbook = await openWorkbook(data, 'Tệp tải lên không phải bảng tính Excel (.xlsx) hợp lệ.');
  const sheet = workbook.worksheets[0];
  if (!sheet) throw AppError.badRequest('Bảng tính không có trang nào.');
  resolveFormulas(sheet);
  const expected = new Map(ROOM_IMPORT_COLUMNS.map((column) => [headerKey(column.header), column.key]));
  let headerRow = 0;
  const columns = new Map<string, number>();
  // The header is the first row naming at least one template column (a title row may precede it).
  for (let rowNumber = 1; rowNumber <= Math.min(sheet.rowCount, 10) && headerRow === 0; rowNumber += 1) {
    sheet.getRow(rowNumber).eachCell((cell, columnNumber) => {
      const key = expected.get(headerKey(String(cellValue(cell.value) ?? '')));
      if (key && !columns.has(key)) columns.set(key, columnNumber);
    });
    if (columns.size > 0) headerRow = rowNumber;
  }
  const missing = ROOM_IMPORT_COLUMNS.filter((column) => !columns.has(column.key)).map(
    (column) => `"${column.header}"`,
  );
  if (missing.length > 0) {
    throw AppError.badRequest(
      `Bảng tính thiếu cột ${missing.join(', ')}. Hãy dùng mẫu tải về từ hộp thoại nhập phòng.`,
    );
  }
  const rows = dataRows(sheet, headerRow, columns, cellValue, {
    rows: ROOM_IMPORT_MAX_ROWS,
    message: `Mỗi lần nhập tối đa ${ROOM_IMPORT_MAX_ROWS.toLocaleString('vi-VN')} phòng.`,
  });
  if (rows.length === 0) throw AppError.badRequest('Bảng tính không có dòng dữ liệu nào dưới dòng tiêu đề.');
  return { workbook, sheet, headerRow, columns, rows };
}

export type ImportOutcome =
  { ok: true; created: number } | { ok: false; errorRows: number; report: Buffer; fileName: string };

/**
 * Imports empty rooms into one house, all or nothing: every row is checked (types,
 * required values, duplicates in the file and in the house, the room quota) before
 * anything is written. A sheet with errors comes back with an added error column.
 */
export async function importEmptyRooms(
  actor: Actor,
  houseID: string,
  data: Uint8Array | undefined,
): Promise<ImportOutcome> {
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, houseID);
  // A full account is refused before the sheet is read.
  if (!data) throw AppError.badRequest('Chưa chọn tệp Excel để nhập.');
  await assertRoomQuota(deps, house, 1);
  const parsed = await readSheet(data);
  const existing = new Set(
    (await listInHouse<RoomDoc>(deps, house.houseID, 'room')).map((room) => roomNameKey(room.roomName)),
  );
  const seen = new Map<string, number>();
  const errors = new Map<number, string[]>();
  const valid: Array<Omit<RoomCreateInput, 'houseID'>> = [];
  for (const { rowNumber, values } of parsed.rows) {
    const candidate = {
      roomName: values.roomName === undefined ? undefined : String(values.roomName),
      roomDescription: values.roomDescription === undefined ? undefined : String(values.roomDescription),
      acreage: parseVietnameseNumber(values.acreage),
      floor: parseVietnameseNumber(values.floor),
      price: parseVietnameseNumber(values.price),
      currentElectricityIndex: parseVietnameseNumber(values.currentElectricityIndex),
      currentWaterIndex: parseVietnameseNumber(values.currentWaterIndex),
    };
    const result = importRowSchema.safeParse(candidate);
    const messages: string[] = [];
    if (!result.success) {
      for (const issue of toFieldErrors(result.error)) {
        const header = ROOM_IMPORT_COLUMNS.find((column) => column.key === issue.field)?.header;
        messages.push(header ? columnMessage(header, issue.errorMessage) : issue.errorMessage);
      }
    }
    const name = candidate.roomName?.trim();
    if (name) {
      const key = roomNameKey(name);
      const firstRow = seen.get(key);
      if (firstRow !== undefined) messages.push(`Tên phòng "${name}" trùng với dòng ${firstRow}.`);
      else seen.set(key, rowNumber);
      if (existing.has(key)) messages.push(duplicateRoomNameMessage(name));
    }
    if (messages.length > 0) errors.set(rowNumber, messages);
    else if (result.success) valid.push(result.data);
  }

  if (errors.size === 0) {
    await assertRoomQuota(deps, house, valid.length);
    const createdOn = deps.now().toISOString();
    const docs = valid.map((input) => newRoomDoc(house.houseID, input, createdOn));
    // Each room with its electricity and water meters, all in the same all-or-nothing write.
    const meters = docs.flatMap((room) => newRoomMeterDocs(room, deps.now()));
    await createAllOrNothing<HouseScopedDoc>(deps, houseDocs(deps), house.houseID, [...docs, ...meters]);
    await audit(actor, {
      action: 'import',
      entity: 'room',
      houseID: house.houseID,
      details: { created: docs.length },
    });
    return { ok: true, created: docs.length };
  }
  return {
    ok: false,
    errorRows: errors.size,
    report: await errorReport(parsed, errors),
    fileName: 'loi-nhap-phong.xlsx',
  };
}

async function errorReport(parsed: ParsedSheet, errors: Map<number, string[]>): Promise<Buffer> {
  const { sheet, headerRow } = parsed;
  const errorColumn = Math.max(...parsed.columns.values(), sheet.actualColumnCount) + 1;
  errorColumnHeader(sheet, headerRow, errorColumn, ERROR_HEADER, 60);
  for (const [rowNumber, messages] of errors) {
    writeProblem(sheet.getRow(rowNumber).getCell(errorColumn), messages);
  }
  return Buffer.from(await parsed.workbook.xlsx.writeBuffer());
}

/** Rows of the template's data sheet that carry the number formats and input checks. */
const TEMPLATE_INPUT_ROWS = 500;
type RoomColumnKey = (typeof ROOM_IMPORT_COLUMNS)[number]['key'];
const TEMPLATE_FORMATS: Partial<Record<RoomColumnKey, string>> = {
  acreage: '0.0',
  floor: '0',
  price: '#,##0',
  currentElectricityIndex: '#,##0.##',
  currentWaterIndex: '#,##0.##',
  roomDescription: '@',
};
/** Floors offered in the "Tầng" drop-down; any other whole number is allowed after a warning. */
const TEMPLATE_FLOORS = Array.from({ length: 11 }, (_, floor) => floor).join(',');

const TEMPLATE_EXAMPLES: Array<Record<RoomColumnKey, string | number>> = [
  {
    roomName: 'P101',
    acreage: 20,
    floor: 1,
    price: 2_800_000,
    currentElectricityIndex: 1250,
    currentWaterIndex: 135,
    roomDescription: 'Phòng có gác lửng',
  },
  {
    roomName: 'P102',
    acreage: 25.5,
    floor: 1,
    price: 3_200_000,
    currentElectricityIndex: 980,
    currentWaterIndex: 110,
    roomDescription: 'Ban công, cửa sổ thoáng',
  },
];

/** The header row, column widths and number formats shared by the data and example sheets. */
function templateColumns(sheet: Worksheet): void {
  sheet.columns = ROOM_IMPORT_COLUMNS.map((column) => {
    const numFmt = TEMPLATE_FORMATS[column.key];
    return {
      header: column.header,
      key: column.key,
      width: column.key === 'roomDescription' ? 40 : 18,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3F2FD' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/** Input checks on the data sheet's rows: the floor as a drop-down, numbers in their ranges. */
function templateValidations(sheet: Worksheet): void {
  const { dataValidations } = sheet as unknown as {
    dataValidations: { add(range: string, validation: DataValidation): void };
  };
  const range = (key: RoomColumnKey) => {
    const letter = sheet.getColumn(key).letter;
    return `${letter}2:${letter}${TEMPLATE_INPUT_ROWS + 1}`;
  };
  const number = (key: RoomColumnKey, type: 'whole' | 'decimal', min: number, title: string, error: string) =>
    dataValidations.add(range(key), {
      type,
      operator: 'between',
      allowBlank: true,
      formulae: [min, 1_000_000_000],
      showErrorMessage: true,
      errorTitle: title,
      error,
    });
  number('acreage', 'decimal', 0.1, 'Diện tích (m²)', 'Diện tích là số lớn hơn 0, ví dụ 20 hoặc 25,5.');
  number('price', 'whole', 0, 'Giá thuê', 'Giá thuê là số tiền VND mỗi tháng, ví dụ 2800000.');
  number('currentElectricityIndex', 'decimal', 0, 'Chỉ số điện đầu', 'Chỉ số điện đầu là số không âm.');
  number('currentWaterIndex', 'decimal', 0, 'Chỉ số nước đầu', 'Chỉ số nước đầu là số không âm.');
  dataValidations.add(range('floor'), {
    type: 'list',
    allowBlank: true,
    formulae: [`"${TEMPLATE_FLOORS}"`],
    showErrorMessage: true,
    errorStyle: 'warning',
    errorTitle: 'Tầng',
    error: 'Tầng là số nguyên (0 là tầng trệt). Chọn Có để giữ một tầng khác.',
  });
}

/**
 * The downloadable template: the data sheet holds only the header row (formats, the floor drop-down and
 * number checks prepared for 500 rows), so sending it back unchanged imports nothing; example rows are on
 * "Ví dụ" and the instructions on "Hướng dẫn", which the import never reads (it reads the first sheet).
 */
export async function roomImportTemplate(): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Nhà trọ';
  const sheet = workbook.addWorksheet('Phòng trống');
  templateColumns(sheet);
  templateValidations(sheet);
  const examples = workbook.addWorksheet('Ví dụ');
  templateColumns(examples);
  for (const example of TEMPLATE_EXAMPLES) examples.addRow(example);
  const guide = workbook.addWorksheet('Hướng dẫn');
  guide.columns = [{ width: 100 }];
  [
    'Mỗi dòng của trang "Phòng trống" là một phòng mới. Chỉ trang đầu tiên được nhập; trang "Ví dụ" cho thấy cách ghi.',
    'Tên phòng: bắt buộc, không trùng trong tệp và với phòng đã có của nhà trọ.',
    'Diện tích (m²): số lớn hơn 0, ví dụ 20 hoặc 25,5.',
    'Tầng: số nguyên, chọn trong danh sách (0 là tầng trệt) hoặc ghi tầng khác. Giá thuê: số tiền VND mỗi tháng, ví dụ 2800000 hoặc 2.800.000.',
    'Chỉ số điện đầu, Chỉ số nước đầu: chỉ số công tơ khi bắt đầu cho thuê, không âm.',
    `Tối đa ${ROOM_IMPORT_MAX_ROWS.toLocaleString('vi-VN')} phòng mỗi lần. Nếu có dòng sai, không phòng nào được tạo và bạn nhận lại tệp có cột "${ERROR_HEADER}".`,
  ].forEach((line) => guide.addRow([line]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
