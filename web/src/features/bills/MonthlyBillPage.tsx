/** Placeholder until the page is built. */
export function MonthlyBillPage() {
  return null;
}
