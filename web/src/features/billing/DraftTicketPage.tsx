/** Placeholder until the page is built. */
export function DraftTicketPage() {
  return null;
}
