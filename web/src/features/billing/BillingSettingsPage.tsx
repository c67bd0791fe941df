/** Placeholder until the page is built. */
export function BillingSettingsPage() {
  return null;
}
