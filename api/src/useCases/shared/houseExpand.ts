import { lesseeScope, type Caller } from '../../domain/shared/access.js';
import type { HouseDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import type { ExpandOption } from '../../domain/shared/odata/parse.js';
import type { Filter, OrderBy } from '../../store/store.js';
import type { Deps } from './deps.js';
import { loadChildren } from './expandBatch.js';
import { lessorInfoOf } from './users.js';
import { applyInMemory, selectFields } from './odataQuery.js';
import { expandRoom } from './roomExpand.js';
import { toView } from './views.js';

/** Each collection a house expands to, with the order a landlord expects when none is asked for. */
const NAVIGATIONS: Record<string, { type: HouseScopedDoc['type']; order: OrderBy[] }> = {
  rooms: { type: 'room', order: [{ field: 'floor' }, { field: 'roomName' }] },
  services: { type: 'service', order: [{ field: 'serviceName' }] },
  contracts: { type: 'contract', order: [{ field: 'startDate', desc: true }] },
  lesseeInfos: { type: 'lesseeInfo', order: [{ field: 'occupantName' }] },
  vehicles: { type: 'vehicle', order: [{ field: 'licensePlate' }] },
};

/** What a lessee may see of a house's collections: their room, their contract and its people. */
function lesseeFilter(caller: Caller, property: string): Filter | undefined {
  const scope = lesseeScope(caller);
  if (!scope) return undefined;
  const nothing: Filter = { op: 'eq', field: 'id', value: '' };
  switch (property) {
    case 'rooms':
      return scope.roomID ? { op: 'eq', field: 'roomID', value: scope.roomID } : nothing;
    case 'contracts':
    case 'lesseeInfos':
    case 'vehicles':
      return scope.contractID ? { op: 'eq', field: 'contractID', value: scope.contractID } : nothing;
    default:
      return undefined;
  }
}

/** Loads the navigation properties a client asked for, within what the caller may see. */
export async function expandHouse(
  services: Deps,
  caller: Caller,
  house: HouseDoc,
  expand: ExpandOption[],
): Promise<Record<string, unknown>> {
  const expanded: Record<string, unknown> = {};
  for (const option of expand) {
    if (option.property === 'lessorInfo') {
      const { citizenID, ...shared } = await lessorInfoOf(services, house.ownerID);
      // Tenants and staff see how to reach and pay the landlord, not their identity number.
      const info =
        caller.userID === house.ownerID && citizenID !== undefined ? { ...shared, citizenID } : shared;
      expanded.lessorInfo = applyInMemory([info], option.query)[0] ?? null;
      continue;
    }
    const navigation = NAVIGATIONS[option.property];
    if (!navigation) continue;
    const { type } = navigation;
    const restriction = lesseeFilter(caller, option.property);
    const filter: Filter = {
      op: 'and',
      items: [{ op: 'eq', field: 'type', value: type }, ...(restriction ? [restriction] : [])],
    };
    // With the other houses of the page: one query per navigation (`pk in (…)`), not one per house.
    const docs = await loadChildren<HouseScopedDoc>(services, { filter, groupBy: 'pk' }, house.houseID);
    const query = option.query.orderBy.length ? option.query : { ...option.query, orderBy: navigation.order };
    if (option.property === 'rooms' && query.expand.length > 0) {
      // `rooms($expand=meters)`: each room expanded as `/odata/Room` does (batched across the rooms).
      const rooms = applyInMemory(docs.map(toView), { ...query, select: undefined });
      expanded.rooms = await Promise.all(
        rooms.map(async (room) =>
          selectFields(
            {
              ...room,
              ...(await expandRoom(
                services,
                caller,
                { houseID: house.houseID, roomID: String(room.roomID) },
                query.expand,
              )),
            },
            query,
          ),
        ),
      );
      continue;
    }
    expanded[option.property] = applyInMemory(docs.map(toView), query);
  }
  return expanded;
}
