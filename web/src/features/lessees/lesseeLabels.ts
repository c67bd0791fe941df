import { LESSEE_STATUS_LABELS } from '@nhatro/common';

/** Every field of an occupant a person reads or fills in, with its Vietnamese label. */
export const LESSEE_FIELD_LABELS = {
  roomID: 'Phòng',
  occupantName: 'Họ và tên',
  gender: 'Giới tính',
  phoneNumber: 'Số điện thoại',
  status: 'Trạng thái',
  rfidCardID: 'Mã thẻ từ (RFID)',
  citizenID: 'Số CCCD/CMND',
  placeOfIssue: 'Nơi cấp',
  dateOfIssue: 'Ngày cấp',
  dateOfBirth: 'Ngày sinh',
  hometown: 'Quê quán',
  currentJob: 'Nghề nghiệp',
  workPlace: 'Nơi làm việc',
  ethnicity: 'Dân tộc',
  nationality: 'Quốc tịch',
  temporaryResidence: 'Địa chỉ tạm trú',
  permanentResidence: 'Địa chỉ thường trú',
  residentialReason: 'Lý do tạm trú',
  residentialAddress: 'Nơi ở hiện tại',
  residentialStartDate: 'Ngày bắt đầu tạm trú',
  residentialEndDate: 'Ngày kết thúc tạm trú',
  notes: 'Ghi chú',
  citizenIDFrontImage: 'Mặt trước CCCD',
  citizenIDBackImage: 'Mặt sau CCCD',
  portraitImage: 'Ảnh chân dung',
  residenceDeclaredOn: 'Khai báo cư trú',
  consentAt: 'Đồng ý lưu giấy tờ tùy thân',
  erasureRequestedAt: 'Yêu cầu xóa giấy tờ',
  identityErasedAt: 'Đã xóa giấy tờ tùy thân',
} as const;

export const GENDER_LABELS: Record<0 | 1, string> = { 1: 'Nam', 0: 'Nữ' };

export function genderLabel(gender: number): string {
  return gender === 1 || gender === 0 ? GENDER_LABELS[gender] : '';
}

export function lesseeStatusLabel(status: number): string {
  return status === 1 || status === 2 ? LESSEE_STATUS_LABELS[status] : `Trạng thái ${status}`;
}

/**
 * "2003-05-14" → "14/05/2003". A calendar date has no time zone: it is rewritten, never converted
 * (`formatDate` of lib/format is for instants).
 */
export function formatDay(value: string | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** Today in Vietnam as yyyy-mm-dd (what the server compares birth and issue dates with). */
export function vietnamToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Ho_Chi_Minh',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
