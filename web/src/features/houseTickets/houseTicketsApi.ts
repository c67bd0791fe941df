import type { House, HouseTicket, HouseTicketPatchInput, Room, RoomTicket } from '@nhatro/common';
import { TICKET_STATUS } from '@nhatro/common';
import useSWR, { mutate, type SWRResponse } from 'swr';
import { apiRequest, fetchJson, type ODataCollection } from '../../lib/api';
import { revalidateBillingSummary } from '../../lib/api/resources/houseTickets';
import { swrOptions } from '../../lib/api/swr';

const enc = encodeURIComponent;

export type RoomTicketView = RoomTicket & { room?: Room };
/** A house ticket with its room tickets (and their rooms) and its house, as the draft page reads it. */
export type HouseTicketView = HouseTicket & {
  '@odata.etag'?: string;
  roomTickets?: RoomTicketView[];
  house?: House;
};

const EXPAND = '$expand=roomTickets($expand=room),house';

export const ticketKeys = {
  /** The chosen house's draft (at most one per month; the newest first). */
  draftOfHouse: (houseID: string) =>
    `/odata/HouseTicket?houseID=${enc(houseID)}&$filter=${enc(`status eq '${TICKET_STATUS.draft}'`)}&${EXPAND}`,
  one: (houseTicketID: string) => `/odata/HouseTicket/${enc(houseTicketID)}?${EXPAND}`,
} as const;

/**
 * The ticket the page shows: the one in the URL, or the chosen house's draft (null when it has none).
 */
export function ticketKey(houseID: string | null, houseTicketID: string | undefined): string | null {
  if (houseTicketID !== undefined) return ticketKeys.one(houseTicketID);
  return houseID === null ? null : ticketKeys.draftOfHouse(houseID);
}

export function useHouseTicket(
  houseID: string | null,
  houseTicketID: string | undefined,
): SWRResponse<HouseTicketView | null, Error> {
  const key = ticketKey(houseID, houseTicketID);
  return useSWR<HouseTicketView | null, Error, string | null>(
    key,
    async (path) => {
      if (houseTicketID !== undefined) return fetchJson<HouseTicketView>(path);
      const list = await fetchJson<ODataCollection<HouseTicketView>>(path);
      return [...list.value].sort((a, b) => b.month.localeCompare(a.month))[0] ?? null;
    },
    { ...swrOptions, revalidateOnFocus: false },
  );
}

const OWN_ERROR_HANDLING = { toastBadRequest: false, handledStatuses: [400, 404, 409, 412] } as const;

/** `POST /api/HouseTicket/Draft`: this month's draft now (the existing one when there is one). */
export async function draftNow(houseID: string): Promise<HouseTicketView> {
  const ticket = await apiRequest<HouseTicketView>('/api/HouseTicket/Draft', {
    method: 'POST',
    body: { houseID },
    ...OWN_ERROR_HANDLING,
  });
  void revalidateBillingSummary(houseID);
  return ticket;
}

/** `PATCH /odata/HouseTicket` with the ETag the page read: edits, recompute, due date, issue. */
export async function patchTicket(
  ticket: HouseTicketView,
  input: Omit<HouseTicketPatchInput, 'houseTicketID' | 'roomTickets'> & {
    roomTickets?: HouseTicketPatchInput['roomTickets'];
  },
): Promise<HouseTicketView> {
  const updated = await apiRequest<HouseTicketView>('/odata/HouseTicket', {
    method: 'PATCH',
    body: { houseTicketID: ticket.houseTicketID, roomTickets: [], ...input },
    ifMatch: ticket['@odata.etag'],
    ...OWN_ERROR_HANDLING,
  });
  void revalidateBillingSummary(ticket.houseID);
  return updated;
}

/** Puts the reply of a save into every cached view of the ticket (keeps the house and rooms read before). */
export function storeTicket(key: string | null, previous: HouseTicketView, updated: HouseTicketView): void {
  if (key === null) return;
  const rooms = new Map((previous.roomTickets ?? []).map((item) => [item.roomTicketID, item.room]));
  const merged: HouseTicketView = {
    ...updated,
    house: updated.house ?? previous.house,
    roomTickets: (updated.roomTickets ?? previous.roomTickets ?? []).map((item) => ({
      ...item,
      room: item.room ?? rooms.get(item.roomTicketID),
    })),
  };
  void mutate(key, merged, { revalidate: false });
}

export function revalidateTicket(key: string | null): Promise<unknown> {
  return key === null ? Promise.resolve() : mutate(key);
}
