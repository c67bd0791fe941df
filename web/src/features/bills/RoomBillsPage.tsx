/** Placeholder until the page is built. */
export function RoomBillsPage() {
  return null;
}
