import { isRealDate } from './lessees.js';

/**
 * The QR code on the back of a chip-based citizen identity card (CCCD gắn chip). It holds seven
 * fields separated by `|`:
 *
 * `số CCCD|số CMND cũ|họ và tên|ngày sinh (ddmmyyyy)|giới tính|nơi thường trú|ngày cấp (ddmmyyyy)`
 *
 * e.g. `079203004567|272345678|Lê Minh Tuấn|14052003|Nam|12 Lý Thường Kiệt, Phường 7, Quận 10, TP. Hồ Chí Minh|20042021`.
 * The old number is empty on cards of people who never had a 9-digit CMND. Some cards add fields after
 * the seventh (a trailing `|`, an expiry date; cards issued since 7/2024 may carry more): the first
 * seven are read, whatever follows is ignored.
 */
export interface CitizenIdQrData {
  /** The 12-digit CCCD number. */
  citizenID: string;
  /** The old CMND number (9 digits, or 12 for an older CCCD), when the card carries one. */
  oldIdNumber?: string;
  occupantName: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  /** 1 nam, 0 nữ (as `LesseeInfo.gender`). */
  gender: 0 | 1;
  permanentResidence: string;
  /** yyyy-mm-dd */
  dateOfIssue: string;
}

/** Who issues chip-based CCCDs; the card's QR code does not say it, so forms fill it in. */
export const CHIP_CCCD_PLACE_OF_ISSUE = 'Cục Cảnh sát quản lý hành chính về trật tự xã hội';

/** The fields read; a code with fewer is not a card's. */
const FIELD_COUNT = 7;
const CITIZEN_ID = /^\d{12}$/;
const OLD_ID = /^(\d{9}|\d{12})$/;
const COMPACT_DATE = /^(\d{2})(\d{2})(\d{4})$/;
/** The same bounds as the lessee schema (`lesseeFields`). */
const MAX_NAME = 100;
const MAX_ADDRESS = 300;
const EARLIEST_YEAR = 1900;

/** "14052003" → "2003-05-14"; null for anything that is not a real calendar date. */
function compactDate(text: string): string | null {
  const match = COMPACT_DATE.exec(text);
  if (!match) return null;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  if (Number(year) < EARLIEST_YEAR) return null;
  const iso = `${year}-${month}-${day}`;
  return isRealDate(iso) ? iso : null;
}

function genderOf(text: string): 0 | 1 | null {
  const word = text.toLocaleLowerCase('vi');
  if (word === 'nam') return 1;
  if (word === 'nữ') return 0;
  return null;
}

/** Trims and folds runs of white space into one space. */
function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Reads the text of a CCCD's QR code. Strict about the seven known fields (at least seven, those after
 * the seventh ignored): a 12-digit number, an empty,
 * 9- or 12-digit old number, a name without digits, real dates (issued on or after the birth date),
 * 'Nam' or 'Nữ', an address. Anything else (another QR code, a damaged read) is null.
 */
export function parseCitizenIdQr(text: unknown): CitizenIdQrData | null {
  if (typeof text !== 'string') return null;
  const fields = text
    .normalize('NFC')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('|')
    .map(clean);
  if (fields.length < FIELD_COUNT) return null;
  const [citizenID, oldIdNumber, occupantName, birth, gender, permanentResidence, issue] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!CITIZEN_ID.test(citizenID)) return null;
  if (oldIdNumber !== '' && !OLD_ID.test(oldIdNumber)) return null;
  if (occupantName === '' || occupantName.length > MAX_NAME) return null;
  if (/\d/.test(occupantName) || !/\p{L}/u.test(occupantName)) return null;
  const dateOfBirth = compactDate(birth);
  const dateOfIssue = compactDate(issue);
  if (dateOfBirth === null || dateOfIssue === null || dateOfIssue < dateOfBirth) return null;
  const genderCode = genderOf(gender);
  if (genderCode === null) return null;
  if (permanentResidence === '' || permanentResidence.length > MAX_ADDRESS) return null;
  return {
    citizenID,
    ...(oldIdNumber === '' ? {} : { oldIdNumber }),
    occupantName,
    dateOfBirth,
    gender: genderCode,
    permanentResidence,
    dateOfIssue,
  };
}
