import type { SWRResponse } from 'swr';
import useSWR from 'swr';
import { fetchJson, type ODataCollection } from '../../lib/api';
import { swrOptions, useApiResource } from '../../lib/api/swr';
import { parseHouses, type HouseSummary } from '../../lib/session';
import type { HouseWithRooms } from './types';

/** SWR keys of the house resource; each key is the request path. */
export const houseKeys = {
  withLessorInfo: '/odata/House?$expand=lessorInfo',
  /** For a lessee: their house, whose `rooms` holds only their room. */
  ownWithRooms: '/odata/House?$expand=rooms',
  withRooms: (houseID: string) => `/odata/House/${encodeURIComponent(houseID)}?$expand=rooms`,
} as const;

/** Houses the user may manage, fresh from the server (the login reply's list may be stale). */
export function useManagedHouses(options: { onLoaded?: (houses: HouseSummary[]) => void } = {}) {
  const { onLoaded } = options;
  return useSWR<HouseSummary[], Error, string>(
    houseKeys.withLessorInfo,
    async (key) => {
      const collection = await fetchJson<ODataCollection<unknown>>(key);
      return parseHouses(collection.value);
    },
    onLoaded === undefined ? swrOptions : { ...swrOptions, onSuccess: onLoaded },
  );
}

export function useHouseWithRooms(houseID: string | null): SWRResponse<HouseWithRooms, Error> {
  return useApiResource<HouseWithRooms>(houseID === null ? null : houseKeys.withRooms(houseID));
}

export function useOwnHousesWithRooms(): SWRResponse<ODataCollection<HouseWithRooms>, Error> {
  return useApiResource<ODataCollection<HouseWithRooms>>(houseKeys.ownWithRooms);
}
