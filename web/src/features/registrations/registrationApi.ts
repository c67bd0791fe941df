import type { SWRResponse } from 'swr';
import type { ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

export const REGISTRATION_STATUSES = ['pending', 'paid', 'approved', 'rejected'] as const;

export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending: 'Chờ thanh toán',
  paid: 'Đã thanh toán',
  approved: 'Đã duyệt',
  rejected: 'Đã từ chối',
};

export interface LessorRegistration {
  registrationID: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  houseName: string;
  houseAddress: string;
  roomQuota: number;
  status: RegistrationStatus;
  createdOn: string;
}

/** SWR keys of the lessor registration resource (super admin). */
export const registrationKeys = {
  all: '/odata/HMRegistration',
} as const;

export function useLessorRegistrations(): SWRResponse<ODataCollection<LessorRegistration>, Error> {
  return useApiResource<ODataCollection<LessorRegistration>>(registrationKeys.all);
}
