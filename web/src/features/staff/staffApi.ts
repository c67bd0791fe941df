import type { AddedStaff, StaffCreateInput, StaffMember } from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchJson } from '../../lib/api';
import { swrOptions } from '../../lib/api/swr';

const enc = encodeURIComponent;
const STAFF_LIST_PREFIX = '/api/Staff/GetHouseStaffs?houseID=';

export const staffKeys = {
  ofHouse: (houseID: string) => `${STAFF_LIST_PREFIX}${enc(houseID)}`,
} as const;

/** A house's staff (`GET /api/Staff/GetHouseStaffs`), from the `{ status, data }` reply. */
export function useHouseStaff(houseID: string | null): SWRResponse<StaffMember[], Error> {
  return useSWR<StaffMember[], Error, string | null>(
    houseID === null ? null : staffKeys.ofHouse(houseID),
    async (path) => (await fetchJson<{ data?: StaffMember[] }>(path)).data ?? [],
    swrOptions,
  );
}

/** Every house's list: a staff member may work in several. */
function revalidateStaffLists(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(STAFF_LIST_PREFIX));
}

/** `POST /api/Staff/AddStaff`: the new account with its one-time password (shown once). */
export async function addStaff(input: StaffCreateInput): Promise<AddedStaff> {
  const reply = await apiRequest<{ data: AddedStaff }>('/api/Staff/AddStaff', {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400, 404, 409],
  });
  await revalidateStaffLists();
  return reply.data;
}

/** `DELETE /api/Staff/DisableStaffAccount`: the account is disabled and its sessions end. */
export async function disableStaff(userID: string): Promise<void> {
  await apiRequest(`/api/Staff/DisableStaffAccount?userID=${enc(userID)}`, {
    method: 'DELETE',
    toastBadRequest: false,
    handledStatuses: [400, 404],
  });
  await revalidateStaffLists();
}
