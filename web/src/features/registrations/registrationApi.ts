import type { Registration, RegistrationStatus } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import type { ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending: 'Chờ thanh toán',
  paid: 'Đã thanh toán',
  approved: 'Đã duyệt',
  rejected: 'Đã từ chối',
};

/** SWR keys of the lessor registration resource (super admin). */
export const registrationKeys = {
  all: '/odata/HMRegistration',
} as const;

export function useRegistrations(): SWRResponse<ODataCollection<Registration>, Error> {
  return useApiResource<ODataCollection<Registration>>(registrationKeys.all);
}
