/** Placeholder until the page is built. */
export function OneTimeChargePage() {
  return null;
}
