import { groupBy } from '../../domain/shared/groupBy.js';
import type {
  RoomTicketDoc,
  MonthlyBillDoc,
  HouseTicketDoc,
  HouseDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import type { ExpandOption, ODataQuery } from '../../domain/shared/odata/parse.js';
import type { Filter } from '../../store/store.js';
import type { Actor } from '../shared/actor.js';
import type { Deps } from '../shared/deps.js';
import { expandHouse } from '../shared/houseExpand.js';
import { authorizeHouse, houseDocs, listInHouse, requireID } from '../shared/houseScope.js';
import { applyInMemory, listEntities, selectFields, type EntityPage } from '../shared/odataQuery.js';
import { entityView, toView } from '../shared/views.js';
import { requireReader, ticketForCaller } from './access.js';

/** Reading drafts: `GET /odata/HouseTicket?houseID=…`, `/odata/HouseTicket/{id}`, with `$expand`. */

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

/**
 * The navigation properties of a page of tickets: `roomTickets` (one query for the page, optionally
 * with each room ticket's `room`: one more query) and `house` (with its own expands).
 */
export async function houseExpandFor(
  actor: Actor,
  house: HouseDoc,
  tickets: HouseTicketDoc[],
  expand: ExpandOption[],
): Promise<Map<string, Record<string, unknown>>> {
  const { deps } = actor;
  const expanded = new Map<string, Record<string, unknown>>(
    tickets.map((ticket) => [ticket.houseTicketID, {}]),
  );
  for (const option of expand) {
    if (option.property === 'roomTickets') {
      const docs = await roomTicketsOf(
        deps,
        house.houseID,
        tickets.map((ticket) => ticket.houseTicketID),
      );
      const roomOption = option.query.expand.find((nested) => nested.property === 'room');
      const rooms = roomOption
        ? await listInHouse<RoomDoc>(deps, house.houseID, 'room', {
            op: 'in',
            field: 'roomID',
            values: [...new Set(docs.map((doc) => doc.roomID))],
          })
        : [];
      const roomByID = new Map(rooms.map((room) => [room.roomID, room]));
      const byTicket = groupBy(sortRoomTickets(docs), (doc) => doc.houseTicketID);
      const ordered = option.query.orderBy.length ? option.query : { ...option.query, orderBy: [] };
      for (const ticket of tickets) {
        const views = (byTicket.get(ticket.houseTicketID) ?? []).map((doc) => {
          const view: Record<string, unknown> = entityView(doc);
          if (roomOption) {
            const room = roomByID.get(doc.roomID);
            view.room = room ? (applyInMemory([toView(room)], roomOption.query)[0] ?? null) : null;
          }
          return view;
        });
        const windowed = applyInMemory(views, { ...ordered, select: undefined });
        (expanded.get(ticket.houseTicketID) as Record<string, unknown>).roomTickets = windowed.map((view) =>
          selectFields(view, option.query),
        );
      }
    } else if (option.property === 'house') {
      const view = {
        ...entityView(house),
        ...(await expandHouse(deps, actor.user, house, option.query.expand)),
      };
      const shown = selectFields(
        applyInMemory([view], { ...option.query, select: undefined })[0] ?? view,
        option.query,
      );
      for (const ticket of tickets) {
        (expanded.get(ticket.houseTicketID) as Record<string, unknown>).house = shown;
      }
    }
  }
  return expanded;
}

export async function listHouseTickets(
  actor: Actor,
  scope: { houseID?: string },
  query: ODataQuery,
): Promise<EntityPage> {
  requireReader(actor);
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, requireID(scope.houseID, 'Mã nhà trọ'));
  const docs: HouseTicketDoc[] = [];
  const page = await listEntities(
    houseDocs<HouseTicketDoc>(deps),
    { partitionKey: house.houseID, filter: { op: 'eq', field: 'type', value: 'houseTicket' } },
    { ...query, expand: [] },
    [{ field: 'month', desc: true }],
    (doc) => {
      docs.push(doc);
      return entityView(doc);
    },
  );
  if (query.expand.length === 0) return page;
  const expanded = await houseExpandFor(actor, house, docs, query.expand);
  return {
    ...page,
    value: page.value.map((entity) =>
      selectFields({ ...entity, ...expanded.get(entity.houseTicketID as string) }, query),
    ),
  };
}

export async function getHouseTicket(actor: Actor, ticketID: string, query: ODataQuery) {
  requireReader(actor);
  const { house, ticket } = await ticketForCaller(actor, ticketID);
  const expanded = await houseExpandFor(actor, house, [ticket], query.expand);
  return selectFields({ ...entityView(ticket), ...expanded.get(ticket.houseTicketID) }, query);
}
