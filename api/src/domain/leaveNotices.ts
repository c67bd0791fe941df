import {
  addDays,
  DEFAULT_NOTICE_DAYS,
  LEAVE_NOTICE_MESSAGES,
  leaveDateWindow,
  type LeaveNoticeStatus,
} from '@nhatro/common';
import { AppError } from './shared/errors.js';

/**
 * Rules of a tenant's notice of leaving (issue 27), without I/O. Dates are `YYYY-MM-DD` in Vietnam time.
 *
 * The day chosen must leave the house its notice (`noticeDays`, default 30): on or after today + notice.
 * When the contract ends before that, its end date is the earliest day (the tenant may always leave when the
 * contract ends); no day after the contract's end is accepted (the contract ends then anyway) and no day
 * before tomorrow.
 */

/** `dd/mm/yyyy`, as the messages show a day. */
function shown(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

export function noticeDaysOf(house: { noticeDays?: number }): number {
  return house.noticeDays ?? DEFAULT_NOTICE_DAYS;
}

/** Why `leaveDate` is refused, in words the tenant can act on, or `undefined` when it may be given. */
export function leaveDateProblem(
  leaveDate: string,
  today: string,
  noticeDays: number,
  contractEnd: string,
): string | undefined {
  const window = leaveDateWindow(today, noticeDays, contractEnd);
  if (window === undefined) return 'Hợp đồng đã hết hạn, không cần báo trả phòng.';
  if (leaveDate < window.earliest) {
    return window.earliest === contractEnd && contractEnd < addDays(today, noticeDays)
      ? `Ngày trả phòng sớm nhất là ngày hết hạn hợp đồng ${shown(contractEnd)}.`
      : `Nhà trọ yêu cầu báo trước ${noticeDays} ngày: ngày trả phòng sớm nhất là ${shown(window.earliest)}.`;
  }
  if (leaveDate > window.latest) {
    return `Ngày trả phòng không được sau ngày hết hạn hợp đồng ${shown(contractEnd)}.`;
  }
  return undefined;
}

/** A notice still counts (the tenant gave it and did not withdraw it). */
export function isLiveNotice(status: LeaveNoticeStatus): boolean {
  return status !== 'withdrawn';
}

/** Only a notice the landlord has not acknowledged yet may be withdrawn or acknowledged. */
export function assertOpenNotice(status: LeaveNoticeStatus): void {
  if (status !== 'open') throw AppError.conflict(LEAVE_NOTICE_MESSAGES.notOpen);
}
