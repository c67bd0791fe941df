import {
  BILL_DUE_DAYS,
  BILL_MESSAGES,
  BILL_STATUS,
  LEVEL,
  ROLE,
  TICKET_STATUS,
  type HouseTicketPatchInput,
} from '@nhatro/common';
import { hasPermission } from '../../domain/shared/access.js';
import { billName, computeBill, sumLines, type BillReading } from '../../domain/shared/bills.js';
import { billCode } from '../shared/billCodes.js';
import { AppError } from '../../domain/shared/errors.js';
import {
  billedInMonth,
  effectiveBillingDay,
  addDays,
  houseOfTicketID,
  houseTicketID,
  lineFromInput,
  monthBounds,
  monthlyBillID,
  roomTicketID,
  ticketDueDate,
} from '../../domain/houseTickets.js';
import { packBatches } from '../../domain/shared/batches.js';
import { MAX_BATCH_OPS } from '../../domain/shared/batches.js';
import type {
  ContractDoc,
  ContractServiceDoc,
  FeeDoc,
  HouseDoc,
  HouseScopedDoc,
  HouseTicketDoc,
  LesseeInfoDoc,
  MeterRecordDoc,
  MonthlyBillDoc,
  RoomDoc,
  RoomTicketDoc,
  VehicleDoc,
} from '../../domain/shared/model.js';
import type { ExpandOption, ODataQuery } from '../../domain/shared/odata/parse.js';
import { billIssuedText } from '../../domain/shared/outboxTexts.js';
import type { Filter } from '../../domain/shared/query.js';
import { vietnamDate, vietnamMonth } from '../../domain/shared/time.js';
import { isStoreError, type BatchOp } from '../../store/store.js';
import { audit, type Actor } from '../shared/actor.js';
import { recordAudit, type RequestOrigin } from '../shared/audit.js';
import { platformBillingDay } from '../shared/platformSettings.js';
import { billChangesIn } from '../shared/houseTotals.js';
import { batchWithTotals } from '../shared/houseTotals.js';
import type { Deps } from '../shared/deps.js';
import { expandHouse } from '../shared/houseExpand.js';
import {
  assertCurrent,
  authorizeHouse,
  houseDocs,
  listInHouse,
  requireID,
  acrossHouses,
} from '../shared/houseScope.js';
import { applyInMemory, listEntities, selectFields, type EntityPage } from '../shared/odataQuery.js';
import { tenantRecipients } from '../shared/outboxMessages.js';
import { outboxCreate } from '../shared/outboxMessages.js';
import { entityView, toView } from '../shared/views.js';
import { groupBy } from '../../domain/shared/groupBy.js';

/**
 * The monthly draft of a house (house ticket) with one room ticket per contract the month bills, the
 * daily timer that drafts it on the billing day, saving the landlord's edits and issuing the bills.
 *
 * Costs: drafting reads a house's facts with a fixed number of queries (fees, rooms, contracts, their
 * services, occupants and vehicles, the month's readings, open bills) whatever its size, and writes in
 * batches of 100. Ids are deterministic (domain/houseTickets.ts), so nothing is read before a write to
 * find out whether it exists: a `create` that conflicts means "already there".
 */

const TIMER_ORIGIN: RequestOrigin = { ip: 'timer', userAgent: 'billingDayDrafts' };

const MESSAGES = {
  debtChanged: (name: string) =>
    `Khoản nợ của "${name}" đã thay đổi sau khi lập bảng kê (đã thanh toán hoặc đã chuyển nợ): hãy tính lại bảng kê trước khi phát hành.`,
  debtUnknown: 'Khoản nợ chuyển sang không thuộc hợp đồng của phòng này hoặc không còn nợ.',
  duplicateRoomTicket: 'Mỗi phiếu phòng chỉ được gửi một lần.',
  roomTicketIssued: 'Phiếu phòng này đã có hóa đơn: hãy phát hành lại bảng kê để hoàn tất.',
} as const;

// ---------------------------------------------------------------------------------------------------
// The facts of a house for one month: a fixed number of queries.

interface HouseFacts {
  house: HouseDoc;
  month: string;
  fees: FeeDoc[];
  rooms: Map<string, RoomDoc>;
  /** Contracts that ran on some day of the month. */
  contracts: ContractDoc[];
  servicesByContract: Map<string, ContractServiceDoc[]>;
  occupantsByContract: Map<string, number>;
  vehiclesByContract: Map<string, VehicleDoc[]>;
  readingsByRoom: Map<string, Partial<Record<'electricity' | 'water', MeterRecordDoc>>>;
  /** Unpaid and partly paid bills of earlier months, by contract. */
  debtsByContract: Map<string, MonthlyBillDoc[]>;
  /** Contracts that already have a bill of this month. */
  billedContracts: Set<string>;
}

async function houseFacts(deps: Deps, house: HouseDoc, month: string): Promise<HouseFacts> {
  const houseID = house.houseID;
  const { first, last } = monthBounds(month);
  const [fees, rooms, contracts, services, occupants, vehicles, readings, bills] = await Promise.all([
    listInHouse<FeeDoc>(deps, houseID, 'service'),
    listInHouse<RoomDoc>(deps, houseID, 'room'),
    listInHouse<ContractDoc>(deps, houseID, 'contract', {
      op: 'and',
      items: [
        { op: 'le', field: 'startDate', value: last },
        {
          op: 'or',
          items: [
            { op: 'ge', field: 'endDate', value: first },
            { op: 'ge', field: 'terminatedOn', value: first },
          ],
        },
      ],
    }),
    listInHouse<ContractServiceDoc>(deps, houseID, 'contractService'),
    listInHouse<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', { op: 'eq', field: 'status', value: 1 }),
    listInHouse<VehicleDoc>(deps, houseID, 'vehicle'),
    listInHouse<MeterRecordDoc>(deps, houseID, 'meterRecord', { op: 'eq', field: 'month', value: month }),
    listInHouse<MonthlyBillDoc>(deps, houseID, 'monthlyBill', {
      op: 'or',
      items: [
        { op: 'in', field: 'status', values: [BILL_STATUS.unpaid, BILL_STATUS.partlyPaid] },
        { op: 'eq', field: 'month', value: month },
      ],
    }),
  ]);
  const billable = contracts.filter((contract) => billedInMonth(contract, month));
  const readingsByRoom = new Map<string, Partial<Record<'electricity' | 'water', MeterRecordDoc>>>();
  for (const reading of readings) {
    const own = readingsByRoom.get(reading.roomID) ?? {};
    own[reading.kind] = reading;
    readingsByRoom.set(reading.roomID, own);
  }
  const occupantsByContract = new Map<string, number>();
  for (const person of occupants) {
    occupantsByContract.set(person.contractID, (occupantsByContract.get(person.contractID) ?? 0) + 1);
  }
  return {
    house,
    month,
    // The bill lists services in the order a house shows them (by name), whatever the store's order.
    fees: [...fees].sort((a, b) => a.serviceName.localeCompare(b.serviceName, 'vi')),
    rooms: new Map(rooms.map((room) => [room.roomID, room])),
    contracts: billable,
    servicesByContract: groupBy(services, (service) => service.contractID),
    occupantsByContract,
    vehiclesByContract: groupBy(vehicles, (vehicle) => vehicle.contractID),
    readingsByRoom,
    debtsByContract: groupBy(
      bills.filter(
        (bill) =>
          bill.month < month &&
          (bill.status === BILL_STATUS.unpaid || bill.status === BILL_STATUS.partlyPaid),
      ),
      (bill) => bill.contractID,
    ),
    billedContracts: new Set(bills.filter((bill) => bill.month === month).map((bill) => bill.contractID)),
  };
}

function billReading(record: MeterRecordDoc | undefined): BillReading | undefined {
  if (!record) return undefined;
  return {
    previousIndex: record.previousIndex,
    newIndex: record.newIndex,
    usage: record.usage,
    ...(record.replacement
      ? {
          replacement: {
            oldMeterFinalIndex: record.replacement.oldMeterFinalIndex,
            newMeterStartIndex: record.replacement.newMeterStartIndex,
          },
        }
      : {}),
  };
}

/** The computed part of a room ticket: lines, total, readings still missing, a flagged reading. */
function computedTicket(facts: HouseFacts, contract: ContractDoc) {
  const readings = facts.readingsByRoom.get(contract.roomID) ?? {};
  const electricity = billReading(readings.electricity);
  const water = billReading(readings.water);
  const computed = computeBill({
    month: facts.month,
    contract: {
      contractID: contract.contractID,
      startDate: contract.startDate,
      endDate: contract.endDate,
      ...(contract.terminatedOn ? { terminatedOn: contract.terminatedOn } : {}),
      rentFee: contract.rentFee,
      ...(contract.rentFromMonth ? { rentFromMonth: contract.rentFromMonth } : {}),
      ...(contract.previousRentFee !== undefined ? { previousRentFee: contract.previousRentFee } : {}),
    },
    fees: facts.fees,
    contractServices: (facts.servicesByContract.get(contract.contractID) ?? []).map((service) => ({
      serviceID: service.serviceID,
      ...(service.vehicleID ? { vehicleID: service.vehicleID } : {}),
    })),
    // The representative is always a registered occupant.
    occupants: Math.max(1, facts.occupantsByContract.get(contract.contractID) ?? 0),
    vehicles: (facts.vehiclesByContract.get(contract.contractID) ?? []).map((vehicle) => ({
      vehicleID: vehicle.vehicleID,
      licensePlate: vehicle.licensePlate,
    })),
    readings: { ...(electricity ? { electricity } : {}), ...(water ? { water } : {}) },
    debts: (facts.debtsByContract.get(contract.contractID) ?? [])
      .map((bill) => ({
        monthlyBillID: bill.monthlyBillID,
        billName: bill.billName,
        owed: bill.total - bill.paidAmount,
      }))
      .filter((debt) => debt.owed > 0),
  });
  return {
    lines: computed.lines,
    total: computed.total,
    missingReadings: [...computed.missingReadings],
    flagged: Boolean(readings.electricity?.flagged || readings.water?.flagged),
  };
}

function newRoomTicket(facts: HouseFacts, ticketID: string, contract: ContractDoc): RoomTicketDoc {
  const room = facts.rooms.get(contract.roomID);
  const id = roomTicketID(contract.contractID, facts.month);
  return {
    id,
    pk: facts.house.houseID,
    type: 'roomTicket',
    roomTicketID: id,
    houseTicketID: ticketID,
    houseID: facts.house.houseID,
    roomID: contract.roomID,
    contractID: contract.contractID,
    roomName: room?.roomName ?? '',
    floor: room?.floor ?? 0,
    month: facts.month,
    excluded: false,
    ...computedTicket(facts, contract),
  };
}

// ---------------------------------------------------------------------------------------------------
// Drafting.

async function billingDayOf(deps: Deps, house: HouseDoc, platformDay?: number): Promise<number> {
  return effectiveBillingDay(house, platformDay ?? (await platformBillingDay(deps)));
}

export interface DraftResult {
  ticket: HouseTicketDoc | undefined;
  /** True when this call wrote the draft; false when it was there already (or nothing to bill). */
  created: boolean;
  roomTickets: number;
}

/**
 * The draft of `month` for a house: a house ticket and one room ticket per contract the month bills
 * (not yet billed for it), lines from `computeBill`. Idempotent: an existing ticket is returned and
 * nothing is written. Room tickets are written first and the ticket last, so a run that stopped half way
 * is completed by the next one (its room tickets are overwritten with the same ids).
 */
export async function draftHouseTicket(
  deps: Deps,
  house: HouseDoc,
  month: string,
  options: { platformDay?: number } = {},
): Promise<DraftResult> {
  const container = houseDocs<HouseScopedDoc>(deps);
  const ticketID = houseTicketID(house.houseID, month);
  const existing = await container.read(house.houseID, ticketID);
  if (existing?.type === 'houseTicket') return { ticket: existing, created: false, roomTickets: 0 };

  const facts = await houseFacts(deps, house, month);
  const contracts = facts.contracts.filter((contract) => !facts.billedContracts.has(contract.contractID));
  if (contracts.length === 0) return { ticket: undefined, created: false, roomTickets: 0 };
  const billingDay = await billingDayOf(deps, house, options.platformDay);
  const ticket: HouseTicketDoc = {
    id: ticketID,
    pk: house.houseID,
    type: 'houseTicket',
    houseTicketID: ticketID,
    houseID: house.houseID,
    month,
    status: TICKET_STATUS.draft,
    createdOn: deps.now().toISOString(),
    dueDate: ticketDueDate(month, billingDay, vietnamDate(deps.now())),
  };
  const roomTickets = contracts.map((contract) => newRoomTicket(facts, ticketID, contract));
  for (let start = 0; start < roomTickets.length; start += MAX_BATCH_OPS) {
    const docs = roomTickets.slice(start, start + MAX_BATCH_OPS);
    try {
      await container.batch(
        house.houseID,
        docs.map((doc) => ({ op: 'create', doc })),
      );
    } catch (error) {
      if (!isStoreError(error, 'conflict')) throw error;
      // Someone drafted meanwhile (their ticket is the draft), or an earlier run stopped half way.
      const other = await container.read(house.houseID, ticketID);
      if (other?.type === 'houseTicket') return { ticket: other, created: false, roomTickets: 0 };
      await container.batch(
        house.houseID,
        docs.map((doc) => ({ op: 'upsert', doc })),
      );
    }
  }
  try {
    const created = await container.create(ticket);
    return { ticket: created as HouseTicketDoc, created: true, roomTickets: roomTickets.length };
  } catch (error) {
    if (!isStoreError(error, 'conflict')) throw error;
    const other = await container.read(house.houseID, ticketID);
    return { ticket: other as HouseTicketDoc, created: false, roomTickets: 0 };
  }
}

function requireFullBilling(actor: Actor): void {
  if (!hasPermission(actor.user, 'billing', LEVEL.full)) throw AppError.forbidden();
}

/** `POST /api/HouseTicket/Draft`: the landlord drafts now (before the billing day); idempotent. */
export async function draftHouseTicketNow(
  actor: Actor,
  input: { houseID: string; month?: string | undefined },
): Promise<{ created: boolean; ticket: Record<string, unknown> }> {
  requireFullBilling(actor);
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, input.houseID);
  const month = input.month ?? vietnamMonth(deps.now());
  const result = await draftHouseTicket(deps, house, month);
  if (!result.ticket) throw AppError.conflict(BILL_MESSAGES.nothingToIssue);
  if (result.created) {
    await audit(actor, {
      action: 'create',
      entity: 'houseTicket',
      entityID: result.ticket.houseTicketID,
      houseID: house.houseID,
      details: { month, roomTickets: result.roomTickets },
    });
  }
  return { created: result.created, ticket: await ticketWithRoomTickets(deps, result.ticket) };
}

export interface DraftRunSummary {
  month: string;
  today: string;
  /** Houses whose billing day of this month has come. */
  due: number;
  /** Houses that had this month's ticket already. */
  alreadyDrafted: number;
  drafted: Array<{ houseID: string; roomTickets: number }>;
  /** Due houses without a contract to bill this month (checked again tomorrow). */
  nothingToBill: number;
  failed: Array<{ houseID: string; error: string }>;
}

/**
 * The daily timer: every house whose billing day of this (Vietnam) month has come, today or earlier
 * (a missed day is caught up), and that has no ticket for the month gets its draft. One query over the
 * houses and one over the month's tickets, then the drafting of each house still due.
 */
export async function draftDueHouseTickets(deps: Deps): Promise<DraftRunSummary> {
  const now = deps.now();
  const month = vietnamMonth(now);
  const today = vietnamDate(now);
  const day = Number(today.slice(8, 10));
  const [platformDay, houses, tickets] = await Promise.all([
    platformBillingDay(deps),
    acrossHouses<HouseDoc>(deps, { op: 'eq', field: 'type', value: 'house' }),
    acrossHouses<HouseTicketDoc>(deps, {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'houseTicket' },
        { op: 'eq', field: 'month', value: month },
      ],
    }),
  ]);
  const drafted = new Set(tickets.map((ticket) => ticket.houseID));
  const summary: DraftRunSummary = {
    month,
    today,
    due: 0,
    alreadyDrafted: 0,
    drafted: [],
    nothingToBill: 0,
    failed: [],
  };
  for (const house of houses) {
    if (day < effectiveBillingDay(house, platformDay)) continue;
    summary.due += 1;
    if (drafted.has(house.houseID)) {
      summary.alreadyDrafted += 1;
      continue;
    }
    try {
      const result = await draftHouseTicket(deps, house, month, {
        ...(platformDay !== undefined ? { platformDay } : {}),
      });
      if (!result.ticket) summary.nothingToBill += 1;
      else if (!result.created) summary.alreadyDrafted += 1;
      else {
        summary.drafted.push({ houseID: house.houseID, roomTickets: result.roomTickets });
        await recordAudit(deps, null, TIMER_ORIGIN, {
          action: 'create',
          entity: 'houseTicket',
          entityID: result.ticket.houseTicketID,
          houseID: house.houseID,
          details: { month, roomTickets: result.roomTickets },
        });
      }
    } catch (error) {
      // One house's failure must not stop the others; tomorrow's run tries it again.
      summary.failed.push({
        houseID: house.houseID,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return summary;
}

// ---------------------------------------------------------------------------------------------------
// Reading: GET /odata/HouseTicket?houseID=…, /odata/HouseTicket/{id}, with $expand.

/**
 * The room tickets of some tickets, each with the `monthlyBillID` of the bill issued from it. Issuing
 * does not rewrite the room tickets (one write per bill less): a bill names its ticket and contract.
 */
async function roomTicketsOf(deps: Deps, houseID: string, ticketIDs: string[]): Promise<RoomTicketDoc[]> {
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

/** A ticket with its room tickets in floor and room order (the reply of drafting and saving). */
async function ticketWithRoomTickets(deps: Deps, ticket: HouseTicketDoc): Promise<Record<string, unknown>> {
  const roomTickets = await roomTicketsOf(deps, ticket.houseID, [ticket.houseTicketID]);
  return {
    ...entityView(ticket),
    roomTickets: sortRoomTickets(roomTickets).map((doc) => entityView(doc)),
  };
}

function sortRoomTickets(docs: RoomTicketDoc[]): RoomTicketDoc[] {
  return [...docs].sort(
    (a, b) => a.floor - b.floor || a.roomName.localeCompare(b.roomName, 'vi', { numeric: true }),
  );
}

/**
 * The navigation properties of a page of tickets: `roomTickets` (one query for the page, optionally
 * with each room ticket's `room`: one more query) and `house` (with its own expands).
 */
async function houseExpandFor(
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

function requireReader(actor: Actor): void {
  // Drafts are the landlord's and staff's work; a tenant sees their bills, not the house's draft.
  if (actor.user.roleID !== ROLE.houseModerator && actor.user.roleID !== ROLE.staff) {
    throw AppError.forbidden();
  }
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

/** A ticket of a house the caller may touch, by id (`<houseID>_<month>` names its partition). */
async function ticketForCaller(
  actor: Actor,
  ticketID: string,
): Promise<{ house: HouseDoc; ticket: HouseTicketDoc }> {
  const named = houseOfTicketID(ticketID);
  if (!named) throw AppError.notFound();
  const house = await authorizeHouse(actor.deps, actor.user, named.houseID);
  const ticket = await houseDocs<HouseScopedDoc>(actor.deps).read(house.houseID, ticketID);
  if (ticket?.type !== 'houseTicket') throw AppError.notFound();
  return { house, ticket };
}

export async function getHouseTicket(actor: Actor, ticketID: string, query: ODataQuery) {
  requireReader(actor);
  const { house, ticket } = await ticketForCaller(actor, ticketID);
  const expanded = await houseExpandFor(actor, house, [ticket], query.expand);
  return selectFields({ ...entityView(ticket), ...expanded.get(ticket.houseTicketID) }, query);
}

// ---------------------------------------------------------------------------------------------------
// Saving and issuing: PATCH /odata/HouseTicket.

type Op = BatchOp<HouseScopedDoc>;

/**
 * Writes groups of operations in batches of at most 100, the ticket's own write last (in the last
 * batch): its ETag changes only when everything before it was written.
 */
async function writeGroups(
  deps: Deps,
  houseID: string,
  groups: Op[][],
  last: Op,
  billsBefore: ReadonlyMap<string, MonthlyBillDoc>,
): Promise<void> {
  // One place of each batch is kept for the update of the house's totals (dashboardReport.ts).
  const limit = MAX_BATCH_OPS - 1;
  const batches = packBatches(groups, limit);
  const final = batches[batches.length - 1];
  if (final && final.length < limit) final.push(last);
  else batches.push([last]);
  for (const batch of batches) {
    const changes = billChangesIn(batch, billsBefore);
    if (changes.length === 0) await houseDocs<HouseScopedDoc>(deps).batch(houseID, batch);
    else await batchWithTotals(deps, houseID, batch, changes);
  }
}

function replaceOp(doc: HouseScopedDoc): Op {
  return { op: 'replace', doc, ...(doc._etag ? { ifMatch: doc._etag } : {}) };
}

/**
 * Saves a draft's edits (lines typed by hand, rooms excluded, the due date), recomputes the rooms not
 * edited by hand (`recompute`: after late readings; contracts new since the draft get their room
 * ticket), and issues it (`issue`): every room not excluded becomes a monthly bill, all or nothing.
 */
export async function updateHouseTicket(
  actor: Actor,
  ticketID: string,
  input: Partial<Omit<HouseTicketPatchInput, 'houseTicketID'>>,
  ifMatch: string | undefined,
): Promise<Record<string, unknown>> {
  requireFullBilling(actor);
  const { deps } = actor;
  const { house, ticket } = await ticketForCaller(actor, ticketID);
  assertCurrent(ticket, ifMatch);
  const edits = input.roomTickets ?? [];
  const nothing =
    edits.length === 0 && input.dueDate === undefined && input.recompute !== true && input.issue !== true;
  if (nothing) return ticketWithRoomTickets(deps, ticket);
  if (ticket.status === TICKET_STATUS.issued) throw AppError.conflict(BILL_MESSAGES.alreadyIssued);

  // Everything is checked and computed before the first write.
  const stored = await roomTicketsOf(deps, house.houseID, [ticket.houseTicketID]);
  const byID = new Map(stored.map((doc) => [doc.roomTicketID, doc]));
  const next = new Map<string, RoomTicketDoc>();
  const seen = new Set<string>();
  const fieldErrors: Array<{ field: string; errorMessage: string }> = [];
  edits.forEach((edit, index) => {
    const field = `roomTickets.${index}.roomTicketID`;
    const current = byID.get(edit.roomTicketID);
    if (!current) fieldErrors.push({ field, errorMessage: BILL_MESSAGES.unknownRoomTicket });
    else if (seen.has(edit.roomTicketID))
      fieldErrors.push({ field, errorMessage: MESSAGES.duplicateRoomTicket });
    seen.add(edit.roomTicketID);
  });
  if (fieldErrors.length > 0) throw AppError.validation(fieldErrors);
  for (const edit of edits) {
    const current = byID.get(edit.roomTicketID) as RoomTicketDoc;
    if (current.monthlyBillID) throw AppError.conflict(MESSAGES.roomTicketIssued);
    const changed: RoomTicketDoc = { ...current };
    if (edit.excluded !== undefined) changed.excluded = edit.excluded;
    if (edit.lines !== undefined) {
      changed.lines = edit.lines.map(lineFromInput);
      changed.total = sumLines(changed.lines);
      changed.editedByHand = true;
    }
    next.set(changed.roomTicketID, changed);
  }

  const added: RoomTicketDoc[] = [];
  if (input.recompute) {
    const facts = await houseFacts(deps, house, ticket.month);
    for (const contract of facts.contracts) {
      const id = roomTicketID(contract.contractID, ticket.month);
      const current = next.get(id) ?? byID.get(id);
      if (!current) {
        if (!facts.billedContracts.has(contract.contractID))
          added.push(newRoomTicket(facts, ticket.houseTicketID, contract));
        continue;
      }
      if (current.editedByHand || current.monthlyBillID) continue;
      next.set(id, { ...current, ...computedTicket(facts, contract) });
    }
  }

  const updatedTicket: HouseTicketDoc = {
    ...ticket,
    ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
  };
  const ticketOps: Op[][] = [
    ...[...next.values()].map((doc) => [replaceOp(doc)]),
    ...added.map((doc): Op[] => [{ op: 'create', doc }]),
  ];

  if (!input.issue) {
    await runWrites(deps, house.houseID, ticket, ticketOps, replaceOp(updatedTicket));
    await audit(actor, {
      action: 'update',
      entity: 'houseTicket',
      entityID: ticket.houseTicketID,
      houseID: house.houseID,
      details: { edited: edits.length, recomputed: input.recompute === true, added: added.length },
    });
    return ticketWithRoomTickets(deps, await rereadTicket(deps, ticket));
  }

  const final = [...stored.map((doc) => next.get(doc.roomTicketID) ?? doc), ...added];
  const groups = await issueGroups(deps, house, updatedTicket, final);
  const issuedTicket: HouseTicketDoc = {
    ...updatedTicket,
    status: TICKET_STATUS.issued,
    issuedOn: deps.now().toISOString(),
    issuedBy: actor.user.userID,
  };
  // Rooms edited, excluded or added by this request are saved with the bills.
  await runWrites(
    deps,
    house.houseID,
    ticket,
    [...ticketOps, ...groups.ops],
    replaceOp(issuedTicket),
    groups.billsBefore,
  );
  await audit(actor, {
    action: 'issue',
    entity: 'houseTicket',
    entityID: ticket.houseTicketID,
    houseID: house.houseID,
    details: { bills: groups.created, carriedOver: groups.carried },
  });
  return issuedReply(deps, ticket, final, ticketOps);
}

/**
 * The reply of an issue, from what it just wrote rather than from a second read of every room ticket
 * and bill: only the room tickets this request rewrote are read again (for their new ETags).
 */
async function issuedReply(
  deps: Deps,
  ticket: HouseTicketDoc,
  roomTickets: RoomTicketDoc[],
  ticketOps: Op[][],
): Promise<Record<string, unknown>> {
  const container = houseDocs<HouseScopedDoc>(deps);
  const rewritten = new Set(ticketOps.flat().flatMap((op) => (op.op === 'delete' ? [] : [op.doc.id])));
  const current = await Promise.all(
    roomTickets.map(async (doc) => {
      const fresh = rewritten.has(doc.id) ? await container.read(doc.pk, doc.id) : doc;
      const latest = fresh?.type === 'roomTicket' ? fresh : doc;
      return doc.excluded ? latest : { ...latest, monthlyBillID: monthlyBillID(doc.contractID, doc.month) };
    }),
  );
  return {
    ...entityView(await rereadTicket(deps, ticket)),
    roomTickets: sortRoomTickets(current).map((doc) => entityView(doc)),
  };
}

async function rereadTicket(deps: Deps, ticket: HouseTicketDoc): Promise<HouseTicketDoc> {
  const doc = await houseDocs<HouseScopedDoc>(deps).read(ticket.houseID, ticket.houseTicketID);
  return doc?.type === 'houseTicket' ? doc : ticket;
}

/**
 * The writes of a save or an issue; a concurrent writer shows as a stale ETag or an existing id:
 * an issued ticket answers 409 "already issued", anything else 412 (reload and try again).
 */
async function runWrites(
  deps: Deps,
  houseID: string,
  ticket: HouseTicketDoc,
  groups: Op[][],
  last: Op,
  billsBefore: ReadonlyMap<string, MonthlyBillDoc> = new Map(),
): Promise<void> {
  try {
    await writeGroups(deps, houseID, groups, last, billsBefore);
  } catch (error) {
    if (!isStoreError(error, 'conflict', 'precondition_failed')) throw error;
    const now = await rereadTicket(deps, ticket);
    if (now.status === TICKET_STATUS.issued) throw AppError.conflict(BILL_MESSAGES.alreadyIssued);
    throw AppError.stale();
  }
}

/**
 * The bills of an issue, one group per room (the new bill, the earlier bills whose remainder it
 * carries, now status 4, and the message telling the tenant): a group is one batch, so a debt is never
 * carried without its new bill and a bill never exists without its message. A room ticket that already
 * has its bill (an issue that stopped half way) is skipped: the retry completes the issue without a
 * second bill.
 */
async function issueGroups(
  deps: Deps,
  house: HouseDoc,
  ticket: HouseTicketDoc,
  roomTickets: RoomTicketDoc[],
): Promise<{ ops: Op[][]; created: number; carried: number; billsBefore: Map<string, MonthlyBillDoc> }> {
  const billable = roomTickets.filter((doc) => !doc.excluded);
  if (billable.length === 0) throw AppError.conflict(BILL_MESSAGES.nothingToIssue);
  const pending = billable.filter((doc) => !doc.monthlyBillID);

  const debtIDs = [
    ...new Set(
      pending.flatMap((doc) =>
        doc.lines.flatMap((line) => (line.kind === 'debt' && line.fromBillID ? [line.fromBillID] : [])),
      ),
    ),
  ];
  const oldBills = new Map<string, MonthlyBillDoc>();
  for (let start = 0; start < debtIDs.length; start += 500) {
    const chunk = debtIDs.slice(start, start + 500);
    for (const bill of await listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill', {
      op: 'in',
      field: 'monthlyBillID',
      values: chunk,
    })) {
      oldBills.set(bill.monthlyBillID, bill);
    }
  }

  const contractIDs = [...new Set(pending.map((doc) => doc.contractID))];
  const contracts: ContractDoc[] = [];
  for (let start = 0; start < contractIDs.length; start += 500) {
    contracts.push(
      ...(await listInHouse<ContractDoc>(deps, house.houseID, 'contract', {
        op: 'in',
        field: 'contractID',
        values: contractIDs.slice(start, start + 500),
      })),
    );
  }
  const recipients = await tenantRecipients(deps, house.houseID, contracts);

  const createdOn = deps.now().toISOString();
  const today = vietnamDate(deps.now());
  const carriedBy = new Map<string, string>();
  const ops: Op[][] = [];
  for (const doc of pending) {
    const id = monthlyBillID(doc.contractID, doc.month);
    const group: Op[] = [];
    const bill: MonthlyBillDoc = {
      id,
      pk: house.houseID,
      type: 'monthlyBill',
      monthlyBillID: id,
      houseID: house.houseID,
      roomID: doc.roomID,
      contractID: doc.contractID,
      houseTicketID: ticket.houseTicketID,
      month: doc.month,
      billName: billName(doc.month, doc.roomName),
      billCode: billCode(id),
      createdOn,
      dueDate: ticket.dueDate < today ? addDays(today, BILL_DUE_DAYS) : ticket.dueDate,
      total: doc.total,
      paidAmount: 0,
      status: BILL_STATUS.unpaid,
      billDetails: doc.lines,
      payments: [],
    };
    group.push({ op: 'create', doc: bill });
    const recipient = recipients.get(doc.contractID) ?? {};
    group.push(
      outboxCreate(deps, house.houseID, {
        event: 'billIssued',
        houseID: house.houseID,
        recipient,
        ...billIssuedText(bill, house.houseName, recipient, deps.config.webOrigin),
        subjectID: id,
      }),
    );
    for (const line of doc.lines) {
      if (line.kind !== 'debt' || !line.fromBillID) continue;
      const old = oldBills.get(line.fromBillID);
      if (!old || old.contractID !== doc.contractID) throw AppError.badRequest(MESSAGES.debtUnknown);
      const owed = old.total - old.paidAmount;
      const open = old.status === BILL_STATUS.unpaid || old.status === BILL_STATUS.partlyPaid;
      if (!open || carriedBy.has(old.monthlyBillID) || line.amount > owed) {
        throw AppError.conflict(MESSAGES.debtChanged(old.billName));
      }
      carriedBy.set(old.monthlyBillID, id);
      group.push(replaceOp({ ...old, status: BILL_STATUS.carriedOver, carriedToBillID: id }));
    }
    ops.push(group);
  }
  return {
    ops,
    created: pending.length,
    carried: carriedBy.size,
    billsBefore: oldBills,
  };
}
