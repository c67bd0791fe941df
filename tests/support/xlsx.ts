import ExcelJS from 'exceljs';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The column headers of the empty-rooms import template, in order (literal values, not the source constants). */
export const ROOM_IMPORT_HEADERS = [
  'Tên phòng',
  'Diện tích (m²)',
  'Tầng',
  'Giá thuê',
  'Chỉ số điện đầu',
  'Chỉ số nước đầu',
  'Mô tả',
] as const;

export type CellInput = string | number | null | undefined;

/** One room row of an import file; any value may be text to test what a user might type. */
export interface RoomRow {
  roomName: CellInput;
  acreage: CellInput;
  floor: CellInput;
  price: CellInput;
  electricity: CellInput;
  water: CellInput;
  description?: CellInput;
}

/** An .xlsx workbook whose first sheet holds exactly these rows (row 1 first). */
export async function buildXlsx(
  rows: CellInput[][],
  options: { sheetName?: string; extraSheets?: Record<string, CellInput[][]> } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Phòng trống');
  for (const row of rows) sheet.addRow(row.map((value) => value ?? null));
  for (const [name, extraRows] of Object.entries(options.extraSheets ?? {})) {
    const extra = workbook.addWorksheet(name);
    for (const row of extraRows) extra.addRow(row.map((value) => value ?? null));
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function roomRowCells(row: RoomRow): CellInput[] {
  return [row.roomName, row.acreage, row.floor, row.price, row.electricity, row.water, row.description];
}

/** An import file in the template's layout: the header row, then one row per room. */
export async function roomImportFile(
  rooms: RoomRow[],
  headers: readonly string[] = ROOM_IMPORT_HEADERS,
): Promise<Uint8Array<ArrayBuffer>> {
  return buildXlsx([[...headers], ...rooms.map(roomRowCells)]);
}

/** `count` valid rooms named `<prefix>0001`, `<prefix>0002`, … */
export function generatedRooms(count: number, prefix: string): RoomRow[] {
  return Array.from({ length: count }, (_, index) => ({
    roomName: `${prefix}${String(index + 1).padStart(4, '0')}`,
    acreage: 15 + (index % 20),
    floor: 1 + Math.floor(index / 100),
    price: 2_000_000 + (index % 10) * 100_000,
    electricity: 1000 + index,
    water: 100 + (index % 50),
    description: index % 2 === 0 ? 'Phòng nhập từ Excel' : undefined,
  }));
}

export interface ReadSheet {
  sheetNames: string[];
  /** The first sheet, row 1 first; each cell as plain text or number (`undefined` when empty). */
  rows: Array<Array<string | number | undefined>>;
}

function plain(value: ExcelJS.CellValue): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text;
  return undefined;
}

/** Reads an .xlsx file (e.g. a template or an error report from the API). */
export async function readXlsx(bytes: Uint8Array): Promise<ReadSheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: ReadSheet['rows'] = [];
  if (sheet) {
    const width = sheet.actualColumnCount;
    for (let rowNumber = 1; rowNumber <= sheet.rowCount; rowNumber += 1) {
      const row = sheet.getRow(rowNumber);
      const cells: Array<string | number | undefined> = [];
      const columns = Math.max(width, row.cellCount);
      for (let column = 1; column <= columns; column += 1) cells.push(plain(row.getCell(column).value));
      rows.push(cells);
    }
  }
  return { sheetNames: workbook.worksheets.map((item) => item.name), rows };
}

/** The column holding `header` in `headerRow` (0-based), or -1. */
export function columnOf(sheet: ReadSheet, header: string, headerRow = 0): number {
  return (sheet.rows[headerRow] ?? []).findIndex((value) => value === header);
}

/** The column headers of the tenant import template, in order (literal values, not the source constants). */
export const LESSEE_IMPORT_HEADERS = [
  'Phòng',
  'Họ tên',
  'Giới tính',
  'Ngày sinh',
  'Số điện thoại',
  'Số CCCD',
  'Quê quán',
  'Đại diện',
  'Ngày bắt đầu',
  'Ngày kết thúc',
  'Tiền thuê',
  'Tiền cọc',
  'Nơi thường trú',
  'Nghề nghiệp',
] as const;

/** A cell of a tenant row: text, a number, or a real Excel date (written as a dd/mm/yyyy date cell). */
export type LesseeCell = CellInput | Date;

/** One occupant row of a tenant import file; any value may be text to test what a user might type. */
export interface LesseeRow {
  room: LesseeCell;
  name: LesseeCell;
  gender?: LesseeCell;
  birth?: LesseeCell;
  phone?: LesseeCell;
  citizenID?: LesseeCell;
  hometown?: LesseeCell;
  representative?: LesseeCell;
  start?: LesseeCell;
  end?: LesseeCell;
  rent?: LesseeCell;
  deposit?: LesseeCell;
  permanentResidence?: LesseeCell;
  job?: LesseeCell;
}

function lesseeRowCells(row: LesseeRow): LesseeCell[] {
  return [
    row.room,
    row.name,
    row.gender,
    row.birth,
    row.phone,
    row.citizenID,
    row.hometown,
    row.representative,
    row.start,
    row.end,
    row.rent,
    row.deposit,
    row.permanentResidence,
    row.job,
  ];
}

/**
 * A tenant import file: optional rows above the header (a title), the header row, then one row per
 * occupant. `Date` values become real date cells, as Excel stores a typed date.
 */
export async function lesseeImportFile(
  rows: LesseeRow[],
  options: { headers?: readonly string[]; above?: CellInput[][]; sheetName?: string } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Người thuê');
  for (const row of options.above ?? []) sheet.addRow(row.map((value) => value ?? null));
  sheet.addRow([...(options.headers ?? LESSEE_IMPORT_HEADERS)]);
  for (const row of rows) {
    const added = sheet.addRow(lesseeRowCells(row).map((value) => value ?? null));
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd/mm/yyyy';
    });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Every sheet of an .xlsx file by name, each read like `readXlsx` reads the first. */
export async function readXlsxSheets(bytes: Uint8Array): Promise<Map<string, ReadSheet['rows']>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheets = new Map<string, ReadSheet['rows']>();
  for (const sheet of workbook.worksheets) {
    const rows: ReadSheet['rows'] = [];
    for (let rowNumber = 1; rowNumber <= sheet.rowCount; rowNumber += 1) {
      const row = sheet.getRow(rowNumber);
      const cells: Array<string | number | undefined> = [];
      for (let column = 1; column <= Math.max(sheet.actualColumnCount, row.cellCount); column += 1) {
        cells.push(plain(row.getCell(column).value));
      }
      rows.push(cells);
    }
    sheets.set(sheet.name, rows);
  }
  return sheets;
}
