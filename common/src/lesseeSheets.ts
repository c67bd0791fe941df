import type { RepresentativeAccount } from './tenancyLinks.js';
/**
 * Spreadsheets of tenants: the import of a house's current tenants (`POST /ExcelImport/ImportLessee`,
 * template `GET /ExcelImport/Template/Lessee`) and the police temporary-residence list
 * (`GET /ExcelExport/TemporaryResidence?houseID=…`). Shared by the API and the import dialog.
 */

/** How a column's cells are read. */
export type LesseeSheetColumnKind = 'text' | 'date' | 'money' | 'gender' | 'mark' | 'digits';

export interface LesseeImportColumn {
  key:
    | 'roomName'
    | 'occupantName'
    | 'gender'
    | 'dateOfBirth'
    | 'phoneNumber'
    | 'citizenID'
    | 'hometown'
    | 'isRepresentative'
    | 'startDate'
    | 'endDate'
    | 'rentFee'
    | 'deposit'
    | 'permanentResidence'
    | 'currentJob';
  header: string;
  /** Other headers people write for the same column (matched ignoring case and spacing). */
  aliases: readonly string[];
  /** The sheet must have this column (its cells may still be blank where the rules allow). */
  required: boolean;
  kind: LesseeSheetColumnKind;
  /** Column width in the template, in characters. */
  width: number;
}

/**
 * The columns of the tenant import, in template order: one row per occupant. The contract terms
 * (start, end, rent, deposit) belong to the room: written on one of its rows or repeated identically.
 */
export const LESSEE_IMPORT_COLUMNS: readonly LesseeImportColumn[] = [
  { key: 'roomName', header: 'Phòng', aliases: ['Tên phòng'], required: true, kind: 'text', width: 10 },
  {
    key: 'occupantName',
    header: 'Họ tên',
    aliases: ['Họ và tên'],
    required: true,
    kind: 'text',
    width: 26,
  },
  { key: 'gender', header: 'Giới tính', aliases: [], required: true, kind: 'gender', width: 10 },
  { key: 'dateOfBirth', header: 'Ngày sinh', aliases: [], required: false, kind: 'date', width: 13 },
  {
    key: 'phoneNumber',
    header: 'Số điện thoại',
    aliases: ['Điện thoại', 'SĐT'],
    required: true,
    kind: 'digits',
    width: 15,
  },
  {
    key: 'citizenID',
    header: 'Số CCCD',
    aliases: ['CCCD', 'Số CCCD/CMND', 'CCCD/CMND'],
    required: false,
    kind: 'digits',
    width: 16,
  },
  { key: 'hometown', header: 'Quê quán', aliases: [], required: false, kind: 'text', width: 28 },
  {
    key: 'isRepresentative',
    header: 'Đại diện',
    aliases: ['Người đại diện'],
    required: true,
    kind: 'mark',
    width: 10,
  },
  { key: 'startDate', header: 'Ngày bắt đầu', aliases: [], required: true, kind: 'date', width: 14 },
  { key: 'endDate', header: 'Ngày kết thúc', aliases: [], required: true, kind: 'date', width: 14 },
  { key: 'rentFee', header: 'Tiền thuê', aliases: ['Giá thuê'], required: false, kind: 'money', width: 14 },
  { key: 'deposit', header: 'Tiền cọc', aliases: [], required: false, kind: 'money', width: 14 },
  {
    key: 'permanentResidence',
    header: 'Nơi thường trú',
    aliases: ['Địa chỉ thường trú'],
    required: false,
    kind: 'text',
    width: 30,
  },
  { key: 'currentJob', header: 'Nghề nghiệp', aliases: [], required: false, kind: 'text', width: 18 },
];

export type LesseeImportColumnKey = LesseeImportColumn['key'];

/** The sheet name of the template's instructions (never read as data). */
export const LESSEE_IMPORT_GUIDE_SHEET = 'Hướng dẫn';
/** The sheet name of the template's data. */
export const LESSEE_IMPORT_DATA_SHEET = 'Người thuê';
/** The column the API adds to a refused sheet, one message per bad row. */
export const LESSEE_IMPORT_ERROR_HEADER = 'Lỗi';
/** Occupant rows per import (a house of 1,000 rooms with two people each). */
export const LESSEE_IMPORT_MAX_ROWS = 2000;
export const LESSEE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Cells of the "Đại diện" column that mark the representative (compared without case or accents). */
export const REPRESENTATIVE_MARKS = ['x', 'co', 'v', 'dai dien', '1', 'true', 'yes', '✓', '✔'] as const;
/** Cells that say "not the representative" (blank too). */
export const NOT_REPRESENTATIVE_MARKS = ['khong', 'no', '0', 'false', '-'] as const;

export const LESSEE_IMPORT_MESSAGES = {
  /** The spec's toast. */
  imported: 'Import thành công!',
  noFile: 'Chưa chọn tệp Excel để nhập.',
  notSpreadsheet: 'Tệp tải lên không phải bảng tính Excel (.xlsx) hợp lệ.',
  noSheet: 'Bảng tính không có trang nào.',
  missingColumns: (headers: string[]) =>
    `Bảng tính thiếu cột ${headers.map((header) => `"${header}"`).join(', ')}. Hãy dùng mẫu tải về từ hộp thoại nhập người thuê.`,
  noRows: 'Bảng tính không có dòng dữ liệu nào dưới dòng tiêu đề.',
  tooManyRows: `Mỗi lần nhập tối đa ${LESSEE_IMPORT_MAX_ROWS.toLocaleString('vi-VN')} người thuê.`,
  roomRequired: 'Tên phòng không được để trống!',
  unknownRoom: (name: string) => `Không có phòng "${name}" trong nhà trọ này.`,
  badDate: (header: string, text: string) =>
    `${header}: "${text}" không phải ngày hợp lệ (ghi theo dd/mm/yyyy, ví dụ 01/12/2026).`,
  badMark: (text: string) =>
    `Đại diện: "${text}" không rõ nghĩa. Ghi "x" cho người đại diện, để trống cho người ở cùng.`,
  noRepresentative: (room: string) =>
    `Phòng "${room}" chưa có người đại diện: ghi "x" ở cột "Đại diện" cho đúng một người.`,
  manyRepresentatives: (room: string, rows: number[]) =>
    `Phòng "${room}" có ${rows.length} người đại diện (dòng ${rows.join(', ')}); mỗi phòng chỉ một người.`,
  termRequired: (header: string) =>
    `${header} của hợp đồng không được để trống (ghi trên một dòng của phòng).`,
  termDiffers: (header: string, row: number) =>
    `${header} khác với dòng ${row} của cùng phòng; các dòng của một phòng phải ghi giống nhau (hoặc chỉ ghi trên một dòng).`,
  phoneRepeated: (row: number) => `Số điện thoại trùng với người đại diện ở dòng ${row}.`,
  citizenIDRepeated: (row: number) => `Số CCCD trùng với dòng ${row}.`,
  roomNotImported: (room: string, rows: number[]) =>
    `Phòng "${room}" chưa được nhập vì ${rows.length > 1 ? 'các dòng' : 'dòng'} ${rows.join(', ')} có lỗi.`,
  errorFileName: 'loi-nhap-nguoi-thue.xlsx',
  templateFileName: 'mau-nhap-nguoi-thue.xlsx',
} as const;

/**
 * A representative's username and where the code went that lets them open their tenancy with a password
 * of their own (`linkPending`; the same for every number).
 */
export type LesseeImportAccount = {
  roomName: string;
  occupantName: string;
} & RepresentativeAccount;

/** `data` of a successful import. */
export interface LesseeImportResult {
  contracts: number;
  lessees: number;
  accounts: LesseeImportAccount[];
}

/** Columns of the temporary-residence list (police declaration), in order. */
export const TEMPORARY_RESIDENCE_COLUMNS = [
  { header: 'STT', width: 6 },
  { header: 'Họ và tên', width: 26 },
  { header: 'Ngày sinh', width: 12 },
  { header: 'Giới tính', width: 9 },
  { header: 'Số CCCD', width: 15 },
  { header: 'Quê quán', width: 28 },
  { header: 'Nơi thường trú', width: 32 },
  { header: 'Nghề nghiệp', width: 16 },
  { header: 'Ngày đến', width: 12 },
  { header: 'Tạm trú đến ngày', width: 12 },
  { header: 'Phòng', width: 9 },
] as const;

export const TEMPORARY_RESIDENCE_TITLE = 'DANH SÁCH NGƯỜI TẠM TRÚ';
