import type { MonthlyBillDoc, RoomTicketDoc } from '../../domain/shared/model.js';
import type { Filter } from '../../store/store.js';
import type { Deps } from './deps.js';
import { listInHouse } from './houseScope.js';

/** Room tickets as the drafts and the `roomTickets` expand read them. */

/**
 * The room tickets of some tickets, each with the `monthlyBillID` of the bill issued from it. Issuing
 * does not rewrite the room tickets (one write per bill less): a bill names its ticket and contract.
 */
export async function roomTicketsOf(
  deps: Deps,
  houseID: string,
  ticketIDs: string[],
): Promise<RoomTicketDoc[]> {
  if (ticketIDs.length === 0) return [];
  const ofTickets: Filter =
    ticketIDs.length === 1
      ? { op: 'eq', field: 'houseTicketID', value: ticketIDs[0] as string }
      : { op: 'in', field: 'houseTicketID', values: ticketIDs };
  const [roomTickets, bills] = await Promise.all([
    listInHouse<RoomTicketDoc>(deps, houseID, 'roomTicket', ofTickets),
    listInHouse<MonthlyBillDoc>(deps, houseID, 'monthlyBill', ofTickets),
  ]);
  const billOf = new Map(
    bills.map((bill) => [`${bill.houseTicketID}|${bill.contractID}`, bill.monthlyBillID]),
  );
  return roomTickets.map((doc) => {
    const billID = billOf.get(`${doc.houseTicketID}|${doc.contractID}`);
    return billID ? { ...doc, monthlyBillID: billID } : doc;
  });
}

export function sortRoomTickets(docs: RoomTicketDoc[]): RoomTicketDoc[] {
  return [...docs].sort(
    (a, b) => a.floor - b.floor || a.roomName.localeCompare(b.roomName, 'vi', { numeric: true }),
  );
}
