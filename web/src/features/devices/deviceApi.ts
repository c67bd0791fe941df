import { mutate } from 'swr';
import type { SWRResponse } from 'swr';
import { apiRequest, type ODataCollection } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

export interface DeviceRecord {
  '@odata.etag'?: string;
  deviceID: string;
  houseID: string;
  roomID: string;
  deviceName: string;
  quantity: number;
  condition: string;
  /** Value in đồng. */
  value: number;
  images?: string[];
  imageURLs?: Array<{ blobName: string; url: string }>;
  createdOn?: string;
}

export interface DevicePayload {
  deviceName: string;
  quantity: number;
  condition: string;
  value: number;
}

const enc = encodeURIComponent;

export const deviceKeys = {
  ofRoom: (roomID: string) => `/odata/Device?roomID=${enc(roomID)}`,
  one: (deviceID: string) => `/odata/Device/${enc(deviceID)}`,
} as const;

export function useRoomDevices(roomID: string): SWRResponse<ODataCollection<DeviceRecord>, Error> {
  return useApiResource<ODataCollection<DeviceRecord>>(deviceKeys.ofRoom(roomID));
}

export function revalidateRoomDevices(roomID: string): Promise<unknown> {
  return mutate(deviceKeys.ofRoom(roomID));
}

/** The spec's multipart form: fields roomID, deviceName, quantity, condition, value; photos as `Images`. */
export function createDevice(roomID: string, payload: DevicePayload, photos: File[]): Promise<DeviceRecord> {
  const form = new FormData();
  form.append('roomID', roomID);
  form.append('deviceName', payload.deviceName);
  form.append('quantity', String(payload.quantity));
  form.append('condition', payload.condition);
  form.append('value', String(payload.value));
  for (const photo of photos) form.append('Images', photo, photo.name);
  return apiRequest<DeviceRecord>('/odata/Device', {
    method: 'POST',
    body: form,
    toastBadRequest: false,
    handledStatuses: [400, 409, 413],
  });
}

export function updateDevice(deviceID: string, payload: DevicePayload): Promise<DeviceRecord> {
  return apiRequest<DeviceRecord>(deviceKeys.one(deviceID), {
    method: 'PATCH',
    body: payload,
    toastBadRequest: false,
    handledStatuses: [400, 409, 412],
  });
}

export function deleteDevice(deviceID: string): Promise<unknown> {
  return apiRequest(deviceKeys.one(deviceID), {
    method: 'DELETE',
    toastBadRequest: false,
    handledStatuses: [400, 409],
  });
}
