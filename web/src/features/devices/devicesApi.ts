import type { Device } from '@nhatro/common';
import { apiRequest } from '../../lib/api';
import { roomDevicesKey, type DeviceWithImages } from '../../lib/api/resources/devices';

// The list of a room's devices is shared with the room page: lib/api/resources/devices.ts.
export {
  revalidateRoomDevices,
  useRoomDevices,
  type DeviceWithImages,
} from '../../lib/api/resources/devices';

/** The fields the create and edit forms send. */
export type DevicePayload = Pick<Device, 'deviceName' | 'quantity' | 'condition' | 'value'>;

export const deviceKeys = {
  ofRoom: roomDevicesKey,
  one: (deviceID: string) => `/odata/Device/${encodeURIComponent(deviceID)}`,
} as const;

/** The spec's multipart form: fields roomID, deviceName, quantity, condition, value; photos as `Images`. */
export function createDevice(
  roomID: string,
  payload: DevicePayload,
  photos: File[],
): Promise<DeviceWithImages> {
  const form = new FormData();
  form.append('roomID', roomID);
  form.append('deviceName', payload.deviceName);
  form.append('quantity', String(payload.quantity));
  form.append('condition', payload.condition);
  form.append('value', String(payload.value));
  for (const photo of photos) form.append('Images', photo, photo.name);
  return apiRequest<DeviceWithImages>('/odata/Device', {
    method: 'POST',
    body: form,
    toastBadRequest: false,
    handledStatuses: [400, 409, 413],
  });
}

export function updateDevice(deviceID: string, payload: DevicePayload): Promise<DeviceWithImages> {
  return apiRequest<DeviceWithImages>(deviceKeys.one(deviceID), {
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
