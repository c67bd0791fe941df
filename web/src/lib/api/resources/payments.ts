// Shared API resource (see `houses.ts` for the rule): online payment. The tenant's pages and the bill
// pages both start a payment; the result pages (payments slice) read its confirmed state.
import type { PaymentUrlReply } from '@nhatro/common';

/** A tenant pays a bill or a charge; what landlords pay the platform goes through their requests. */
type TenantPaymentTarget = 'monthlyBill' | 'oneTimeCharge';
import { apiRequest } from '../client';

const enc = encodeURIComponent;

const REQUEST_PATHS: Record<TenantPaymentTarget, (id: string) => string> = {
  monthlyBill: (id) => `/api/Payment/RequestPaymentURLForMonthlyBill?monthlyBillID=${enc(id)}`,
  oneTimeCharge: (id) => `/api/Payment/RequestPaymentURLForOneTimeCharge?oneTimeChargeID=${enc(id)}`,
};

/** Asks for the gateway's payment page for what a bill or charge still owes (spec §5: use it only without errorMessage). */
export function requestPaymentUrl(target: TenantPaymentTarget, id: string): Promise<PaymentUrlReply> {
  return apiRequest<PaymentUrlReply>(REQUEST_PATHS[target](id));
}
