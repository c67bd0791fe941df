import type { FeeUnit } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { apiRequest, type ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

export interface ServiceFee {
  '@odata.etag'?: string;
  serviceID: string;
  houseID: string;
  serviceName: string;
  /** Unit price in đồng. */
  price: number;
  unit: FeeUnit | string;
}

export interface ServicePayload {
  serviceName: string;
  price: number;
  unit: FeeUnit;
}

const enc = encodeURIComponent;

export const serviceKeys = {
  ofHouse: (houseID: string) => `/odata/Service?houseID=${enc(houseID)}`,
  one: (serviceID: string) => `/odata/Service/${enc(serviceID)}`,
} as const;

export function useHouseServices(houseID: string | null): SWRResponse<ODataCollection<ServiceFee>, Error> {
  return useApiResource<ODataCollection<ServiceFee>>(houseID === null ? null : serviceKeys.ofHouse(houseID));
}

const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 409, 412] } as const;

export function createService(houseID: string, payload: ServicePayload): Promise<ServiceFee> {
  return apiRequest<ServiceFee>('/odata/Service', {
    method: 'POST',
    body: { houseID, ...payload },
    ...OWN_ERROR_HANDLING,
  });
}

export function updateService(serviceID: string, payload: Partial<ServicePayload>): Promise<ServiceFee> {
  return apiRequest<ServiceFee>(serviceKeys.one(serviceID), {
    method: 'PATCH',
    body: payload,
    ...OWN_ERROR_HANDLING,
  });
}

export function deleteService(serviceID: string): Promise<unknown> {
  return apiRequest(serviceKeys.one(serviceID), { method: 'DELETE', ...OWN_ERROR_HANDLING });
}
