/** Vietnam is UTC+7 all year (no daylight saving). */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/** `yyyy-mm` of the instant in Vietnam. */
export function vietnamMonth(instant: Date): string {
  return new Date(instant.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 7);
}

/** `yyyy-mm-dd` of the instant in Vietnam (today's date for a landlord). */
export function vietnamDate(instant: Date): string {
  return new Date(instant.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}
