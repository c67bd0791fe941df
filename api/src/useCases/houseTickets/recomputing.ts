import { roomTicketID } from '../../domain/houseTickets.js';
import type { HouseDoc, HouseTicketDoc, RoomTicketDoc } from '../../domain/shared/model.js';
import type { Deps } from '../shared/deps.js';
import { computedTicket, houseFacts, newRoomTicket } from './facts.js';

/**
 * Recomputing a draft (after late readings): every room ticket not edited by hand and not billed gets its
 * lines again from the house's facts now, and a contract new since the draft (not billed this month)
 * gets its room ticket. `next` holds the room tickets this request changes, by id: recomputed ones are
 * added to it (a room edited by this request keeps its edit); the new room tickets are returned.
 */
export async function recomputeRoomTickets(
  deps: Deps,
  house: HouseDoc,
  ticket: HouseTicketDoc,
  stored: ReadonlyMap<string, RoomTicketDoc>,
  next: Map<string, RoomTicketDoc>,
): Promise<RoomTicketDoc[]> {
  const added: RoomTicketDoc[] = [];
  const facts = await houseFacts(deps, house, ticket.month);
  for (const contract of facts.contracts) {
    const id = roomTicketID(contract.contractID, ticket.month);
    const current = next.get(id) ?? stored.get(id);
    if (!current) {
      if (!facts.billedContracts.has(contract.contractID))
        added.push(newRoomTicket(facts, ticket.houseTicketID, contract));
      continue;
    }
    if (current.editedByHand || current.monthlyBillID) continue;
    next.set(id, { ...current, ...computedTicket(facts, contract) });
  }
  return added;
}
