// Shared API resource (see `houses.ts` for the rule): the service fees of a house. The fees slice
// manages them; the contract form and the vehicle page subscribe contracts to them.
import type { Fee } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { useApiResource } from '../swr';
import type { ODataCollection } from '../types';

/** A service fee as `/odata/Service` returns it. */
export type FeeReply = Fee & { '@odata.etag'?: string };

/** SWR key (and request path) of a house's fees: one key, so every page sees the same list. */
export function houseFeesKey(houseID: string): string {
  return `/odata/Service?houseID=${encodeURIComponent(houseID)}`;
}

export function useHouseFees(houseID: string | null): SWRResponse<ODataCollection<FeeReply>, Error> {
  return useApiResource<ODataCollection<FeeReply>>(houseID === null ? null : houseFeesKey(houseID));
}
