import type { PlatformRequest } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest, type ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

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
