import type { HouseTicketDoc } from '../../domain/shared/model.js';
import { HOUSE_TICKET_MODEL } from '../../domain/shared/odata/model.js';
import type { ODataQuery } from '../../domain/shared/odata/parse.js';
import type { Actor } from '../shared/actor.js';
import type { Deps } from '../shared/deps.js';
import { authorizeHouse, houseDocs, requireID } from '../shared/houseScope.js';
import { expandEntity, pageExpansion } from '../shared/navigations.js';
import { listEntities, selectFields, type EntityPage } from '../shared/odataQuery.js';
import { roomTicketsOf, sortRoomTickets } from '../shared/roomTickets.js';
import { entityView } from '../shared/views.js';
import { requireReader, ticketForCaller } from './access.js';

/** Reading drafts: `GET /odata/HouseTicket?houseID=…`, `/odata/HouseTicket/{id}`, with `$expand`. */

/** A ticket with its room tickets in floor and room order (the reply of drafting and saving). */
export async function ticketWithRoomTickets(
  deps: Deps,
  ticket: HouseTicketDoc,
): Promise<Record<string, unknown>> {
  const roomTickets = await roomTicketsOf(deps, ticket.houseID, [ticket.houseTicketID]);
  return {
    ...entityView(ticket),
    roomTickets: sortRoomTickets(roomTickets).map((doc) => entityView(doc)),
  };
}

export async function listHouseTickets(
  actor: Actor,
  scope: { houseID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  requireReader(actor);
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, requireID(scope.houseID, 'Mã nhà trọ'));
  return listEntities(
    houseDocs<HouseTicketDoc>(deps),
    { partitionKey: house.houseID, filter: { op: 'eq', field: 'type', value: 'houseTicket' } },
    query,
    [{ field: 'month', desc: true }],
    entityView,
    pageExpansion(actor, HOUSE_TICKET_MODEL, query, [house]),
  );
}

export async function getHouseTicket(actor: Actor, ticketID: string, query: ODataQuery) {
  requireReader(actor);
  const { house, ticket } = await ticketForCaller(actor, ticketID);
  const entity = await expandEntity(actor, HOUSE_TICKET_MODEL, entityView(ticket), query, [house]);
  return selectFields(entity, query);
}
