import type { GuestMonthlyBillView } from '@nhatro/common';
import useSWR, { type SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { swrOptions } from '../../lib/api/swr';

// The public bill link: no session. Sent without the bearer token even when someone is signed in on this
// browser, so an expired session there never sends the guest to /login.

interface GuestReply<T> {
  status: boolean;
  data?: T;
  errorMessage?: string;
}

const enc = encodeURIComponent;

function guestBillKey(monthlyBillID: string, token: string): string {
  return `/api/GuestMonthlyBill?monthlyBillID=${enc(monthlyBillID)}&t=${enc(token)}`;
}

export function useGuestMonthlyBill(
  monthlyBillID: string,
  token: string | null,
): SWRResponse<GuestMonthlyBillView, Error> {
  return useSWR<GuestMonthlyBillView, Error, string | null>(
    token === null ? null : guestBillKey(monthlyBillID, token),
    async (key) => {
      const reply = await apiRequest<GuestReply<GuestMonthlyBillView>>(key, {
        authenticated: false,
        toastBadRequest: false,
        handledStatuses: [400, 404],
      });
      if (!reply.status || reply.data === undefined) {
        throw new Error(reply.errorMessage ?? 'Máy chủ trả về dữ liệu không hợp lệ.');
      }
      return reply.data;
    },
    // Someone paying from a phone switches to their bank app and back: do not reload under their thumb.
    { ...swrOptions, revalidateOnFocus: false },
  );
}
