/** Placeholder until the page is built. */
export function MeterRecordPage() {
  return null;
}
