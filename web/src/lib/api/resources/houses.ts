// Shared API resources: reads that more than one part of the app needs live in `lib/api/resources/`,
// one module per entity. A feature slice never imports another slice, so when two slices (or a slice and
// the app shell) show the same server data, the SWR key and hook are defined here once and both import
// them. Writes (create, update, delete) and reads only one slice needs stay in that slice's `<slice>Api.ts`.
//
// Houses: the shell's house chooser lists the managed houses; the dashboard shows a house with its rooms.
import type { House, Room } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import useSWR, { mutate } from 'swr';
import { parseHouses, type HouseSummary } from '../../session';
import { fetchJson, type ODataCollection } from '..';
import { swrOptions, useApiResource } from '../swr';

/** `$expand=rooms`: a house with its rooms (a lessee's house holds only their room). */
export type HouseWithRooms = House & { rooms?: Room[] };

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

/** The managed houses read again (after a house was added), also for `useManagedHouses`' cache. */
export async function refreshManagedHouses(): Promise<HouseSummary[]> {
  const collection = await fetchJson<ODataCollection<unknown>>(houseKeys.withLessorInfo);
  const houses = parseHouses(collection.value);
  await mutate(houseKeys.withLessorInfo, houses, { revalidate: false });
  return houses;
}

export function useHouseWithRooms(houseID: string | null): SWRResponse<HouseWithRooms, Error> {
  return useApiResource<HouseWithRooms>(houseID === null ? null : houseKeys.withRooms(houseID));
}

export function useOwnHousesWithRooms(): SWRResponse<ODataCollection<HouseWithRooms>, Error> {
  return useApiResource<ODataCollection<HouseWithRooms>>(houseKeys.ownWithRooms);
}
