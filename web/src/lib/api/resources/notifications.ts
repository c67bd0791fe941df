// Shared API resource (see `houses.ts` for the rule): notices (thông báo). The landlord posts and reads
// them on /notifications; the tenant reads theirs (TenantNotices, in the tenant portal and on
// /notifications) and marks them read.
import type { Notification, NotificationCreateInput } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest } from '../client';
import { useApiResource } from '../swr';
import type { ODataCollection } from '../types';

/** A notice as `/odata/Notification` returns it. */
export type NotificationReply = Notification & { '@odata.etag'?: string };

const enc = encodeURIComponent;
const NOTIFICATION_PATH = '/odata/Notification';

/** How many days back the landlord's list reaches ('all': no limit). */
export type DayRangeChoice = 'all' | 7 | 30 | 90;

export const notificationKeys = {
  /** A house's notices, newest first, `DayRange` days back. */
  ofHouse: (houseID: string, dayRange: DayRangeChoice, top: number) =>
    `${NOTIFICATION_PATH}?HouseID=${enc(houseID)}${dayRange === 'all' ? '' : `&DayRange=${dayRange}`}` +
    `&$orderby=${enc('createdOn desc')}&$count=true&$top=${top}`,
  /** The signed-in tenant's notices, newest first. */
  mine: (top: number) => `${NOTIFICATION_PATH}?$orderby=${enc('createdOn desc')}&$count=true&$top=${top}`,
} as const;

export function useHouseNotifications(
  houseID: string | null,
  dayRange: DayRangeChoice,
  top: number,
): SWRResponse<ODataCollection<NotificationReply>, Error> {
  return useApiResource<ODataCollection<NotificationReply>>(
    houseID === null ? null : notificationKeys.ofHouse(houseID, dayRange, top),
    { keepPreviousData: true },
  );
}

export function useMyNotifications(top: number): SWRResponse<ODataCollection<NotificationReply>, Error> {
  return useApiResource<ODataCollection<NotificationReply>>(notificationKeys.mine(top), {
    keepPreviousData: true,
  });
}

/** After any change: every cached list of notices is fetched again. */
export function revalidateNotifications(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith(NOTIFICATION_PATH));
}

/** `POST /odata/Notification`: a notice to the house or to chosen rooms. */
export async function createNotification(input: NotificationCreateInput): Promise<NotificationReply> {
  const created = await apiRequest<NotificationReply>(NOTIFICATION_PATH, {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400, 404, 409],
  });
  await revalidateNotifications();
  return created;
}

/** `POST /odata/Notification/{id}/Read`: the tenant has read it. */
export async function markNotificationRead(notificationID: string): Promise<NotificationReply> {
  const read = await apiRequest<NotificationReply>(`${NOTIFICATION_PATH}/${enc(notificationID)}/Read`, {
    method: 'POST',
  });
  await revalidateNotifications();
  return read;
}
