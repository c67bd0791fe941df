// Shared API resource (see `houses.ts` for the rule): the devices of a room. The devices slice manages
// them; the room page lists them in its "Thiết bị" section.
import type { Device, ImageLink } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { useApiResource } from '../swr';
import type { ODataCollection } from '../types';

/** A device as `/odata/Device` returns it, with short-lived read URLs of its photos. */
export type DeviceWithImages = Device & { '@odata.etag'?: string; imageURLs?: ImageLink[] };

/** SWR key (and request path) of a room's devices. */
export function roomDevicesKey(roomID: string): string {
  return `/odata/Device?roomID=${encodeURIComponent(roomID)}`;
}

export function useRoomDevices(roomID: string): SWRResponse<ODataCollection<DeviceWithImages>, Error> {
  return useApiResource<ODataCollection<DeviceWithImages>>(roomDevicesKey(roomID));
}

export function revalidateRoomDevices(roomID: string): Promise<unknown> {
  return mutate(roomDevicesKey(roomID));
}
