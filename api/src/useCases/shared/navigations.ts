import { CONTRACT_STATUS, ROLE } from '@nhatro/common';
import { lesseeScope } from '../../domain/shared/access.js';
import { newestMetersFirst } from '../../domain/meterRecords.js';
import { matches } from '../../domain/shared/odata/evaluate.js';
import type {
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  IssueDoc,
  MeterDoc,
  NotificationDoc,
  VehicleDoc,
} from '../../domain/shared/model.js';
import type { EntityModel } from '../../domain/shared/odata/model.js';
import type { ExpandOption, ODataQuery } from '../../domain/shared/odata/parse.js';
import type { Filter } from '../../store/store.js';
import type { Deps } from './deps.js';
import {
  aheadKey,
  knownKey,
  expandContext,
  expandWith,
  type Entity,
  type ExpandContext,
  type Navigation,
  type NavigationTable,
} from './expand.js';
import { loadChildren, type GroupField } from './expandBatch.js';
import { issueEntity } from './issueViews.js';
import { notificationFields } from './notificationViews.js';
import type { ExpandEntities } from './odataQuery.js';
import { roomTicketsOf, sortRoomTickets } from './roomTickets.js';
import { lessorInfoOf, shownLessorInfo } from './users.js';
import { claimedLessorInfo } from '../../domain/shared/landlordClaim.js';
import { entityView, toView } from './views.js';
import type { Caller } from '../../domain/shared/access.js';
import { ofType } from '../../domain/shared/query.js';

/**
 * Every navigation property of every entity type, declared once: `/odata/Room?$expand=devices` and
 * `/odata/Contract?$expand=room($expand=devices)` run the same loader. Each loader reads the targets
 * of a whole batch of parents (the entities of one level) with one store query per house, and a
 * tenant sees only what their own endpoints show them.
 */

function text(entity: Entity, field: string): string {
  const value = entity[field];
  return typeof value === 'string' ? value : '';
}

function where(type: HouseScopedDoc['type'], ...more: Filter[]): Filter {
  return ofType(type, ...more);
}

/** A tenant's limit on the items of a tenancy: those of the contract they live under now. */
function currentTenancy(ctx: ExpandContext): Filter[] {
  const scope = lesseeScope(ctx.caller);
  return scope ? [{ op: 'eq', field: 'contractID', value: scope.contractID ?? '' }] : [];
}

/**
 * The documents of `type` of each parent in its house, `groupBy` matching the parent's `key` field:
 * one query per house for the whole batch (useCases/shared/expandBatch.ts).
 */
function childrenOf<T extends HouseScopedDoc>(
  ctx: ExpandContext,
  parents: readonly Entity[],
  spec: { filter: Filter; groupBy: Exclude<GroupField, 'pk'>; key: string },
): Promise<T[][]> {
  const type = typeOf(spec.filter);
  return Promise.all(
    parents.map((parent) => {
      const key = text(parent, spec.key);
      if (!key) return Promise.resolve([]);
      const partitionKey = text(parent, 'houseID');
      const known = type && ctx.known.get(knownKey(partitionKey, type, spec.groupBy, key));
      if (known) return Promise.resolve(known.filter((doc) => matches(doc, spec.filter)) as T[]);
      return loadChildren<T>(ctx.deps, { partitionKey, filter: spec.filter, groupBy: spec.groupBy }, key);
    }),
  );
}

/** The type a loader's filter names (`where`). */
function typeOf(filter: Filter): string | undefined {
  const first = filter.op === 'and' ? filter.items[0] : filter;
  return first?.op === 'eq' && first.field === 'type' && typeof first.value === 'string'
    ? first.value
    : undefined;
}

/**
 * The documents of `type` in each parent house: one query with `pk in (…)` for the batch, or those read
 * ahead with the parents (`readAhead`).
 */
function inHouses<T extends HouseScopedDoc>(
  ctx: ExpandContext,
  parents: readonly Entity[],
  filter: Filter,
): Promise<T[][]> {
  return Promise.all(
    parents.map((parent) => {
      const houseID = text(parent, 'houseID');
      const ahead = ctx.ahead.get(aheadKey(houseID, filter)) as Promise<T[]> | undefined;
      return ahead ?? loadChildren<T>(ctx.deps, { filter, groupBy: 'pk' }, houseID);
    }),
  );
}

/**
 * Starts reading, in one house, the targets of each `expand` item whose navigation knows them before
 * its parents are read (`Navigation.ahead`). Asked in the same turn as a query of the parents in that
 * house through `loadChildren`, they are read in the parents' query (useCases/shared/expandBatch.ts).
 */
export function readAhead(
  ctx: ExpandContext,
  model: EntityModel,
  expand: readonly ExpandOption[],
  houseID: string,
): void {
  for (const option of expand) {
    const filter = NAVIGATIONS[model.name]?.[option.property]?.ahead?.(ctx);
    if (!filter) continue;
    const key = aheadKey(houseID, filter);
    if (ctx.ahead.has(key)) continue;
    ctx.ahead.set(key, loadChildren(ctx.deps, { partitionKey: houseID, filter, groupBy: 'pk' }, houseID));
  }
}

const views = (lists: HouseScopedDoc[][]): Entity[][] => lists.map((docs) => docs.map(toView));

/** By id, as the store returns one partition: children gathered from several contracts keep that order. */
function byID(a: HouseScopedDoc, b: HouseScopedDoc): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The contracts of each parent room (all of them: what was rented there before too). */
function roomContracts(ctx: ExpandContext, rooms: readonly Entity[]): Promise<ContractDoc[][]> {
  return childrenOf<ContractDoc>(ctx, rooms, { filter: where('contract'), groupBy: 'roomID', key: 'roomID' });
}

/** Items of the tenancies held in each parent room (occupants, vehicles), a tenant's own only. */
async function ofRoomTenancies(
  ctx: ExpandContext,
  rooms: readonly Entity[],
  type: HouseScopedDoc['type'],
): Promise<Entity[][]> {
  const contracts = await roomContracts(ctx, rooms);
  const filter = where(type, ...currentTenancy(ctx));
  const perRoom = await Promise.all(
    contracts.map((ofRoom) =>
      childrenOf(
        ctx,
        ofRoom.map((contract) => ({ houseID: contract.houseID, contractID: contract.contractID })),
        { filter, groupBy: 'contractID', key: 'contractID' },
      ),
    ),
  );
  return perRoom.map((lists) => lists.flat().sort(byID).map(toView));
}

/** A collection linked to its parent by one field (`roomID`, `contractID`), within the parent's house. */
function linked(
  type: HouseScopedDoc['type'],
  link: 'roomID' | 'contractID',
  order: Navigation['order'],
  options: {
    /** Items of one tenancy: a tenant sees only those of the contract they live under now. */
    tenancy?: boolean;
    view?: (deps: Deps, doc: HouseScopedDoc) => Entity | Promise<Entity>;
  } = {},
): Navigation {
  return {
    ...(order ? { order } : {}),
    async load(ctx, parents) {
      const filter = where(type, ...(options.tenancy ? currentTenancy(ctx) : []));
      const lists = await childrenOf(ctx, parents, { filter, groupBy: link, key: link });
      const { view } = options;
      if (!view) return views(lists);
      return Promise.all(lists.map((docs) => Promise.all(docs.map((doc) => view(ctx.deps, doc)))));
    },
  };
}

/** A collection of each parent house, a tenant's limited to `lesseeFilter`. */
function ofHouse(
  type: HouseScopedDoc['type'],
  order: Navigation['order'],
  lesseeFilter?: (caller: Caller) => Filter,
): Navigation {
  const filterOf = (ctx: ExpandContext) =>
    where(type, ...(lesseeScope(ctx.caller) && lesseeFilter ? [lesseeFilter(ctx.caller)] : []));
  return {
    ...(order ? { order } : {}),
    ahead: filterOf,
    async load(ctx, parents) {
      return views(await inHouses(ctx, parents, filterOf(ctx)));
    },
  };
}

/** One document of the parent's house named by one of the parent's fields (a contract's room). */
function named(
  type: HouseScopedDoc['type'],
  groupBy: 'id' | 'roomID',
  key: string,
  view: (doc: HouseScopedDoc) => Entity = toView,
): Navigation {
  return {
    single: true,
    async load(ctx, parents) {
      const lists = await childrenOf(ctx, parents, { filter: where(type), groupBy, key });
      return lists.map((docs) => docs.slice(0, 1).map(view));
    },
  };
}

/**
 * The landlord's details of the parent's house; its owner also sees their identity number. The owner
 * asking about a house their account lists: their own account, read for this request, without the house.
 */
const LESSOR_INFO: Navigation = {
  single: true,
  async load(ctx, parents) {
    const owners = new Map<string, ReturnType<typeof lessorInfoOf>>();
    const { caller } = ctx;
    return Promise.all(
      parents.map(async (parent) => {
        const houseID = text(parent, 'houseID');
        if (caller.roleID === ROLE.houseModerator && caller.account.ownedHouseIDs?.includes(houseID)) {
          return [shownLessorInfo(caller.account.lessorInfo)];
        }
        const house = await ctx.house(houseID);
        if (!house) return [];
        // A tenant's or staff member's token may carry the owner's current details.
        const claimed = claimedLessorInfo(caller.landlord, house);
        if (claimed) return [claimed];
        let info = owners.get(house.ownerID);
        if (!info) {
          info = lessorInfoOf(ctx.deps, house.ownerID);
          owners.set(house.ownerID, info);
        }
        const { citizenID, ...shared } = await info;
        const own = ctx.caller.userID === house.ownerID && citizenID !== undefined;
        return [own ? { ...shared, citizenID } : shared];
      }),
    );
  },
};

/** The vehicles registered to an occupant; a contract's vehicles without an owner count as the representative's. */
const OCCUPANT_VEHICLES: Navigation = {
  order: [{ field: 'licensePlate' }],
  async load(ctx, parents) {
    const lists = await childrenOf<VehicleDoc>(ctx, parents, {
      filter: where('vehicle'),
      groupBy: 'contractID',
      key: 'contractID',
    });
    return lists.map((vehicles, index) => {
      const occupant = parents[index] as Entity;
      return vehicles
        .filter(
          (vehicle) =>
            vehicle.lesseeInfoID === occupant.lesseeInfoID ||
            (!vehicle.lesseeInfoID && occupant.isRepresentative === true),
        )
        .map(toView);
    });
  },
};

/**
 * Spec §3's `RenterRepresentative` of a room: the representative of its active contract (`null` when
 * the room has none), with `occupantID` as the spec names it beside the occupant's fields.
 */
const ROOM_REPRESENTATIVE: Navigation = {
  single: true,
  async load(ctx, rooms) {
    const contracts = await roomContracts(ctx, rooms);
    const active = contracts.map((ofRoom) =>
      ofRoom.find((contract) => contract.status === CONTRACT_STATUS.active),
    );
    const people = await childrenOf(
      ctx,
      active.map((contract) =>
        contract ? { houseID: contract.houseID, lesseeInfoID: contract.representativeLesseeID } : {},
      ),
      { filter: where('lesseeInfo'), groupBy: 'id', key: 'lesseeInfoID' },
    );
    return people.map((docs) =>
      docs.slice(0, 1).map((person) => ({ occupantID: person.id, ...toView(person) })),
    );
  },
};

const OCCUPANT_ORDER = [{ field: 'occupantName' }];
const VEHICLE_ORDER = [{ field: 'licensePlate' }];
const CONTRACT_ORDER = [{ field: 'startDate', desc: true }];
const NEWEST_FIRST = [{ field: 'createdOn', desc: true }];
const NEWEST_MONTH_FIRST = [{ field: 'month', desc: true }];
const issueView = (deps: Deps, doc: HouseScopedDoc) => issueEntity(deps, doc as IssueDoc);

const ROOM_OCCUPANTS: Navigation = {
  order: OCCUPANT_ORDER,
  load: (ctx, rooms) => ofRoomTenancies(ctx, rooms, 'lesseeInfo'),
};
const CONTRACT_OCCUPANTS = linked('lesseeInfo', 'contractID', OCCUPANT_ORDER);
const HOUSE_OCCUPANTS = ofHouse('lesseeInfo', OCCUPANT_ORDER, tenancyOf);

function tenancyOf(caller: Caller): Filter {
  return { op: 'eq', field: 'contractID', value: lesseeScope(caller)?.contractID ?? '' };
}

/** A tenant's bills and reports of a contract: only while they live under it (as their own endpoints). */
function currentContractOnly(navigation: Navigation): Navigation {
  return {
    ...navigation,
    load(ctx, parents, option) {
      const scope = lesseeScope(ctx.caller);
      if (!scope) return navigation.load(ctx, parents, option);
      const visible = parents.map((parent) => (parent.contractID === scope.contractID ? parent : {}));
      return navigation.load(ctx, visible, option);
    },
  };
}

export const NAVIGATIONS: NavigationTable = {
  House: {
    rooms: ofHouse('room', [{ field: 'floor' }, { field: 'roomName' }], (caller) => ({
      op: 'eq',
      field: 'roomID',
      value: lesseeScope(caller)?.roomID ?? '',
    })),
    services: ofHouse('service', [{ field: 'serviceName' }]),
    lessorInfo: LESSOR_INFO,
    contracts: ofHouse('contract', CONTRACT_ORDER, tenancyOf),
    lesseeInfos: HOUSE_OCCUPANTS,
    lesseeInfors: HOUSE_OCCUPANTS,
    vehicles: ofHouse('vehicle', VEHICLE_ORDER, tenancyOf),
  },
  Room: {
    devices: linked('device', 'roomID', [{ field: 'deviceName' }]),
    // Newest first, replaced meters included (their final index keeps the history readable); the
    // meter in use before one replaced the same day, whatever the store's order (the sort is stable).
    meters: {
      order: [{ field: 'installedOn', desc: true }],
      async load(ctx, rooms) {
        const lists = await childrenOf<MeterDoc>(ctx, rooms, {
          filter: where('meter'),
          groupBy: 'roomID',
          key: 'roomID',
        });
        return lists.map((meters) => newestMetersFirst(meters).map(toView));
      },
    },
    contracts: linked('contract', 'roomID', CONTRACT_ORDER, { tenancy: true }),
    lesseeInfos: ROOM_OCCUPANTS,
    lesseeInfors: ROOM_OCCUPANTS,
    vehicles: { order: VEHICLE_ORDER, load: (ctx, rooms) => ofRoomTenancies(ctx, rooms, 'vehicle') },
    monthlyBills: linked('monthlyBill', 'roomID', NEWEST_MONTH_FIRST, { tenancy: true }),
    // Each with its photos' read URLs (`imageURLs`), as `/odata/Issue` shows it.
    issues: linked('issue', 'roomID', NEWEST_FIRST, { tenancy: true, view: issueView }),
    // The notices that reached the room; a tenant sees those sent to their contract, as sent to their
    // room only (read marks: /odata/Notification).
    notifications: {
      order: NEWEST_FIRST,
      async load(ctx, rooms) {
        const scope = lesseeScope(ctx.caller);
        const filter = scope
          ? where('notification', {
              op: 'arrayContains',
              field: 'contractIDs',
              value: scope.contractID ?? '',
            })
          : where('notification');
        const lists = await inHouses<NotificationDoc>(ctx, rooms, filter);
        return lists.map((notices, index) => {
          const roomID = text(rooms[index] as Entity, 'roomID');
          return notices
            .filter((notice) => notice.roomIDs.includes(roomID))
            .map((notice) => notificationFields(notice, ctx.caller));
        });
      },
    },
    renterRepresentative: ROOM_REPRESENTATIVE,
  },
  Contract: {
    room: named('room', 'roomID', 'roomID'),
    renterRepresentative: named('lesseeInfo', 'id', 'representativeLesseeID'),
    lesseeInfos: CONTRACT_OCCUPANTS,
    lesseeInfors: CONTRACT_OCCUPANTS,
    lessees: CONTRACT_OCCUPANTS,
    vehicles: linked('vehicle', 'contractID', VEHICLE_ORDER),
    contractServices: linked('contractService', 'contractID', [{ field: 'createdOn' }]),
    lessorInfo: LESSOR_INFO,
    monthlyBills: currentContractOnly(linked('monthlyBill', 'contractID', NEWEST_MONTH_FIRST)),
    issues: currentContractOnly(linked('issue', 'contractID', NEWEST_FIRST, { view: issueView })),
  },
  HouseTicket: {
    // In floor and room order, each with the `monthlyBillID` issued from it.
    roomTickets: {
      async load(ctx, tickets) {
        const byHouse = new Map<string, string[]>();
        for (const ticket of tickets) {
          const ids = byHouse.get(text(ticket, 'houseID')) ?? [];
          ids.push(text(ticket, 'houseTicketID'));
          byHouse.set(text(ticket, 'houseID'), ids);
        }
        const docs = (
          await Promise.all([...byHouse].map(([houseID, ids]) => roomTicketsOf(ctx.deps, houseID, ids)))
        ).flat();
        const sorted = sortRoomTickets(docs);
        return tickets.map((ticket) =>
          sorted
            .filter((doc) => doc.houseTicketID === ticket.houseTicketID && doc.houseID === ticket.houseID)
            .map((doc) => entityView(doc)),
        );
      },
    },
    house: {
      single: true,
      async load(ctx, tickets) {
        return Promise.all(
          tickets.map(async (ticket) => {
            const house: HouseDoc | undefined = await ctx.house(text(ticket, 'houseID'));
            return house ? [entityView(house)] : [];
          }),
        );
      },
    },
  },
  RoomTicket: { room: named('room', 'roomID', 'roomID') },
  // Spec §7: `issues($expand=createdBy,images)` gives the reporter and the photos as objects.
  Issue: {
    createdBy: {
      single: true,
      load: (_ctx, issues) =>
        Promise.resolve(issues.map((issue) => [{ userID: issue.createdBy, fullName: issue.createdByName }])),
    },
    images: {
      load: (_ctx, issues) =>
        Promise.resolve(
          issues.map((issue) => (Array.isArray(issue.imageURLs) ? (issue.imageURLs as Entity[]) : [])),
        ),
    },
  },
  Lessee: { vehicles: OCCUPANT_VEHICLES },
  LesseeInfo: { vehicles: OCCUPANT_VEHICLES },
  RenterRepresentative: { vehicles: OCCUPANT_VEHICLES },
  // A bill always carries its lines; expanded, they take the nested options.
  MonthlyBill: {
    billDetails: {
      load: (_ctx, bills) =>
        Promise.resolve(
          bills.map((bill) => (Array.isArray(bill.billDetails) ? (bill.billDetails as Entity[]) : [])),
        ),
    },
  },
};

/** The entities of `model` with the navigation properties of `expand` (nested options applied). */
export function expandEntities(
  ctx: ExpandContext,
  model: EntityModel,
  entities: readonly Entity[],
  expand: readonly ExpandOption[],
): Promise<Entity[]> {
  return expandWith(ctx, NAVIGATIONS, model, entities, expand);
}

/**
 * The expansion of a page for `listEntities`: the page's entities of `model` expanded as `query`
 * asks, for the actor (`houses`: house documents already read, so none is read twice).
 */
export function pageExpansion(
  actor: { deps: Deps; user: Caller },
  model: EntityModel,
  query: ODataQuery,
  houses: readonly HouseDoc[] = [],
  known: ReadonlyMap<string, readonly HouseScopedDoc[]> = new Map(),
): ExpandEntities {
  return (entities) => expandEntities(expandContext(actor, houses, known), model, entities, query.expand);
}

/** One entity of `model` expanded as `query` asks (before its own `$select`). */
export async function expandEntity(
  actor: { deps: Deps; user: Caller },
  model: EntityModel,
  entity: Entity,
  query: ODataQuery,
  houses: readonly HouseDoc[] = [],
  known: ReadonlyMap<string, readonly HouseScopedDoc[]> = new Map(),
): Promise<Entity> {
  const context = expandContext(actor, houses, known);
  const [expanded] = await expandEntities(context, model, [entity], query.expand);
  return expanded ?? entity;
}
