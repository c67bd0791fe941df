import type { ResidenceDeadline, ResidenceKind, ResidenceStatus } from '@nhatro/common';
import { RESIDENCE_MESSAGES } from '@nhatro/common';
import { displayDate, type DocumentBlock } from './contractDocuments.js';
import { addDays } from './houseTickets.js';
import { daysBetween } from './reminders.js';
import { AppError } from './shared/errors.js';

/**
 * When an occupant's residence must be declared (pure rules, no I/O).
 *
 * - Law on Residence 2020 (68/2020/QH14) art. 27: a person who comes to live at a lawful place for
 *   30 days or more registers temporary residence (tạm trú, form CT01). We read it as the law's
 *   practice does: registered before the 30th day of the stay, i.e. on day 29 after moving in at the latest.
 * - art. 30: a shorter stay is notified (lưu trú) to the commune police by the host, the same day
 *   (before 23:00, or by 08:00 the next morning for a late arrival: we ask for the same day).
 * - Decree 282/2025/NĐ-CP (from 15/12/2025) fines a lodging that does not notify 2–12 million ₫.
 *
 * A stay is "shorter than 30 days" when its planned end (the occupant's residence end, else the
 * contract's end) is fewer than 30 days after moving in; a stay without an end is 30 days or more.
 */

export const STAY_NEEDING_TAM_TRU_DAYS = 30;
/** The landlord hears three days before the due date and on the day. */
export const RESIDENCE_REMINDER_DAYS = 3;

export interface Stay {
  /** The day the person moved in (`yyyy-mm-dd`). */
  moveInDate: string;
  /** The planned last day, if any. */
  plannedEndDate?: string | undefined;
}

export function residenceKind(stay: Stay): ResidenceKind {
  if (!stay.plannedEndDate) return 'tamTru';
  return daysBetween(stay.moveInDate, stay.plannedEndDate) < STAY_NEEDING_TAM_TRU_DAYS ? 'luuTru' : 'tamTru';
}

/** The last day the declaration may be made. */
export function residenceDueDate(stay: Stay): string {
  return residenceKind(stay) === 'luuTru'
    ? stay.moveInDate
    : addDays(stay.moveInDate, STAY_NEEDING_TAM_TRU_DAYS - 1);
}

export interface OccupantResidence extends Stay {
  declaredOn?: string | undefined;
  /** 2 when the person moved out. */
  lesseeStatus: number;
}

export function residenceStatus(occupant: OccupantResidence): ResidenceStatus {
  if (occupant.lesseeStatus === 2) return 'ended';
  return occupant.declaredOn ? 'declared' : 'undeclared';
}

/** An undeclared occupant's deadline as `today` sees it; `undefined` when nothing is due. */
export function residenceDeadline(
  occupant: OccupantResidence,
  today: string,
): Pick<ResidenceDeadline, 'kind' | 'dueDate' | 'daysLeft' | 'state'> | undefined {
  if (residenceStatus(occupant) !== 'undeclared') return undefined;
  const dueDate = residenceDueDate(occupant);
  const daysLeft = daysBetween(today, dueDate);
  const state = daysLeft < 0 ? 'overdue' : daysLeft === 0 ? 'dueToday' : 'upcoming';
  return { kind: residenceKind(occupant), dueDate, daysLeft, state };
}

/** Which reminder (if any) the landlord gets today: three days before the due date, and on the day. */
export function residenceReminderDue(daysLeft: number): 'soon' | 'today' | undefined {
  if (daysLeft === RESIDENCE_REMINDER_DAYS) return 'soon';
  if (daysLeft === 0) return 'today';
  return undefined;
}

/** A declaration's date must be real, not in the future, not before moving in; the person still lives there. */
export function checkDeclaration(occupant: OccupantResidence, declaredOn: string, today: string): void {
  if (occupant.lesseeStatus === 2) throw AppError.badRequest(RESIDENCE_MESSAGES.movedOut);
  if (declaredOn > today)
    throw AppError.validation([{ field: 'declaredOn', errorMessage: RESIDENCE_MESSAGES.declaredInFuture }]);
  if (declaredOn < occupant.moveInDate)
    throw AppError.validation([
      { field: 'declaredOn', errorMessage: RESIDENCE_MESSAGES.declaredBeforeMoveIn },
    ]);
}

/** What the CT01 form is filled with: the occupant's saved data, the house and its landlord. */
export interface Ct01Particulars {
  occupantName: string;
  dateOfBirth?: string | undefined;
  gender: number;
  citizenID?: string | undefined;
  phoneNumber?: string | undefined;
  houseName: string;
  houseAddress: string;
  roomName: string;
  landlordName: string;
  stay: Stay;
  /** The day the form is printed (`yyyy-mm-dd`). */
  today: string;
}

const BLANK = '…………………………………';

/**
 * Mẫu CT01 "Tờ khai thay đổi thông tin cư trú" (Thông tư 66/2023/TT-BCA, amending Thông tư
 * 56/2021/TT-BCA), filled for registering temporary residence at the house: the national heading, the
 * numbered items 1–11 in the form's order (the 12 boxes of the personal identification number as a
 * row of cells), and the owner's and the declarer's signatures. Items the app does not know (the head
 * of household, e-mail) are left as dotted lines for the person to fill in by hand.
 */
export function ct01Document(p: Ct01Particulars): DocumentBlock[] {
  const [year, month, day] = p.today.split('-');
  const digits = (p.citizenID ?? '').padEnd(12, ' ').slice(0, 12).split('');
  const until = p.stay.plannedEndDate ? ` đến ngày ${displayDate(p.stay.plannedEndDate)}` : '';
  return [
    {
      kind: 'center',
      text: 'Mẫu CT01 ban hành kèm theo Thông tư số 66/2023/TT-BCA ngày 17/11/2023',
      size: 'small',
    },
    { kind: 'center', text: 'CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', bold: true },
    { kind: 'center', text: 'Độc lập - Tự do - Hạnh phúc', bold: true },
    { kind: 'center', text: 'TỜ KHAI THAY ĐỔI THÔNG TIN CƯ TRÚ', bold: true, size: 'title' },
    { kind: 'fields', rows: [['Kính gửi (1)', `Công an xã/phường nơi có chỗ ở: ${p.houseAddress}`]] },
    {
      kind: 'fields',
      rows: [
        ['1. Họ, chữ đệm và tên', p.occupantName.toLocaleUpperCase('vi')],
        ['2. Ngày, tháng, năm sinh', p.dateOfBirth ? displayDate(p.dateOfBirth) : BLANK],
        ['3. Giới tính', p.gender === 1 ? 'Nam' : 'Nữ'],
        ['4. Số định danh cá nhân', ''],
      ],
    },
    { kind: 'table', columns: digits, widths: digits.map(() => 1 / 12), rows: [] },
    {
      kind: 'fields',
      rows: [
        ['5. Số điện thoại liên hệ', p.phoneNumber ?? BLANK],
        ['6. Email', BLANK],
        ['7. Họ, chữ đệm và tên chủ hộ', BLANK],
        ['8. Mối quan hệ với chủ hộ', BLANK],
        ['9. Số định danh cá nhân của chủ hộ', BLANK],
        [
          '10. Nội dung đề nghị (2)',
          `Đăng ký tạm trú tại ${p.houseName}, phòng ${p.roomName}, địa chỉ ${p.houseAddress}; ` +
            `thời hạn tạm trú từ ngày ${displayDate(p.stay.moveInDate)}${until}.`,
        ],
        ['11. Những thành viên trong hộ gia đình cùng thay đổi', ''],
      ],
    },
    {
      kind: 'table',
      columns: [
        'TT',
        'Họ, chữ đệm và tên',
        'Ngày, tháng, năm sinh',
        'Giới tính',
        'Số định danh cá nhân',
        'Mối quan hệ với chủ hộ',
      ],
      widths: [0.06, 0.28, 0.16, 0.1, 0.22, 0.18],
      rows: [
        ['', '', '', '', '', ''],
        ['', '', '', '', '', ''],
      ],
    },
    { kind: 'text', text: `……, ngày ${day} tháng ${month} năm ${year}` },
    {
      kind: 'signatures',
      lessor: {
        title: 'Ý KIẾN CỦA CHỦ SỞ HỮU HOẶC NGƯỜI ĐƯỢC ỦY QUYỀN CỦA CHỦ SỞ HỮU CHỖ Ở HỢP PHÁP (4)',
        name: p.landlordName,
      },
      lessee: { title: 'NGƯỜI KÊ KHAI (6)', name: p.occupantName },
    },
  ];
}
