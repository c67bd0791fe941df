import type {
  FileLink,
  GuestHandoverSignInput,
  GuestHandoverView,
  GuestLink,
  HandoverList,
  HandoverSaveInput,
  HandoverView,
} from '@nhatro/common';
import useSWR, { type SWRResponse } from 'swr';
import { apiRequest } from '../../lib/api';
import { swrOptions } from '../../lib/api/swr';

const enc = encodeURIComponent;

interface Reply<T> {
  status: boolean;
  data?: T;
  errorMessage?: string;
}

function dataOf<T>(reply: Reply<T>): T {
  if (!reply.status || reply.data === undefined) {
    throw new Error(reply.errorMessage ?? 'Máy chủ trả về dữ liệu không hợp lệ.');
  }
  return reply.data;
}

/** Statuses a form shows itself: bad input (400), locked or signed meanwhile (409), too large (413). */
const FORM_REQUEST = { toastBadRequest: false, handledStatuses: [400, 409, 413] };

/** The house and room of the contract, as its page shows them. */
export interface HandoverWhere {
  houseID: string;
  roomID: string;
}

export const handoverKeys = {
  /** `where`: the contract's house and room when the page knows them (one query instead of a lookup first). */
  ofContract: (contractID: string, where?: HandoverWhere) =>
    `/api/Handover?contractID=${enc(contractID)}` +
    (where ? `&houseID=${enc(where.houseID)}&roomID=${enc(where.roomID)}` : ''),
  guest: (handoverID: string, token: string) =>
    `/api/GuestHandover?handoverID=${enc(handoverID)}&token=${enc(token)}`,
  guestDocument: (handoverID: string, token: string) =>
    `/api/GuestHandover/Document?handoverID=${enc(handoverID)}&token=${enc(token)}`,
} as const;

/** `GET /api/Handover?contractID=…`: the contract's records and what new ones start from. */
export function useHandovers(contractID: string, where?: HandoverWhere): SWRResponse<HandoverList, Error> {
  return useSWR<HandoverList, Error>(
    handoverKeys.ofContract(contractID, where),
    (key: string) => apiRequest<HandoverList>(key),
    swrOptions,
  );
}

/** `POST /api/Handover`: creates or replaces the record of its kind. */
export async function saveHandover(input: HandoverSaveInput): Promise<HandoverView> {
  return dataOf(
    await apiRequest<Reply<HandoverView>>('/api/Handover', { method: 'POST', body: input, ...FORM_REQUEST }),
  );
}

/** `POST /api/Handover/{id}/Photos`: photos (prepared in the browser) as multipart `Images`. */
export async function addHandoverPhotos(handoverID: string, photos: File[]): Promise<HandoverView> {
  const form = new FormData();
  for (const photo of photos) form.append('Images', photo, photo.name);
  return dataOf(
    await apiRequest<Reply<HandoverView>>(`/api/Handover/${enc(handoverID)}/Photos`, {
      method: 'POST',
      body: form,
      ...FORM_REQUEST,
    }),
  );
}

/** `POST /api/Handover/{id}/Sign`: the landlord's drawn signature. */
export async function signHandover(handoverID: string, signature: string): Promise<HandoverView> {
  return dataOf(
    await apiRequest<Reply<HandoverView>>(`/api/Handover/${enc(handoverID)}/Sign`, {
      method: 'POST',
      body: { signature },
      ...FORM_REQUEST,
    }),
  );
}

/** `POST /api/Handover/{id}/GuestLink`: the link the tenant opens on their phone to sign. */
export function createHandoverGuestLink(handoverID: string): Promise<GuestLink> {
  return apiRequest<GuestLink>(`/api/Handover/${enc(handoverID)}/GuestLink`, {
    method: 'POST',
    body: {},
    ...FORM_REQUEST,
  });
}

/** `GET /api/Handover/{id}/Document`: a short-lived link to the record's PDF. */
export async function fetchHandoverDocument(handoverID: string): Promise<FileLink> {
  return dataOf(await apiRequest<Reply<FileLink>>(`/api/Handover/${enc(handoverID)}/Document`));
}

// The guest link's calls: no session, never the bearer token (an expired session must not send the
// tenant to /login); the page shows a bad link (404), bad input (400) and a signed record (409) itself.
const GUEST_REQUEST = { authenticated: false, toastBadRequest: false, handledStatuses: [400, 404, 409] };

/** `GET /api/GuestHandover`: the record as the guest link shows it. */
export function useGuestHandover(
  handoverID: string,
  token: string | null,
): SWRResponse<GuestHandoverView, Error> {
  return useSWR<GuestHandoverView, Error, string | null>(
    token === null ? null : handoverKeys.guest(handoverID, token),
    async (key) => dataOf(await apiRequest<Reply<GuestHandoverView>>(key, GUEST_REQUEST)),
    { ...swrOptions, revalidateOnFocus: false },
  );
}

/** `POST /api/GuestHandover/Sign`: the tenant's drawn signature. */
export async function signGuestHandover(input: GuestHandoverSignInput): Promise<GuestHandoverView> {
  return dataOf(
    await apiRequest<Reply<GuestHandoverView>>('/api/GuestHandover/Sign', {
      method: 'POST',
      body: input,
      ...GUEST_REQUEST,
    }),
  );
}

/** `GET /api/GuestHandover/Document`: the PDF through the guest link. */
export async function fetchGuestHandoverDocument(handoverID: string, token: string): Promise<FileLink> {
  return dataOf(
    await apiRequest<Reply<FileLink>>(handoverKeys.guestDocument(handoverID, token), GUEST_REQUEST),
  );
}
