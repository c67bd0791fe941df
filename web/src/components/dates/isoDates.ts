/**
 * What a date field gives its form: `yyyy-mm-dd` (a month field `yyyy-mm`), '' when it is empty, and
 * INVALID_DATE when something was typed that is not a whole date (the forms' schemas then refuse it with
 * their own message). Kept free of dayjs so the pages that only pass values around load nothing more.
 */
export const INVALID_DATE = 'invalid-date';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;

export function isIsoDay(value: string): boolean {
  return ISO_DAY.test(value);
}

export function isIsoMonth(value: string): boolean {
  return ISO_MONTH.test(value);
}

/** `2026-07-12` → `12/07/2026`, `2026-07` → `07/2026`; anything else → ''. */
export function displayOfIso(value: string): string {
  if (isIsoDay(value)) {
    const [year, month, day] = value.split('-');
    return `${day}/${month}/${year}`;
  }
  if (isIsoMonth(value)) {
    const [year, month] = value.split('-');
    return `${month}/${year}`;
  }
  return '';
}
