import type {
  AccountExtensionRequestInput,
  AccountPlan,
  PaymentUrlReply,
  RoomPurchaseRequestInput,
} from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchJson } from '../../lib/api';
import { swrOptions } from '../../lib/api/swr';

const PLAN_PATH = '/api/User/AccountPlan';

/**
 * The signed-in landlord's quota, paid term and prices (their staff: only the term). `null` asks nothing
 * (other roles). Asked again when the window regains focus, so a term extended meanwhile lifts the banner.
 */
export function useAccountPlan(enabled: boolean): SWRResponse<AccountPlan, Error> {
  return useSWR<AccountPlan, Error, string | null>(
    enabled ? PLAN_PATH : null,
    async (path) => (await fetchJson<{ data: AccountPlan }>(path)).data,
    swrOptions,
  );
}

const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 403, 409] } as const;

async function ask(path: string, body: unknown): Promise<PaymentUrlReply> {
  const reply = await apiRequest<PaymentUrlReply>(path, { method: 'POST', body, ...OWN_ERROR_HANDLING });
  await mutate(PLAN_PATH);
  return reply;
}

/** `POST /api/Payment/RequestForBuyingMoreRoom`: the request and the gateway's URL to pay it. */
export function askForRooms(input: RoomPurchaseRequestInput): Promise<PaymentUrlReply> {
  return ask('/api/Payment/RequestForBuyingMoreRoom', input);
}

/** `POST /api/Payment/RequestForExtendHMAccountExpiration`. */
export function askForExtension(input: AccountExtensionRequestInput): Promise<PaymentUrlReply> {
  return ask('/api/Payment/RequestForExtendHMAccountExpiration', input);
}
