// Shared API resource (see `houses.ts` for the rule): one room with its photo URLs. The rooms slice shows
// and edits it; the devices page shows its name in the title and back link.
import type { ImageLink, Room } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { useApiResource } from '../swr';

/** `GET /odata/Room/{id}`: the room with short-lived read URLs of its photos. */
export type RoomWithImages = Room & { '@odata.etag'?: string; imageURLs?: ImageLink[] };

/** SWR key (and request path) of one room. */
export function roomDetailKey(roomID: string): string {
  return `/odata/Room/${encodeURIComponent(roomID)}`;
}

export function useRoom(roomID: string): SWRResponse<RoomWithImages, Error> {
  return useApiResource<RoomWithImages>(roomDetailKey(roomID));
}
