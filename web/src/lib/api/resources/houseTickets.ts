// Shared API resource (see `houses.ts` for the rule): the billing day and the month's billing summary.
// The billing slice sets the default day (/timeBill) and reviews drafts; the fees page sets a house's own
// day; the dashboard shows the month at a glance. Each reads and writes them through this one module.
import { billingDaySchema, type BillingDayInput, type BillingSummary } from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchJson } from '../client';
import { swrOptions } from '../swr';

const enc = encodeURIComponent;

/** `GET /api/MetaData/BillingDay`: the day that applies, the platform default and the house's own. */
export interface BillingDayReply {
  billingDay: number;
  defaultBillingDay: number;
  houseBillingDay?: number;
}

export const billingKeys = {
  billingDay: (houseID: string | null) =>
    houseID === null ? '/api/MetaData/BillingDay' : `/api/MetaData/BillingDay?houseID=${enc(houseID)}`,
  summary: (houseID: string) => `/api/Dashboard/Billing?houseID=${enc(houseID)}`,
} as const;

/** Some `/api/*` replies wrap their data as `{ status, data }`; both shapes are read. */
function unwrap<T>(reply: unknown): T {
  if (typeof reply === 'object' && reply !== null && 'data' in reply) {
    const { data } = reply as { data: unknown };
    if (typeof data === 'object' && data !== null) return data as T;
  }
  return reply as T;
}

/** The billing day of a house, or (houseID null, super admin) the platform default. */
export function useBillingDay(houseID: string | null): SWRResponse<BillingDayReply, Error> {
  return useSWR<BillingDayReply, Error, string>(
    billingKeys.billingDay(houseID),
    async (path) => unwrap<BillingDayReply>(await fetchJson<unknown>(path)),
    swrOptions,
  );
}

/** The month at a glance on the dashboard (`null` key while no house is chosen). */
export function useBillingSummary(houseID: string | null): SWRResponse<BillingSummary, Error> {
  return useSWR<BillingSummary, Error, string | null>(
    houseID === null ? null : billingKeys.summary(houseID),
    async (path) => unwrap<BillingSummary>(await fetchJson<unknown>(path)),
    swrOptions,
  );
}

/** 1–28 with the server's messages; `null` when valid. */
export function billingDayError(text: string): string | null {
  if (text.trim() === '') return 'Ngày chốt hóa đơn không được để trống!';
  const result = billingDaySchema.safeParse({ billingDay: Number(text.trim()) });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Ngày chốt hóa đơn không hợp lệ.');
}

/** `POST /api/MetaData/SetBillingDay`: the default (super admin) or one house's day (landlord). */
export async function setBillingDay(input: BillingDayInput): Promise<number> {
  const reply = await apiRequest<{ billingDay?: number }>('/api/MetaData/SetBillingDay', {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400, 403, 404],
  });
  await mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith('/api/MetaData/BillingDay') || key.startsWith('/api/Dashboard/Billing')),
  );
  return reply.billingDay ?? input.billingDay;
}

/** After a draft is made, edited or issued: the dashboard's summary of that house. */
export function revalidateBillingSummary(houseID: string): Promise<unknown> {
  return mutate(billingKeys.summary(houseID));
}
