/** Placeholder until the page is built. */
export function RoomChargesPage() {
  return null;
}
