import { columnMessage } from './shared/sheetMessages.js';
import {
  CONTRACT_MESSAGES,
  contractCreateSchema,
  isRealDate,
  LESSEE_IMPORT_COLUMNS,
  LESSEE_IMPORT_MESSAGES,
  lesseeFields,
  NOT_REPRESENTATIVE_MARKS,
  parseVietnameseNumber,
  REPRESENTATIVE_MARKS,
  toFieldErrors,
  type FieldError,
  type LesseeImportColumnKey,
  type RoomStatusCode,
} from '@nhatro/common';
import { z } from 'zod';
import { buildTenancy, contractCreationBlocker, type TenancyDocs, type TenancyHouse } from './contracts.js';
import { AppError } from './shared/errors.js';
import { lesseeDateProblem, searchKey } from './lessees.js';
import { roomNameKey } from './rooms.js';

/**
 * The rules of the tenant import (`POST /ExcelImport/ImportLessee`), without I/O: reading cells the
 * way people fill spreadsheets, grouping a room's rows into one contract, and checking each contract
 * with the contract form's own schema and `buildTenancy`. Every problem is reported on its row.
 */

/** A cell as the reader hands it over: text, number, boolean or a real Excel date. */
export type SheetCell = string | number | boolean | Date | undefined;

export interface SheetRow {
  /** The row number in the sheet (1-based), as the landlord sees it. */
  rowNumber: number;
  values: Partial<Record<LesseeImportColumnKey, SheetCell>>;
}

const HEADERS = new Map(LESSEE_IMPORT_COLUMNS.map((column) => [column.key, column.header]));

function headerOf(key: string): string {
  return HEADERS.get(key as LesseeImportColumnKey) ?? key;
}

/** A header cell compared without case, spacing, Unicode form or accents ("Họ tên" = "ho ten"). */
function headerKey(text: string): string {
  return searchKey(text.normalize('NFC'));
}

const HEADER_LOOKUP = new Map<string, LesseeImportColumnKey>(
  LESSEE_IMPORT_COLUMNS.flatMap((column) =>
    [column.header, ...column.aliases].map((text) => [headerKey(text), column.key] as const),
  ),
);

/** The import column a header cell names, if any. */
export function columnForHeader(text: string): LesseeImportColumnKey | undefined {
  return HEADER_LOOKUP.get(headerKey(text));
}

/** A cell as text (numbers as written, dates as dd/mm/yyyy); blank is `undefined`. */
export function sheetText(cell: SheetCell): string | undefined {
  if (cell === undefined) return undefined;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : displayDate(isoDay(cell));
  const text = String(cell).trim();
  return text === '' ? undefined : text;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `yyyy-mm-dd` → `dd/mm/yyyy`, the product's display format. */
export function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** Excel counts days from 30/12/1899; serials before 1910 are far more likely a typed year (1995). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const FIRST_ACCEPTED_SERIAL = 3654;
const LAST_ACCEPTED_SERIAL = 2_958_465;

export type CellReading<T> = { ok: true; value: T | undefined } | { ok: false; text: string };

/**
 * A date cell: a real Excel date, an Excel serial number (a date whose format was lost), or text
 * written dd/mm/yyyy (also d/m/yyyy, with "-" or "." between) or yyyy-mm-dd. Yields `yyyy-mm-dd`.
 */
export function sheetDate(cell: SheetCell): CellReading<string> {
  if (cell === undefined) return { ok: true, value: undefined };
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? { ok: false, text: '' } : { ok: true, value: isoDay(cell) };
  }
  if (typeof cell === 'number') {
    if (cell < FIRST_ACCEPTED_SERIAL || cell > LAST_ACCEPTED_SERIAL) return { ok: false, text: String(cell) };
    return { ok: true, value: isoDay(new Date(EXCEL_EPOCH_MS + Math.floor(cell) * 86_400_000)) };
  }
  const text = String(cell).trim();
  if (text === '') return { ok: true, value: undefined };
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+Z?)?$/.exec(text);
  let value: string | undefined;
  if (dayFirst) {
    const [, day, month, year] = dayFirst as unknown as [string, string, string, string];
    value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  } else if (iso) {
    value = `${iso[1]}-${iso[2]}-${iso[3]}`;
  }
  return value && isRealDate(value) ? { ok: true, value } : { ok: false, text };
}

/** Money as people type it ("2.800.000", "3 000 000 đ"); anything unreadable is NaN for the schema. */
export function sheetMoney(cell: SheetCell): number | undefined {
  if (cell === undefined) return undefined;
  if (typeof cell === 'number' || typeof cell === 'string') return parseVietnameseNumber(cell);
  return Number.NaN;
}

/**
 * A phone or CCCD number. Excel drops the leading zero of a number typed into a general cell
 * (0901234567 → 901234567, 079301001234 → 79301001234): a number one digit short gets it back.
 * Written text loses its spaces, dots and dashes ("0901 234 567"); "+84" becomes "0".
 */
export function sheetDigits(cell: SheetCell, kind: 'phone' | 'citizenID'): string | undefined {
  if (cell === undefined) return undefined;
  if (typeof cell === 'number') {
    if (!Number.isSafeInteger(cell) || cell < 0) return String(cell);
    const digits = String(cell);
    const restore = kind === 'phone' ? digits.length === 9 : digits.length === 11 || digits.length === 8;
    return restore ? `0${digits}` : digits;
  }
  const text = sheetText(cell);
  if (text === undefined) return undefined;
  const compact = text.replace(/[\s.\-–()]/g, '');
  return kind === 'phone' ? compact.replace(/^\+84/, '0') : compact;
}

const MARK_YES = new Set<string>(REPRESENTATIVE_MARKS);
const MARK_NO = new Set<string>(NOT_REPRESENTATIVE_MARKS);

/** The "Đại diện" cell: "x", "có", "✓"… mark the representative; blank, "không", "0" do not. */
export function sheetMark(cell: SheetCell): CellReading<boolean> {
  if (cell === undefined) return { ok: true, value: false };
  if (typeof cell === 'boolean') return { ok: true, value: cell };
  const text = sheetText(cell) ?? '';
  const key = searchKey(text);
  if (key === '' || MARK_NO.has(key)) return { ok: true, value: false };
  if (MARK_YES.has(key)) return { ok: true, value: true };
  return { ok: false, text };
}

/** Messages per sheet row, in the order found, without repeats. */
export class SheetProblems {
  private readonly rows = new Map<number, string[]>();

  add(rowNumber: number, message: string): void {
    const messages = this.rows.get(rowNumber) ?? [];
    if (!messages.includes(message)) messages.push(message);
    this.rows.set(rowNumber, messages);
  }

  has(rowNumber: number): boolean {
    return this.rows.has(rowNumber);
  }

  get size(): number {
    return this.rows.size;
  }

  entries(): IterableIterator<[number, string[]]> {
    return this.rows.entries();
  }
}

const personSchema = z.object(lesseeFields).strict();

type TermKey = 'startDate' | 'endDate' | 'rentFee' | 'deposit';
const TERM_KEYS: readonly TermKey[] = ['startDate', 'endDate', 'rentFee', 'deposit'];

interface ReadRow {
  rowNumber: number;
  roomName: string | undefined;
  isRepresentative: boolean;
  person: Record<string, unknown>;
  terms: Partial<Record<TermKey, string | number>>;
}

/** One room's rows: they become one contract. */
export interface RoomGroup {
  roomName: string;
  rows: number[];
}

/** What the house holds for one of its rooms, as the import checks it. */
export interface ImportRoomState {
  room: { roomID: string; roomName: string; price: number; status: RoomStatusCode };
  hasActiveContract: boolean;
  reservation: { reservationID: string; deposit: number } | undefined;
}

export interface LesseeImportContext {
  /** The house's rooms by `roomNameKey`. */
  rooms: ReadonlyMap<string, ImportRoomState>;
  house: TenancyHouse;
  /** Today in Vietnam (`yyyy-mm-dd`): birth and issue dates may not be later. */
  today: string;
  createdOn: string;
  newID: () => string;
}

/** A room whose rows are all good: its documents and who becomes the account holder. */
export interface PlannedTenancy {
  roomName: string;
  roomID: string;
  rows: number[];
  representativeRow: number;
  representativeName: string;
  phoneNumber: string;
  tenancy: TenancyDocs;
}

export interface LesseeImportPlan {
  problems: SheetProblems;
  groups: RoomGroup[];
  tenancies: PlannedTenancy[];
}

function stripUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** One row read cell by cell; unreadable cells and the person's own field rules go to `problems`. */
function readRow(row: SheetRow, today: string, problems: SheetProblems): ReadRow {
  const { values, rowNumber } = row;
  const dates: Partial<Record<'dateOfBirth' | 'startDate' | 'endDate', string>> = {};
  for (const key of ['dateOfBirth', 'startDate', 'endDate'] as const) {
    const reading = sheetDate(values[key]);
    if (reading.ok) {
      if (reading.value !== undefined) dates[key] = reading.value;
    } else problems.add(rowNumber, LESSEE_IMPORT_MESSAGES.badDate(headerOf(key), reading.text));
  }
  const mark = sheetMark(values.isRepresentative);
  if (!mark.ok) problems.add(rowNumber, LESSEE_IMPORT_MESSAGES.badMark(mark.text));
  const person = stripUndefined({
    occupantName: sheetText(values.occupantName),
    gender: sheetText(values.gender),
    dateOfBirth: dates.dateOfBirth,
    phoneNumber: sheetDigits(values.phoneNumber, 'phone'),
    citizenID: sheetDigits(values.citizenID, 'citizenID'),
    hometown: sheetText(values.hometown),
    permanentResidence: sheetText(values.permanentResidence),
    currentJob: sheetText(values.currentJob),
  });
  const parsed = personSchema.safeParse(person);
  if (!parsed.success) {
    for (const issue of toFieldErrors(parsed.error)) addFieldError(problems, rowNumber, issue);
  } else {
    const problem = lesseeDateProblem(parsed.data, today);
    if (problem) problems.add(rowNumber, columnMessage(headerOf(problem.field), problem.errorMessage));
  }
  const terms: ReadRow['terms'] = stripUndefined({
    startDate: dates.startDate,
    endDate: dates.endDate,
    rentFee: sheetMoney(values.rentFee),
    deposit: sheetMoney(values.deposit),
  });
  return {
    rowNumber,
    roomName: sheetText(values.roomName),
    isRepresentative: mark.ok && mark.value === true,
    person: parsed.success ? stripUndefined(parsed.data) : person,
    terms,
  };
}

function addFieldError(problems: SheetProblems, rowNumber: number, issue: FieldError): void {
  const field = issue.field?.split('.').pop();
  problems.add(rowNumber, field ? columnMessage(headerOf(field), issue.errorMessage) : issue.errorMessage);
}

function sameTerm(a: string | number, b: string | number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * Checks every row and every room of an import and builds the documents of each good room.
 * A room's terms (start, end, rent, deposit) may be written on one of its rows or repeated on
 * several; written twice they must agree. The rent defaults to the room's price, the deposit to 0.
 * Accounts (the representatives' phone numbers) are checked by the use case, which can read them.
 */
export function planLesseeImport(rows: SheetRow[], context: LesseeImportContext): LesseeImportPlan {
  const problems = new SheetProblems();
  const read = rows.map((row) => readRow(row, context.today, problems));

  const citizenIDs = new Map<string, number>();
  for (const row of read) {
    const citizenID = row.person.citizenID;
    if (typeof citizenID !== 'string' || citizenID === '') continue;
    const first = citizenIDs.get(citizenID);
    if (first === undefined) citizenIDs.set(citizenID, row.rowNumber);
    else
      problems.add(row.rowNumber, columnMessage('Số CCCD', LESSEE_IMPORT_MESSAGES.citizenIDRepeated(first)));
  }

  const byRoom = new Map<string, { roomName: string; rows: ReadRow[] }>();
  for (const row of read) {
    if (row.roomName === undefined) {
      problems.add(row.rowNumber, columnMessage('Phòng', LESSEE_IMPORT_MESSAGES.roomRequired));
      continue;
    }
    const key = roomNameKey(row.roomName);
    const group = byRoom.get(key) ?? { roomName: row.roomName, rows: [] };
    group.rows.push(row);
    byRoom.set(key, group);
  }

  const groups: RoomGroup[] = [];
  const tenancies: PlannedTenancy[] = [];
  for (const [key, group] of byRoom) {
    groups.push({ roomName: group.roomName, rows: group.rows.map((row) => row.rowNumber) });
    const planned = planRoom(group.roomName, group.rows, context.rooms.get(key), context, problems);
    if (planned) tenancies.push(planned);
  }
  return { problems, groups, tenancies };
}

function planRoom(
  roomName: string,
  rows: ReadRow[],
  state: ImportRoomState | undefined,
  context: LesseeImportContext,
  problems: SheetProblems,
): PlannedTenancy | undefined {
  const everyRow = (message: string) => rows.forEach((row) => problems.add(row.rowNumber, message));
  if (!state) {
    everyRow(columnMessage('Phòng', LESSEE_IMPORT_MESSAGES.unknownRoom(roomName)));
    return undefined;
  }
  const blocker = contractCreationBlocker(state.room, state.hasActiveContract, state.reservation, undefined);
  // A room marked reserved without an active deposit is still not empty.
  const notEmpty = blocker ?? (state.room.status === 'empty' ? null : CONTRACT_MESSAGES.roomReserved);
  if (notEmpty) everyRow(columnMessage('Phòng', notEmpty));

  const representatives = rows.filter((row) => row.isRepresentative);
  if (representatives.length === 0) everyRow(LESSEE_IMPORT_MESSAGES.noRepresentative(state.room.roomName));
  if (representatives.length > 1) {
    const numbers = representatives.map((row) => row.rowNumber);
    for (const row of representatives) {
      problems.add(row.rowNumber, LESSEE_IMPORT_MESSAGES.manyRepresentatives(state.room.roomName, numbers));
    }
  }

  const terms: Partial<Record<TermKey, string | number>> = {};
  const termRows: Partial<Record<TermKey, number>> = {};
  for (const row of rows) {
    for (const key of TERM_KEYS) {
      const value = row.terms[key];
      if (value === undefined) continue;
      const first = terms[key];
      if (first === undefined) {
        terms[key] = value;
        termRows[key] = row.rowNumber;
      } else if (!sameTerm(first, value)) {
        problems.add(
          row.rowNumber,
          LESSEE_IMPORT_MESSAGES.termDiffers(headerOf(key), termRows[key] as number),
        );
      }
    }
  }
  const representative = representatives[0];
  for (const key of ['startDate', 'endDate'] as const) {
    if (terms[key] === undefined) {
      problems.add(
        representative?.rowNumber ?? (rows[0] as ReadRow).rowNumber,
        LESSEE_IMPORT_MESSAGES.termRequired(headerOf(key)),
      );
    }
  }

  if (!representative || rows.some((row) => problems.has(row.rowNumber))) return undefined;

  const occupants = rows.filter((row) => row !== representative);
  const rowOfPath = (path: Array<string | number>): number => {
    const [head, index] = path;
    if (head === 'occupants' && typeof index === 'number') {
      return occupants[index]?.rowNumber ?? representative.rowNumber;
    }
    if (typeof head === 'string' && head in termRows) return termRows[head as TermKey] as number;
    return representative.rowNumber;
  };
  const candidate = {
    roomID: state.room.roomID,
    startDate: terms.startDate,
    endDate: terms.endDate,
    ...(terms.rentFee !== undefined ? { rentFee: terms.rentFee } : {}),
    ...(terms.deposit !== undefined ? { deposit: terms.deposit } : {}),
    deposited: typeof terms.deposit === 'number' && terms.deposit > 0,
    representative: representative.person,
    occupants: occupants.map((row) => row.person),
  };
  const parsed = contractCreateSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const fieldError of toFieldErrors(parsed.error)) {
      addFieldError(problems, rowOfPath(pathOf(fieldError)), fieldError);
    }
    return undefined;
  }
  const { roomID: _roomID, reservationID: _reservationID, ...input } = parsed.data;
  let tenancy: TenancyDocs;
  try {
    tenancy = buildTenancy({
      house: context.house,
      room: state.room,
      reservation: undefined,
      input,
      today: context.today,
      createdOn: context.createdOn,
      newID: context.newID,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fieldErrors = error.details.fieldErrors ?? [{ errorMessage: error.errorMessage }];
    for (const fieldError of fieldErrors) addFieldError(problems, rowOfPath(pathOf(fieldError)), fieldError);
    return undefined;
  }
  return {
    roomName: state.room.roomName,
    roomID: state.room.roomID,
    rows: rows.map((row) => row.rowNumber),
    representativeRow: representative.rowNumber,
    representativeName: String(representative.person.occupantName),
    phoneNumber: String(parsed.data.representative.phoneNumber),
    tenancy,
  };
}

/** `occupants.1.citizenID` → `['occupants', 1, 'citizenID']`. */
function pathOf(fieldError: FieldError): Array<string | number> {
  return (fieldError.field ?? '').split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The representatives' phone numbers become usernames: two rooms of one sheet cannot share one.
 * Returns the tenancies whose phone is free in the file (the others get a problem on their row).
 */
export function checkRepeatedPhones(tenancies: PlannedTenancy[], problems: SheetProblems): PlannedTenancy[] {
  const firstRow = new Map<string, number>();
  return tenancies.filter((planned) => {
    const first = firstRow.get(planned.phoneNumber);
    if (first === undefined) {
      firstRow.set(planned.phoneNumber, planned.representativeRow);
      return true;
    }
    problems.add(
      planned.representativeRow,
      columnMessage('Số điện thoại', LESSEE_IMPORT_MESSAGES.phoneRepeated(first)),
    );
    return false;
  });
}

/**
 * Rows without a problem of their own in a room that has one: they say why the room is not imported
 * (nothing is, but the landlord should see which rows to fix for this room).
 */
export function roomsNotImported(groups: RoomGroup[], problems: SheetProblems): Map<number, string> {
  const notes = new Map<number, string>();
  for (const group of groups) {
    const bad = group.rows.filter((row) => problems.has(row));
    if (bad.length === 0) continue;
    for (const row of group.rows) {
      if (!problems.has(row)) notes.set(row, LESSEE_IMPORT_MESSAGES.roomNotImported(group.roomName, bad));
    }
  }
  return notes;
}
