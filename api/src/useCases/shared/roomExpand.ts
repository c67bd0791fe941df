import { lesseeScope, type Caller } from '../../domain/shared/access.js';
import { newestMetersFirst } from '../../domain/meterRecords.js';
import { CONTRACT_STATUS } from '@nhatro/common';
import type {
  ContractDoc,
  HouseScopedDoc,
  IssueDoc,
  LesseeInfoDoc,
  MeterDoc,
  NotificationDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import type { ExpandOption } from '../../domain/shared/odata/parse.js';
import type { Filter, OrderBy } from '../../store/store.js';
import type { Deps } from './deps.js';
import { houseDocs } from './houseScope.js';
import { applyInMemory } from './odataQuery.js';
import { loadChildren } from './expandBatch.js';
import { issueEntity } from './issueViews.js';
import { notificationFields } from './notificationViews.js';
import { toView } from './views.js';

interface RoomNavigation {
  type: string;
  /**
   * How an item belongs to the room: directly, through one of the room's contracts, or by naming the
   * room among several (a notice sent to some rooms of the house).
   */
  link: 'roomID' | 'contractID' | 'roomIDs';
  /** Items of one tenancy: a lessee sees only those of their own contract (for `roomIDs`: sent to it). */
  perContract: boolean;
  order: OrderBy[];
  /** The item as its own endpoint shows it, when that differs from the stored fields (photo URLs). */
  view?: (
    services: Deps,
    doc: HouseScopedDoc,
    option: ExpandOption,
    caller: Caller,
  ) => Promise<Record<string, unknown>>;
}

const NAVIGATIONS: Record<string, RoomNavigation> = {
  devices: { type: 'device', link: 'roomID', perContract: false, order: [{ field: 'deviceName' }] },
  // Newest first, replaced meters included (their final index keeps the history readable).
  meters: {
    type: 'meter',
    link: 'roomID',
    perContract: false,
    order: [{ field: 'installedOn', desc: true }],
  },
  // The notices that reached the room; a tenant sees those sent to their contract, as sent to their room
  // only (read marks: /odata/Notification).
  notifications: {
    type: 'notification',
    link: 'roomIDs',
    perContract: true,
    order: [{ field: 'createdOn', desc: true }],
    view: (_services, doc, _option, caller) =>
      Promise.resolve(notificationFields(doc as NotificationDoc, caller)),
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
  // Each with its photos' read URLs (`imageURLs`), as `/odata/Issue` shows it.
  issues: {
    type: 'issue',
    link: 'roomID',
    perContract: true,
    order: [{ field: 'createdOn', desc: true }],
    view: (services, doc, option) => issueEntity(services, doc as IssueDoc, option.query.expand),
  },
  lesseeInfos: {
    type: 'lesseeInfo',
    link: 'contractID',
    perContract: true,
    order: [{ field: 'occupantName' }],
  },
  vehicles: { type: 'vehicle', link: 'contractID', perContract: true, order: [{ field: 'licensePlate' }] },
};

/** By id, as the store returns one partition: children gathered from several contracts keep that order. */
function byID(a: HouseScopedDoc, b: HouseScopedDoc): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Spec §3's `RenterRepresentative` of a room: the representative of its active contract (`null` when the
 * room has none), with `occupantID`/`occupantName` as the spec names them beside the lessee's fields.
 */
async function renterRepresentative(
  services: Deps,
  room: Pick<RoomDoc, 'houseID' | 'roomID'>,
  option: ExpandOption,
): Promise<Record<string, unknown> | null> {
  const contracts = await loadChildren(
    services,
    { partitionKey: room.houseID, filter: { op: 'eq', field: 'type', value: 'contract' }, groupBy: 'roomID' },
    room.roomID,
  );
  const active = contracts.find((contract) => (contract as ContractDoc).status === CONTRACT_STATUS.active) as
    ContractDoc | undefined;
  if (!active) return null;
  const person = await houseDocs<LesseeInfoDoc>(services).read(room.houseID, active.representativeLesseeID);
  if (person?.type !== 'lesseeInfo') return null;
  const view = { occupantID: person.lesseeInfoID, ...toView(person) };
  return applyInMemory([view], option.query)[0] ?? null;
}

/**
 * Loads the navigation properties a client asked for, within what the caller may see. Rooms of one
 * page are expanded together (useCases/shared/expandBatch.ts): one query per navigation with `roomID in (…)`
 * (and one for the rooms' contracts), not one per room.
 */
export async function expandRoom(
  services: Deps,
  caller: Caller,
  room: Pick<RoomDoc, 'houseID' | 'roomID'>,
  expand: ExpandOption[],
): Promise<Record<string, unknown>> {
  const expanded: Record<string, unknown> = {};
  const lessee = lesseeScope(caller);
  const partitionKey = room.houseID;
  let roomContractIDs: Promise<string[]> | undefined;
  for (const option of expand) {
    if (option.property === 'renterRepresentative') {
      expanded.renterRepresentative = await renterRepresentative(services, room, option);
      continue;
    }
    const navigation = NAVIGATIONS[option.property];
    if (!navigation) continue;
    const conditions: Filter[] = [{ op: 'eq', field: 'type', value: navigation.type }];
    if (lessee && navigation.perContract) {
      conditions.push(
        navigation.link === 'roomIDs'
          ? { op: 'arrayContains', field: 'contractIDs', value: lessee.contractID ?? '' }
          : { op: 'eq', field: 'contractID', value: lessee.contractID ?? '' },
      );
    }
    const filter: Filter = { op: 'and', items: conditions };
    let docs: HouseScopedDoc[];
    if (navigation.link === 'roomIDs') {
      // One query for the house's notices, shared by the rooms of a page; each room keeps its own.
      const ofHouse = await loadChildren(services, { filter, groupBy: 'pk' }, partitionKey);
      docs = ofHouse.filter((doc) => (doc as NotificationDoc).roomIDs.includes(room.roomID));
    } else if (navigation.link === 'roomID') {
      docs = await loadChildren(services, { partitionKey, filter, groupBy: 'roomID' }, room.roomID);
      // The meter in use before one replaced the same day, whatever the store's order (the sort is stable).
      if (navigation.type === 'meter') docs = newestMetersFirst(docs as MeterDoc[]);
    } else {
      roomContractIDs ??= loadChildren(
        services,
        { partitionKey, filter: { op: 'eq', field: 'type', value: 'contract' }, groupBy: 'roomID' },
        room.roomID,
      ).then((contracts) => contracts.map((contract) => contract.id));
      const contractIDs = await roomContractIDs;
      const perContract = await Promise.all(
        contractIDs.map((contractID) =>
          loadChildren(services, { partitionKey, filter, groupBy: 'contractID' }, contractID),
        ),
      );
      docs = perContract.flat().sort(byID);
    }
    const query = option.query.orderBy.length ? option.query : { ...option.query, orderBy: navigation.order };
    // A room holds few reports: each gets its read URLs before the nested query picks among them.
    const { view } = navigation;
    const items = view
      ? await Promise.all(docs.map((doc) => view(services, doc, option, caller)))
      : docs.map(toView);
    expanded[option.property] = applyInMemory(items, query);
  }
  return expanded;
}
