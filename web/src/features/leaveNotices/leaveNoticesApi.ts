import type { LeaveNotice, LeaveNoticeCreateInput } from '@nhatro/common';
import { mutate, type SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

/** Notices of leaving (issue 27): the tenant's own, a house's for the landlord's dashboard. */

export type LeaveNoticeReply = LeaveNotice & { '@odata.etag'?: string };
interface LeaveNoticeList {
  value: LeaveNoticeReply[];
}
interface Saved {
  data: LeaveNoticeReply;
  message?: string;
}

const PATH = '/api/LeaveNotice';
const enc = encodeURIComponent;

export const leaveNoticeKeys = {
  /** The tenant's own live notice (their contract's, the server decides which). */
  own: PATH,
  house: (houseID: string) => `${PATH}?houseID=${enc(houseID)}`,
} as const;

export function useOwnLeaveNotices(): SWRResponse<LeaveNoticeList, Error> {
  return useApiResource<LeaveNoticeList>(leaveNoticeKeys.own);
}

export function useHouseLeaveNotices(houseID: string | null): SWRResponse<LeaveNoticeList, Error> {
  return useApiResource<LeaveNoticeList>(houseID === null ? null : leaveNoticeKeys.house(houseID));
}

/** Every list of notices and every room list read again (a room's 'Sắp trống' follows the notice). */
function revalidateAfterChange(): Promise<unknown> {
  return mutate(
    (key) =>
      typeof key === 'string' && (key.startsWith(PATH) || key.includes('Room') || key.includes('House')),
  );
}

/** The 400's message is shown under the date field, not as a toast. */
export async function giveLeaveNotice(input: LeaveNoticeCreateInput): Promise<Saved> {
  const saved = await apiRequest<Saved>(PATH, { method: 'POST', body: input, toastBadRequest: false });
  await revalidateAfterChange();
  return saved;
}

export async function withdrawLeaveNotice(leaveNoticeID: string): Promise<Saved> {
  const saved = await apiRequest<Saved>(`${PATH}/${enc(leaveNoticeID)}/Withdraw`, {
    method: 'POST',
    body: {},
  });
  await revalidateAfterChange();
  return saved;
}

export async function acknowledgeLeaveNotice(leaveNoticeID: string): Promise<Saved> {
  const saved = await apiRequest<Saved>(`${PATH}/${enc(leaveNoticeID)}/Acknowledge`, {
    method: 'POST',
    body: {},
  });
  await revalidateAfterChange();
  return saved;
}

/** `PATCH /odata/House/{id}` `{ noticeDays }`: the notice the house asks for from now on. */
export async function setHouseNoticeDays(houseID: string, noticeDays: number): Promise<unknown> {
  const saved = await apiRequest<unknown>(`/odata/House/${enc(houseID)}`, {
    method: 'PATCH',
    body: { noticeDays },
  });
  await revalidateAfterChange();
  return saved;
}
