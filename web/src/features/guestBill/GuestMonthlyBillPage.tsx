/** Placeholder until the page is built. */
export function GuestMonthlyBillPage() {
  return null;
}
