import type { Contract, ImageLink, LesseeInfo, Room } from '@nhatro/common';
import { mutate } from 'swr';
import useSWR, { type SWRResponse } from 'swr';
import { apiRequest, fetchAllPages, fetchJson, type ODataCollection } from '../../lib/api';
import { roomDetailKey, type RoomWithImages } from '../../lib/api/resources/rooms';
import { swrOptions } from '../../lib/api/swr';
import type { PhotoExtension } from '../../components/photoFile';

// One room (with photo URLs) is shared with the devices page: lib/api/resources/rooms.ts.
export { useRoom, type RoomWithImages } from '../../lib/api/resources/rooms';

/** The fields the create and edit forms send. */
export type RoomPayload = Pick<
  Room,
  | 'roomName'
  | 'roomDescription'
  | 'acreage'
  | 'floor'
  | 'price'
  | 'currentElectricityIndex'
  | 'currentWaterIndex'
>;

/** `GET /odata/Room?roomID=…&$select=roomID&$expand=contracts,lesseeInfos` (one item). */
export type RoomRelations = Pick<Room, 'roomID'> & {
  contracts?: Contract[];
  lesseeInfos?: LesseeInfo[];
};

const enc = encodeURIComponent;

/** The at-a-glance view asks for the largest page the API gives and follows nextLink. */
const PAGE_SIZE = 1000;

export const roomKeys = {
  ofHouse: (houseID: string) => `/odata/Room?houseID=${enc(houseID)}&$top=${PAGE_SIZE}`,
  detail: roomDetailKey,
  /** `houseID`: the room's house (one query for the room and its contracts instead of a lookup first). */
  relations: (roomID: string, houseID?: string) =>
    `/odata/Room?roomID=${enc(roomID)}` +
    (houseID === undefined ? '' : `&houseID=${enc(houseID)}`) +
    '&$select=roomID&$expand=contracts,lesseeInfos',
} as const;

/** Every room of a house (all pages). */
export function useHouseRooms(houseID: string | null): SWRResponse<Room[], Error> {
  return useSWR<Room[], Error, string | null>(
    houseID === null ? null : roomKeys.ofHouse(houseID),
    (key) => fetchAllPages<Room>(key),
    swrOptions,
  );
}

export function useRoomRelations(roomID: string, houseID?: string): SWRResponse<RoomRelations | null, Error> {
  return useSWR<RoomRelations | null, Error, string>(
    roomKeys.relations(roomID, houseID),
    async (key) => (await fetchJson<ODataCollection<RoomRelations>>(key)).value[0] ?? null,
    swrOptions,
  );
}

/** Refetches every cached room list and house overview (the dashboard counts rooms too). */
export function revalidateRoomLists(houseID: string): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith(`/odata/Room?houseID=${enc(houseID)}`) ||
        key.startsWith(`/odata/House/${enc(houseID)}`)),
  );
}

export function createRoom(houseID: string, payload: RoomPayload): Promise<Room> {
  return apiRequest<Room>('/odata/Room', {
    method: 'POST',
    body: { houseID, ...payload },
    handledStatuses: [400, 409],
  });
}

export function updateRoom(roomID: string, payload: Partial<RoomPayload>): Promise<Room> {
  return apiRequest<Room>(roomKeys.detail(roomID), {
    method: 'PATCH',
    body: payload,
    toastBadRequest: false,
    handledStatuses: [400, 409, 412],
  });
}

export function deleteRoom(roomID: string): Promise<unknown> {
  return apiRequest(roomKeys.detail(roomID), {
    method: 'DELETE',
    toastBadRequest: false,
    handledStatuses: [400, 409],
  });
}

interface UploadGrant {
  status: boolean;
  blobName: string;
  uploadURL: string;
  accessKey?: string;
  expiresOn?: string;
}

/** Create-only SAS for one room photo. */
export function requestRoomImageUpload(houseID: string, extension: PhotoExtension): Promise<UploadGrant> {
  return apiRequest<UploadGrant>(
    `/api/BlobAccess/GetRoomImageContainerSAS?houseID=${enc(houseID)}&extension=${extension}`,
    { toastBadRequest: false },
  );
}

export function registerRoomImage(roomID: string, blobName: string): Promise<RoomWithImages> {
  return apiRequest<RoomWithImages>(`${roomKeys.detail(roomID)}/Images`, {
    method: 'POST',
    body: { blobName },
    toastBadRequest: false,
    handledStatuses: [400, 409],
  });
}

export function deleteRoomImage(roomID: string, image: ImageLink): Promise<RoomWithImages> {
  return apiRequest<RoomWithImages>(`${roomKeys.detail(roomID)}/Images?blobName=${enc(image.blobName)}`, {
    method: 'DELETE',
    toastBadRequest: false,
    handledStatuses: [404],
  });
}
