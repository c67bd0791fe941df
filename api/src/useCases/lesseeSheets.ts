import { randomUUID } from 'node:crypto';
import {
  CONTRACT_MESSAGES,
  CONTRACT_STATUS,
  LESSEE_IMPORT_COLUMNS,
  LESSEE_IMPORT_DATA_SHEET,
  LESSEE_IMPORT_ERROR_HEADER,
  LESSEE_IMPORT_GUIDE_SHEET,
  LESSEE_IMPORT_MAX_ROWS,
  LESSEE_IMPORT_MESSAGES,
  TEMPORARY_RESIDENCE_COLUMNS,
  TEMPORARY_RESIDENCE_TITLE,
  type LesseeImportAccount,
  type LesseeImportColumnKey,
  type LesseeImportResult,
} from '@nhatro/common';
import type { CellValue, DataValidation, Workbook, Worksheet } from 'exceljs';
import { lesseeScope } from '../domain/shared/access.js';
import { AppError } from '../domain/shared/errors.js';
import {
  checkRepeatedPhones,
  columnForHeader,
  displayDate,
  planLesseeImport,
  roomsNotImported,
  sheetText,
  type ImportRoomState,
  type PlannedTenancy,
  type SheetCell,
  type SheetProblems,
  type SheetRow,
} from '../domain/lesseeSheets.js';
import { searchKey } from '../domain/lessees.js';
import type {
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  LesseeInfoDoc,
  ReservationDoc,
  RoomDoc,
} from '../domain/shared/model.js';
import { tenantAccountText } from '../domain/shared/outboxTexts.js';
import { roomNameKey } from '../domain/rooms.js';
import { vietnamDate } from '../domain/shared/time.js';
import { isStoreError } from '../store/store.js';
import { audit, type Actor } from './shared/actor.js';
import { closeTenantAccounts } from './shared/tenantAccounts.js';
import { type OpenedTenantAccount } from './shared/tenantAccounts.js';
import { openTenantAccount } from './shared/tenantAccounts.js';
import { tenantAccountBlocker } from './shared/tenantAccounts.js';
import { tenancyHouse } from './shared/tenantAccounts.js';
import { oneTimePassword } from './shared/passwords.js';
import type { Deps } from './shared/deps.js';
import { authorizeHouse, houseDocs, listInHouse } from './shared/houseScope.js';
import { outboxCreate } from './shared/outboxMessages.js';
import type { PlannedWrite } from './shared/allOrNothing.js';
import { writeAllOrNothing } from './shared/allOrNothing.js';

/**
 * Tenants and spreadsheets: importing a house's current tenants (one contract per room, an account
 * per representative), the import template, and the police temporary-residence list.
 */

/** exceljs is heavy (~0.4 s to import): only the spreadsheet endpoints load it. */
async function loadExcel() {
  const module = await import('exceljs');
  return module.default;
}

/** A cell as the rules read it, whatever exceljs made of it (rich text, formula, hyperlink…). */
function sheetCell(value: CellValue): SheetCell {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('result' in value) return sheetCell(value.result as CellValue);
    if ('richText' in value) return sheetCell(value.richText.map((part) => part.text).join(''));
    if ('text' in value && typeof value.text === 'string') return sheetCell(value.text);
  }
  return undefined;
}

interface ParsedSheet {
  workbook: Workbook;
  sheet: Worksheet;
  headerRow: number;
  columns: Map<LesseeImportColumnKey, number>;
  /** A "Lỗi" column already there (an error report sent back after fixing): reused, not read. */
  errorColumn: number | undefined;
  rows: SheetRow[];
}

const ERROR_KEY = searchKey(LESSEE_IMPORT_ERROR_HEADER);

async function readLesseeSheet(data: Uint8Array): Promise<ParsedSheet> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  } catch {
    throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.notSpreadsheet);
  }
  if (workbook.worksheets.length === 0) throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.noSheet);
  // The instructions sheet (with its example rows) is never data, wherever it sits.
  const guide = searchKey(LESSEE_IMPORT_GUIDE_SHEET);
  const sheet = workbook.worksheets.find((candidate) => searchKey(candidate.name) !== guide);
  const required = LESSEE_IMPORT_COLUMNS.filter((column) => column.required);
  if (!sheet) {
    throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.missingColumns(required.map((column) => column.header)));
  }
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
  const rows: SheetRow[] = [];
  for (let rowNumber = headerRow + 1; rowNumber <= sheet.rowCount; rowNumber += 1) {
    const row = sheet.getRow(rowNumber);
    const values: SheetRow['values'] = {};
    let empty = true;
    for (const [key, columnNumber] of columns) {
      const value = sheetCell(row.getCell(columnNumber).value);
      if (value !== undefined) empty = false;
      values[key] = value;
    }
    if (empty) continue;
    rows.push({ rowNumber, values });
    if (rows.length > LESSEE_IMPORT_MAX_ROWS) throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.tooManyRows);
  }
  if (rows.length === 0) throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.noRows);
  return { workbook, sheet, headerRow, columns, errorColumn, rows };
}

export type LesseeImportOutcome =
  ({ ok: true } & LesseeImportResult) | { ok: false; errorRows: number; report: Buffer; fileName: string };

/**
 * Imports the current tenants of a house from a sheet with one row per occupant, all or nothing.
 * Each room's rows become one active contract (its representative, the others as occupants), the
 * room becomes occupied, and each representative gets a tenant account (username: their phone)
 * with a one-time password returned once. Any problem: nothing is written and the sheet comes
 * back with a "Lỗi" column.
 */
export async function importLessees(
  actor: Actor,
  houseID: string,
  data: Uint8Array | undefined,
): Promise<LesseeImportOutcome> {
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, houseID);
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  if (!data) throw AppError.badRequest(LESSEE_IMPORT_MESSAGES.noFile);
  const parsed = await readLesseeSheet(data);

  const [rooms, activeContracts, reservations, tenancy] = await Promise.all([
    listInHouse<RoomDoc>(deps, house.houseID, 'room'),
    listInHouse<ContractDoc>(deps, house.houseID, 'contract', {
      op: 'eq',
      field: 'status',
      value: CONTRACT_STATUS.active,
    }),
    listInHouse<ReservationDoc>(deps, house.houseID, 'reservation', {
      op: 'eq',
      field: 'status',
      value: 'active',
    }),
    tenancyHouse(deps, house.houseID),
  ]);
  const contracted = new Set(activeContracts.map((contract) => contract.roomID));
  const reservationOf = new Map(reservations.map((reservation) => [reservation.roomID, reservation]));
  const states = new Map<string, ImportRoomState>(
    rooms.map((room) => [
      roomNameKey(room.roomName),
      { room, hasActiveContract: contracted.has(room.roomID), reservation: reservationOf.get(room.roomID) },
    ]),
  );
  const now = deps.now();
  const plan = planLesseeImport(parsed.rows, {
    rooms: states,
    house: tenancy,
    today: vietnamDate(now),
    createdOn: now.toISOString(),
    newID: randomUUID,
  });

  // Usernames: each representative's phone, free in the file and among the accounts (read only).
  const candidates = checkRepeatedPhones(plan.tenancies, plan.problems);
  const holders = await inPool(candidates, 8, async (planned) => ({
    planned,
    ...(await tenantAccountBlocker(deps, planned.phoneNumber)),
  }));
  for (const { planned, blocked } of holders) {
    if (blocked)
      plan.problems.add(planned.representativeRow, `Số điện thoại: ${CONTRACT_MESSAGES.phoneTaken}`);
  }

  if (plan.problems.size > 0) {
    return {
      ok: false,
      errorRows: plan.problems.size,
      report: await errorReport(parsed, plan.problems, roomsNotImported(plan.groups, plan.problems)),
      fileName: LESSEE_IMPORT_MESSAGES.errorFileName,
    };
  }

  const roomByID = new Map(rooms.map((room) => [room.roomID, room]));
  const opened: OpenedTenantAccount[] = [];
  let accounts: LesseeImportAccount[];
  try {
    accounts = await inPool(holders, 4, async ({ planned, existing }) => {
      const password = oneTimePassword();
      const representative = planned.tenancy.lessees[0] as LesseeInfoDoc;
      const account = await openTenantAccount(deps, existing, {
        username: planned.phoneNumber,
        password,
        fullName: planned.representativeName,
        email: undefined,
        houseID: house.houseID,
        contractID: planned.tenancy.contract.contractID,
        roomID: planned.roomID,
        lesseeID: representative.lesseeInfoID,
      });
      opened.push({ account, previous: existing });
      planned.tenancy.contract.lesseeAccountID = account.userID;
      return {
        roomName: planned.roomName,
        occupantName: planned.representativeName,
        username: planned.phoneNumber,
        oneTimePassword: password,
      };
    });
    await writeTenancies(deps, house, plan.tenancies, roomByID);
  } catch (error) {
    await closeTenantAccounts(deps, opened);
    if (error instanceof AppError && error.kind === 'conflict') {
      throw AppError.conflict(CONTRACT_MESSAGES.phoneTaken);
    }
    throw error;
  }

  const lessees = plan.tenancies.reduce((sum, planned) => sum + planned.tenancy.lessees.length, 0);
  await audit(actor, {
    action: 'import',
    entity: 'contract',
    houseID: house.houseID,
    details: { contracts: plan.tenancies.length, lessees, accounts: accounts.length },
  });
  return { ok: true, contracts: plan.tenancies.length, lessees, accounts };
}

/** Runs `run` on every item, at most `size` at a time; after a failure, starts no more and rethrows. */
async function inPool<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failure: { error: unknown } | undefined;
  async function worker(): Promise<void> {
    while (!failure && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await run(items[index] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/**
 * Writes every tenancy (contract, occupants, the message telling the representative their username)
 * and marks its room occupied (If-Match: the room as it was checked), all or nothing. SQLite: one
 * transaction. Cosmos: transactional batches of at most 100 operations, a room never split across
 * two; when a later batch fails, the earlier ones are undone (documents deleted, rooms set back).
 */
async function writeTenancies(
  deps: Deps,
  house: HouseDoc,
  tenancies: PlannedTenancy[],
  roomByID: Map<string, RoomDoc>,
): Promise<void> {
  const { houseID } = house;
  const perRoom = tenancies.map((planned): Array<PlannedWrite<HouseScopedDoc>> => {
    const room = roomByID.get(planned.roomID) as RoomDoc;
    const { contract, lessees, vehicles, services } = planned.tenancy;
    const recipient = {
      ...(contract.lesseeAccountID ? { userID: contract.lesseeAccountID } : {}),
      name: planned.representativeName,
      phoneNumber: planned.phoneNumber,
    };
    const message = outboxCreate(deps, houseID, {
      event: 'tenantAccountOpened',
      houseID,
      recipient,
      ...tenantAccountText(
        { username: planned.phoneNumber },
        { houseName: house.houseName, roomName: planned.roomName },
        recipient,
        deps.config.webOrigin,
      ),
      subjectID: contract.contractID,
    }).doc;
    const created: HouseScopedDoc[] = [contract, ...lessees, ...vehicles, ...services, message];
    return [
      ...created.map((doc): PlannedWrite<HouseScopedDoc> => ({
        op: { op: 'create', doc },
        undo: { op: 'delete', id: doc.id },
      })),
      {
        op: {
          op: 'replace',
          doc: { ...room, status: 'occupied' } satisfies RoomDoc,
          ...(room._etag ? { ifMatch: room._etag } : {}),
        },
        undo: { op: 'replace', doc: room },
      },
    ];
  });
  try {
    await writeAllOrNothing(deps, houseDocs<HouseScopedDoc>(deps), houseID, perRoom);
  } catch (error) {
    // A room changed since it was checked (filled, reserved, renamed): the caller reloads and retries.
    throw isStoreError(error, 'precondition_failed') ? AppError.stale() : error;
  }
}

const ERROR_FONT = { color: { argb: 'FFB71C1C' } };
const NOTE_FONT = { color: { argb: 'FF8D6E00' }, italic: true };

/** The uploaded workbook with a "Lỗi" column: red on rows with problems, amber on rows held back with them. */
async function errorReport(
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
  const header = sheet.getRow(headerRow).getCell(errorColumn);
  header.value = LESSEE_IMPORT_ERROR_HEADER;
  header.font = { bold: true, ...ERROR_FONT };
  sheet.getColumn(errorColumn).width = 70;
  for (const [rowNumber, messages] of problems.entries()) {
    const cell = sheet.getRow(rowNumber).getCell(errorColumn);
    cell.value = messages.join('; ');
    cell.font = ERROR_FONT;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDECEA' } };
    cell.alignment = { wrapText: true, vertical: 'top' };
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

const NUMBER_FORMATS: Record<string, string | undefined> = {
  date: 'dd/mm/yyyy',
  money: '#,##0',
  digits: '@',
};

/** Rows of the template that offer the "Giới tính" and "Đại diện" choices. */
const TEMPLATE_INPUT_ROWS = 500;

/**
 * The template: the data sheet holds only the header row (formats and choices prepared for 500
 * rows), so downloading it and sending it back imports nothing; the instructions and an example
 * are on the "Hướng dẫn" sheet, which the import never reads.
 */
export async function lesseeImportTemplate(): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Nhà trọ';
  const sheet = workbook.addWorksheet(LESSEE_IMPORT_DATA_SHEET);
  sheet.columns = LESSEE_IMPORT_COLUMNS.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return {
      header: column.header,
      key: column.key,
      width: column.width,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  headerRow.alignment = { vertical: 'middle', wrapText: true };
  LESSEE_IMPORT_COLUMNS.forEach((column, index) => {
    const cell = headerRow.getCell(index + 1);
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: column.required ? 'FFBBDEFB' : 'FFE3F2FD' },
    };
  });
  // Drop-down choices on the input rows, one range each (exceljs writes a cell-by-cell list slowly).
  const { dataValidations } = sheet as unknown as {
    dataValidations: { add(range: string, validation: DataValidation): void };
  };
  const inputRange = (key: LesseeImportColumnKey) => {
    const letter = sheet.getColumn(key).letter;
    return `${letter}2:${letter}${TEMPLATE_INPUT_ROWS + 1}`;
  };
  dataValidations.add(inputRange('gender'), {
    type: 'list',
    allowBlank: true,
    formulae: ['"Nam,Nữ"'],
    showErrorMessage: true,
    errorTitle: 'Giới tính',
    error: 'Chọn Nam hoặc Nữ.',
  });
  dataValidations.add(inputRange('isRepresentative'), {
    type: 'list',
    allowBlank: true,
    formulae: ['"x"'],
    showErrorMessage: true,
    errorTitle: 'Đại diện',
    error: 'Ghi "x" cho người đại diện của phòng, để trống cho người ở cùng.',
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const guide = workbook.addWorksheet(LESSEE_IMPORT_GUIDE_SHEET);
  guide.columns = LESSEE_IMPORT_COLUMNS.map((column) => ({ width: Math.max(column.width, 12) }));
  const lines = [
    'Nhập người thuê hiện tại của nhà trọ',
    '',
    `1. Điền trang "${LESSEE_IMPORT_DATA_SHEET}": mỗi dòng là một người đang ở. Trang này ("${LESSEE_IMPORT_GUIDE_SHEET}") không bao giờ được nhập.`,
    '2. Phòng: tên phòng đã có trong nhà trọ, đang trống (chưa có hợp đồng, chưa đặt cọc). Các dòng cùng phòng tạo một hợp đồng.',
    '3. Đại diện: ghi "x" cho đúng một người mỗi phòng; người này cần số điện thoại, là tên đăng nhập của tài khoản người thuê.',
    '4. Giới tính: Nam hoặc Nữ. Số điện thoại: di động 10 chữ số (09…, 03…). Số CCCD: 12 chữ số (hoặc CMND 9 chữ số).',
    '5. Ngày sinh, Ngày bắt đầu, Ngày kết thúc: ngày của Excel hoặc chữ dạng dd/mm/yyyy, ví dụ 01/12/2026.',
    '6. Ngày bắt đầu, Ngày kết thúc, Tiền thuê, Tiền cọc thuộc về hợp đồng của phòng: ghi trên một dòng của phòng (thường là dòng người đại diện) hoặc ghi giống nhau trên mọi dòng.',
    '7. Tiền thuê để trống: lấy giá thuê của phòng. Tiền cọc để trống: 0. Số tiền ghi 2800000 hoặc 2.800.000.',
    '8. Nơi thường trú, Nghề nghiệp (không bắt buộc) được in trong danh sách khai báo tạm trú.',
    `9. Tối đa ${LESSEE_IMPORT_MAX_ROWS.toLocaleString('vi-VN')} người mỗi lần. Nếu có dòng sai, không dữ liệu nào được lưu và bạn nhận lại tệp có cột "${LESSEE_IMPORT_ERROR_HEADER}"; sửa rồi nhập lại chính tệp đó.`,
    '10. Sau khi nhập, mỗi người đại diện có một mật khẩu dùng một lần: chỉ hiện một lần, hãy ghi lại và gửi cho họ.',
    '',
    'Ví dụ (phòng P101 có hai người, phòng P102 một người):',
  ];
  for (const line of lines) guide.addRow([line]);
  guide.getRow(1).font = { bold: true, size: 14 };
  const exampleHeader = guide.addRow(LESSEE_IMPORT_COLUMNS.map((column) => column.header));
  exampleHeader.font = { bold: true };
  const examples = [
    ['P101', 'Nguyễn Văn An', 'Nam', '15/03/1998', '0901234567', '079098001234', 'Quảng Ngãi', 'x'],
    ['P101', 'Trần Thị Bình', 'Nữ', '02/11/1999', '', '079199004321', 'Bình Định', ''],
    ['P102', 'Lê Minh Châu', 'Nữ', '20/07/2001', '0912345678', '001301005678', 'Hà Nội', 'x'],
  ];
  const terms = [
    ['01/01/2026', '31/12/2026', '2.800.000', '2.800.000', 'Quảng Ngãi', 'Nhân viên văn phòng'],
    ['', '', '', '', 'Bình Định', 'Sinh viên'],
    ['01/06/2026', '31/05/2027', '', '3.000.000', 'Hà Nội', 'Kỹ sư'],
  ];
  examples.forEach((cells, index) => guide.addRow([...cells, ...(terms[index] as string[])]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** "Nhà trọ Hoa Sen" → "nha-tro-hoa-sen". */
function fileSlug(text: string): string {
  return (
    searchKey(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'nha-tro'
  );
}

function excelDate(iso: string | undefined): Date | null {
  return iso ? new Date(`${iso}T00:00:00Z`) : null;
}

/**
 * The temporary-residence list police ask landlords for: everyone living in the house now
 * (occupants still there, of active contracts), by room, the representative first. Landlords and
 * the house's staff only: a tenant may not read the others' identity numbers.
 */
export async function temporaryResidenceList(
  actor: Actor,
  houseID: string,
): Promise<{ fileName: string; content: Buffer }> {
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, houseID);
  if (lesseeScope(actor.user)) throw AppError.forbidden();
  const [rooms, contracts, lessees] = await Promise.all([
    listInHouse<RoomDoc>(deps, house.houseID, 'room'),
    listInHouse<ContractDoc>(deps, house.houseID, 'contract', {
      op: 'eq',
      field: 'status',
      value: CONTRACT_STATUS.active,
    }),
    listInHouse<LesseeInfoDoc>(deps, house.houseID, 'lesseeInfo', { op: 'eq', field: 'status', value: 1 }),
  ]);
  const contractByID = new Map(contracts.map((contract) => [contract.contractID, contract]));
  const roomByID = new Map(rooms.map((room) => [room.roomID, room]));
  const byRoomName = (a: string, b: string) =>
    a.localeCompare(b, 'vi', { numeric: true, sensitivity: 'base' });
  const people = lessees
    .filter((lessee) => contractByID.has(lessee.contractID))
    .map((lessee) => {
      const contract = contractByID.get(lessee.contractID) as ContractDoc;
      return { lessee, contract, roomName: roomByID.get(contract.roomID)?.roomName ?? '' };
    })
    .sort(
      (a, b) =>
        byRoomName(a.roomName, b.roomName) ||
        Number(b.lessee.isRepresentative) - Number(a.lessee.isRepresentative) ||
        a.lessee.occupantName.localeCompare(b.lessee.occupantName, 'vi'),
    );

  const today = vietnamDate(deps.now());
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Nhà trọ';
  const sheet = workbook.addWorksheet('Tạm trú', {
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const width = TEMPORARY_RESIDENCE_COLUMNS.length;
  const titleLines = [
    TEMPORARY_RESIDENCE_TITLE,
    `Nhà trọ: ${house.houseName}`,
    `Địa chỉ: ${house.houseAddress}`,
    `Ngày lập: ${displayDate(today)}`,
  ];
  titleLines.forEach((line, index) => {
    const row = sheet.addRow([line]);
    sheet.mergeCells(row.number, 1, row.number, width);
    row.font = index === 0 ? { bold: true, size: 14 } : { size: 11 };
    row.alignment = { horizontal: index === 0 ? 'center' : 'left' };
  });
  sheet.addRow([]);
  const header = sheet.addRow(TEMPORARY_RESIDENCE_COLUMNS.map((column) => column.header));
  header.font = { bold: true };
  header.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  const thin = { style: 'thin' as const };
  const border = { top: thin, left: thin, bottom: thin, right: thin };
  TEMPORARY_RESIDENCE_COLUMNS.forEach((column, index) => {
    sheet.getColumn(index + 1).width = column.width;
    const cell = header.getCell(index + 1);
    cell.border = border;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3F2FD' } };
  });
  people.forEach(({ lessee, contract, roomName }, index) => {
    const row = sheet.addRow([
      index + 1,
      lessee.occupantName,
      excelDate(lessee.dateOfBirth),
      lessee.gender === 1 ? 'Nam' : 'Nữ',
      lessee.citizenID ?? '',
      lessee.hometown ?? '',
      lessee.permanentResidence ?? '',
      lessee.currentJob ?? '',
      excelDate(lessee.residentialStartDate ?? contract.startDate),
      roomName,
    ]);
    row.getCell(3).numFmt = 'dd/mm/yyyy';
    row.getCell(9).numFmt = 'dd/mm/yyyy';
    row.alignment = { vertical: 'top', wrapText: true };
    for (let column = 1; column <= width; column += 1) row.getCell(column).border = border;
  });
  sheet.addRow([]);
  sheet.addRow([`Tổng số: ${people.length} người`]).font = { italic: true };
  sheet.views = [{ state: 'frozen', ySplit: header.number }];
  return {
    fileName: `tam-tru-${fileSlug(house.houseName)}-${today}.xlsx`,
    content: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
