import type { Registration, RegistrationDecisionInput, RegistrationStatus } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest, type ODataCollection, type RequestOptions } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

const enc = encodeURIComponent;

/** SWR keys of the lessor registration resource (super admin). */
export const registrationKeys = {
  all: '/odata/HMRegistration',
  byStatus: (status: RegistrationStatus) => `/odata/HMRegistration?$filter=${enc(`status eq '${status}'`)}`,
} as const;

/** The registrations of one status (newest first), or all of them. */
export function useRegistrations(
  status?: RegistrationStatus,
): SWRResponse<ODataCollection<Registration>, Error> {
  return useApiResource<ODataCollection<Registration>>(
    status === undefined ? registrationKeys.all : registrationKeys.byStatus(status),
  );
}

/** Every list of registrations is asked again (a decision moves one from a status to another). */
function revalidateRegistrations(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(registrationKeys.all));
}

const OWN_ERROR_HANDLING: RequestOptions = { toastBadRequest: false, handledStatuses: [400, 404, 409, 412] };

/** `PATCH /odata/HMRegistration/{id}`: approve (a paid registration) or reject with a reason. */
export async function decideRegistration(
  registration: Registration & { '@odata.etag'?: string },
  decision: Omit<RegistrationDecisionInput, 'registrationID'>,
): Promise<Registration> {
  const decided = await apiRequest<Registration>(
    `/odata/HMRegistration/${enc(registration.registrationID)}`,
    {
      method: 'PATCH',
      body: decision,
      ifMatch: registration['@odata.etag'],
      ...OWN_ERROR_HANDLING,
    },
  );
  await revalidateRegistrations();
  return decided;
}

/** `DELETE /odata/HMRegistration/{id}` (a pending or rejected one). */
export async function deleteRegistration(registrationID: string): Promise<void> {
  await apiRequest(`/odata/HMRegistration/${enc(registrationID)}`, {
    method: 'DELETE',
    ...OWN_ERROR_HANDLING,
  });
  await revalidateRegistrations();
}

/** A 15-minute read URL of one identity paper. */
export async function paperReadUrl(blobName: string): Promise<string> {
  const reply = await apiRequest<{ url: string }>(
    `/api/BlobAccess/GetReadURL?container=hm-registration&blobName=${enc(blobName)}`,
    OWN_ERROR_HANDLING,
  );
  return reply.url;
}
