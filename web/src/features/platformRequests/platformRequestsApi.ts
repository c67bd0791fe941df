import type {
  AccountExtensionRequestInput,
  AccountPlan,
  AccountPlanPart,
  PaymentUrlReply,
  PlatformRequest,
  RoomPurchaseRequestInput,
} from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchJson, type ODataCollection } from '../../lib/api';
import { swrOptions, useApiResource } from '../../lib/api/swr';

const enc = encodeURIComponent;

/** The tabs of /extendManagement: paid and waiting for approval, approved, still waiting for payment. */
export type RequestsView = 'toApprove' | 'approved' | 'unpaid';

const PAID = '/odata/House/PaidRequests';
const UNRESOLVED = '/odata/House/UnresolvedRequests';

export function requestsKey(view: RequestsView, page: number, pageSize: number): string {
  const paging = `$top=${pageSize}&$skip=${page * pageSize}&$count=true`;
  if (view === 'unpaid') return `${UNRESOLVED}?${paging}`;
  const status = view === 'toApprove' ? 'paid' : 'approved';
  return `${PAID}?$filter=${enc(`status eq '${status}'`)}&${paging}`;
}

/** One page of requests, newest first (server-paged). */
export function usePlatformRequests(
  view: RequestsView,
  page: number,
  pageSize: number,
): SWRResponse<ODataCollection<PlatformRequest>, Error> {
  return useApiResource<ODataCollection<PlatformRequest>>(requestsKey(view, page, pageSize), {
    keepPreviousData: true,
  });
}

/** `GET /odata/House/RequestPaid?requestID=…`: the super admin approves a paid request. */
export async function approveRequest(requestID: string): Promise<PlatformRequest> {
  const approved = await apiRequest<PlatformRequest>(`/odata/House/RequestPaid?requestID=${enc(requestID)}`, {
    handledStatuses: [404, 409],
  });
  await mutate((key) => typeof key === 'string' && (key.startsWith(PAID) || key.startsWith(UNRESOLVED)));
  return approved;
}

// The landlord's side: their plan, buying rooms and extending the term.

const PLAN_PATH = '/api/User/AccountPlan';

/**
 * The signed-in landlord's quota, paid term and prices (their staff: only the term). `part` asks only for
 * what a page shows (`term`: the banner of every page; `quota`: the dashboard's line); none, everything.
 * `enabled: false` asks nothing (other roles). Asked again when the window regains focus, so a term
 * extended meanwhile lifts the banner.
 */
export function useAccountPlan(enabled: boolean, part?: AccountPlanPart): SWRResponse<AccountPlan, Error> {
  return useSWR<AccountPlan, Error, string | null>(
    enabled ? (part ? `${PLAN_PATH}?part=${part}` : PLAN_PATH) : null,
    async (path) => (await fetchJson<{ data: AccountPlan }>(path)).data,
    swrOptions,
  );
}

const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 403, 409] } as const;

async function ask(path: string, body: unknown): Promise<PaymentUrlReply> {
  const reply = await apiRequest<PaymentUrlReply>(path, { method: 'POST', body, ...OWN_ERROR_HANDLING });
  await mutate((key) => typeof key === 'string' && key.startsWith(PLAN_PATH));
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
