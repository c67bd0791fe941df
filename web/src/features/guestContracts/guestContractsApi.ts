import type { FileLink, GuestContractSignInput, GuestContractView } from '@nhatro/common';
import useSWR, { type SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { swrOptions } from '../../lib/api/swr';

// The public guest-link calls: no session. They are sent without the bearer token even when someone is
// signed in on this browser, so an expired session there can never send the guest to /login.

const enc = encodeURIComponent;

interface GuestReply<T> {
  status: boolean;
  data?: T;
  errorMessage?: string;
}

/** Statuses the page shows itself: a bad, expired or revoked link (404), bad input (400), signed (409). */
const GUEST_REQUEST = { authenticated: false, toastBadRequest: false, handledStatuses: [400, 404, 409] };

function dataOf<T>(reply: GuestReply<T>): T {
  if (!reply.status || reply.data === undefined) {
    throw new Error(reply.errorMessage ?? 'Máy chủ trả về dữ liệu không hợp lệ.');
  }
  return reply.data;
}

export const guestContractKeys = {
  view: (contractID: string, token: string) =>
    `/api/GuestContract?contractID=${enc(contractID)}&token=${enc(token)}`,
  document: (contractID: string, token: string) =>
    `/api/GuestContract/Document?contractID=${enc(contractID)}&token=${enc(token)}`,
} as const;

/** `GET /api/GuestContract`: the contract as the guest link shows it. */
export function useGuestContract(
  contractID: string,
  token: string | null,
): SWRResponse<GuestContractView, Error> {
  return useSWR<GuestContractView, Error, string | null>(
    token === null ? null : guestContractKeys.view(contractID, token),
    async (key) => dataOf(await apiRequest<GuestReply<GuestContractView>>(key, GUEST_REQUEST)),
    // Someone reading a contract on a phone switches apps: do not reload it under their thumb.
    { ...swrOptions, revalidateOnFocus: false },
  );
}

/** `POST /api/GuestContract/Sign`: the drawn signature as a PNG data URL; the reply carries `signedOn`. */
export async function signGuestContract(input: GuestContractSignInput): Promise<GuestContractView> {
  return dataOf(
    await apiRequest<GuestReply<GuestContractView>>('/api/GuestContract/Sign', {
      method: 'POST',
      body: input,
      ...GUEST_REQUEST,
    }),
  );
}

/** `GET /api/GuestContract/Document`: a short-lived link to the contract's PDF (signed once signed). */
export async function fetchGuestContractDocument(contractID: string, token: string): Promise<FileLink> {
  return dataOf(
    await apiRequest<GuestReply<FileLink>>(guestContractKeys.document(contractID, token), GUEST_REQUEST),
  );
}
