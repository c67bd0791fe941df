import type { Fee } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { apiRequest, type ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

/** A service fee as `/odata/Service` returns it. */
export type FeeReply = Fee & { '@odata.etag'?: string };

/** The fields the create and edit forms send. */
export type FeePayload = Pick<Fee, 'serviceName' | 'price' | 'unit'>;

const enc = encodeURIComponent;

export const feeKeys = {
  ofHouse: (houseID: string) => `/odata/Service?houseID=${enc(houseID)}`,
  one: (serviceID: string) => `/odata/Service/${enc(serviceID)}`,
} as const;

export function useHouseFees(houseID: string | null): SWRResponse<ODataCollection<FeeReply>, Error> {
  return useApiResource<ODataCollection<FeeReply>>(houseID === null ? null : feeKeys.ofHouse(houseID));
}

const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 409, 412] } as const;

export function createFee(houseID: string, payload: FeePayload): Promise<FeeReply> {
  return apiRequest<FeeReply>('/odata/Service', {
    method: 'POST',
    body: { houseID, ...payload },
    ...OWN_ERROR_HANDLING,
  });
}

export function updateFee(serviceID: string, payload: Partial<FeePayload>): Promise<FeeReply> {
  return apiRequest<FeeReply>(feeKeys.one(serviceID), {
    method: 'PATCH',
    body: payload,
    ...OWN_ERROR_HANDLING,
  });
}

export function deleteFee(serviceID: string): Promise<unknown> {
  return apiRequest(feeKeys.one(serviceID), { method: 'DELETE', ...OWN_ERROR_HANDLING });
}
