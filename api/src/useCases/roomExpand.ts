import { lesseeScope, type Caller } from '../domain/access.js';
import type { HouseScopedDoc, RoomDoc } from '../domain/model.js';
import type { ExpandOption } from '../domain/odata/parse.js';
import type { Filter, OrderBy } from '../store/store.js';
import type { Deps } from './deps.js';
import { applyInMemory } from './odataQuery.js';
import { listInHouse } from './houseScope.js';
import { toView } from './views.js';

interface RoomNavigation {
  type: string;
  /** How an item belongs to the room: directly, or through one of the room's contracts. */
  link: 'roomID' | 'contractID';
  /** Items of one tenancy: a lessee sees only those of their own contract. */
  perContract: boolean;
  order: OrderBy[];
}

const NAVIGATIONS: Record<string, RoomNavigation> = {
  devices: { type: 'device', link: 'roomID', perContract: false, order: [{ field: 'deviceName' }] },
  notifications: {
    type: 'notification',
    link: 'roomID',
    perContract: false,
    order: [{ field: 'createdOn', desc: true }],
  },
  contracts: {
    type: 'contract',
    link: 'roomID',
    perContract: true,
    order: [{ field: 'startDate', desc: true }],
  },
  monthlyBills: {
    type: 'monthlyBill',
    link: 'roomID',
    perContract: true,
    order: [{ field: 'createdOn', desc: true }],
  },
  issues: { type: 'issue', link: 'roomID', perContract: true, order: [{ field: 'createdOn', desc: true }] },
  lesseeInfos: {
    type: 'lesseeInfo',
    link: 'contractID',
    perContract: true,
    order: [{ field: 'occupantName' }],
  },
  vehicles: { type: 'vehicle', link: 'contractID', perContract: true, order: [{ field: 'licensePlate' }] },
};

export async function expandRoom(
  services: Deps,
  caller: Caller,
  room: RoomDoc,
  expand: ExpandOption[],
): Promise<Record<string, unknown>> {
  const expanded: Record<string, unknown> = {};
  const lessee = lesseeScope(caller);
  let roomContractIDs: string[] | undefined;
  for (const option of expand) {
    const navigation = NAVIGATIONS[option.property];
    if (!navigation) continue;
    const conditions: Filter[] = [];
    if (navigation.link === 'roomID') {
      conditions.push({ op: 'eq', field: 'roomID', value: room.roomID });
    } else {
      roomContractIDs ??= (
        await listInHouse(services, room.houseID, 'contract', {
          op: 'eq',
          field: 'roomID',
          value: room.roomID,
        })
      ).map((contract) => contract.id);
      conditions.push({ op: 'in', field: 'contractID', values: roomContractIDs });
    }
    if (lessee && navigation.perContract) {
      conditions.push({ op: 'eq', field: 'contractID', value: lessee.contractID ?? '' });
    }
    const docs = await listInHouse<HouseScopedDoc>(
      services,
      room.houseID,
      navigation.type as HouseScopedDoc['type'],
      { op: 'and', items: conditions },
    );
    const query = option.query.orderBy.length ? option.query : { ...option.query, orderBy: navigation.order };
    expanded[option.property] = applyInMemory(docs.map(toView), query);
  }
  return expanded;
}
