import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('vi');

export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY, HH:mm';

/** dayjs with the Vietnamese locale and the utc/timezone plugins loaded. */
export { dayjs };

const moneyFormatter = new Intl.NumberFormat('vi-VN', {
  style: 'currency',
  currency: 'VND',
  maximumFractionDigits: 0,
});

const numberFormatter = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });

type DateInput = string | number | Date;

/** 1500000 → "1.500.000 ₫" (the space before ₫ is a no-break space). */
export function formatMoney(amountInDong: number): string {
  return moneyFormatter.format(amountInDong);
}

/** 1234.5 → "1.234,5" */
export function formatNumber(value: number): string {
  return numberFormatter.format(value);
}

function toVietnamTime(value: DateInput): dayjs.Dayjs | null {
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(VIETNAM_TIME_ZONE) : null;
}

/** "dd/mm/yyyy" in Vietnam time; an empty string for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return toVietnamTime(value)?.format(DATE_FORMAT) ?? '';
}

/** "dd/mm/yyyy, hh:mm" (24-hour) in Vietnam time. */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return toVietnamTime(value)?.format(DATE_TIME_FORMAT) ?? '';
}
