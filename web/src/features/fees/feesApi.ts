import type { BillRounding, Fee, House } from '@nhatro/common';
import { apiRequest } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';
import { houseFeesKey, type FeeReply } from '../../lib/api/resources/fees';

// The house's list is shared with the contract and vehicle pages: lib/api/resources/fees.ts.
export { useHouseFees, type FeeReply } from '../../lib/api/resources/fees';

/** The fields the create and edit forms send. */
export type FeePayload = Pick<Fee, 'serviceName' | 'price' | 'unit' | 'pricing'>;

const enc = encodeURIComponent;

export const feeKeys = {
  ofHouse: houseFeesKey,
  one: (serviceID: string) => `/odata/Service/${enc(serviceID)}`,
} as const;

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

/** The house with its rounding of bill totals (`billRounding`, absent: 1.000 ₫). */
export function useHouseRounding(houseID: string) {
  return useApiResource<House>(`/odata/House/${enc(houseID)}`);
}

/** `PATCH /odata/House/{id}` `{ billRounding }`: how the house's next drafted bills are rounded. */
export function setHouseRounding(houseID: string, billRounding: BillRounding): Promise<House> {
  return apiRequest<House>(`/odata/House/${enc(houseID)}`, {
    method: 'PATCH',
    body: { billRounding },
  });
}
