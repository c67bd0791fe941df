import type { HMAccount } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

const LIST_PATH = '/api/User/GetAllHMAccounts';

export function useHMAccounts(): SWRResponse<{ status: boolean; data: HMAccount[] }, Error> {
  return useApiResource<{ status: boolean; data: HMAccount[] }>(LIST_PATH);
}

/** Disables (its sessions end at once) or enables a landlord's account. */
export async function setAccountDisabled(userID: string, disabled: boolean): Promise<void> {
  await apiRequest(`/api/User/${disabled ? 'DisableHMAccount' : 'EnableHMAccount'}`, {
    method: 'POST',
    body: { userID },
    handledStatuses: [404],
  });
  await mutate(LIST_PATH);
}
