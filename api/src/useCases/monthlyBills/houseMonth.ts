import {
  BILLING_LEVELS,
  CONTRACT_STATUS,
  TICKET_STATUS,
  type HouseMonthBillRow,
  type HouseMonthBills,
  type HouseMonthBillsQuery,
} from '@nhatro/common';
import {
  assertCollector,
  carriedInOf,
  houseMonthTotals,
  isOverdue,
  matchesHouseBillFilter,
  owedOnBill,
} from '../../domain/monthlyBills.js';
import { reachableChannels } from '../../domain/outbox.js';
import type {
  ContractDoc,
  HouseTicketDoc,
  LesseeInfoDoc,
  MonthlyBillDoc,
  OutboxMessageDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import type { Filter } from '../../domain/shared/query.js';
import { previousMonth, vietnamDate, vietnamMonth } from '../../domain/shared/time.js';
import type { Actor } from '../shared/actor.js';
import type { Deps } from '../shared/deps.js';
import { authorizeHouseID, listInHouseTogether } from '../shared/houseScope.js';
import { sortBy } from '../../domain/shared/odata/evaluate.js';
import { tenantRecipients } from '../shared/outboxMessages.js';

/**
 * The month's bills of a house as the landlord collects them: one row per room's bill with its tenant
 * and what is owed, the month's totals, and the months that have bills. The month's bills are read once:
 * the totals, the filter and the page come from them.
 */

/** Months the house issued bills for, newest first (read with the page's other reads of the house). */
async function issuedMonths(deps: Deps, houseID: string): Promise<string[]> {
  const tickets = await listInHouseTogether<HouseTicketDoc>(deps, houseID, 'houseTicket', {
    op: 'eq',
    field: 'status',
    value: TICKET_STATUS.issued,
  });
  return [...new Set(tickets.map((ticket) => ticket.month))].sort().reverse();
}

/** The latest reminder by hand of each bill (ISO time), from the outbox (read with the page's other reads). */
export async function lastReminders(
  deps: Deps,
  houseID: string,
  monthlyBillIDs: readonly string[],
  since?: string,
): Promise<Map<string, string>> {
  const latest = new Map<string, string>();
  if (monthlyBillIDs.length === 0) return latest;
  const messages = await listInHouseTogether<OutboxMessageDoc>(deps, houseID, 'outboxMessage', {
    op: 'and',
    items: [
      { op: 'eq', field: 'event', value: 'billReminder' },
      { op: 'in', field: 'subjectID', values: [...monthlyBillIDs] },
      ...(since === undefined ? [] : [{ op: 'ge', field: 'createdOn', value: since } as Filter]),
    ],
  });
  for (const message of messages) {
    if (message.subjectID === undefined) continue;
    const known = latest.get(message.subjectID);
    if (known === undefined || message.createdOn > known) latest.set(message.subjectID, message.createdOn);
  }
  return latest;
}

/**
 * What the rows of a month's bills are likely to need, read in the same query as the bills (before
 * they are known): every room of the house, the contracts in force (active or past their end and not
 * renewed: those the billing run bills), every representative, and the reminders of the months' bills
 * (a bill's id ends with its month: `monthlyBillID`). A row whose room, contract or representative is
 * not among them is completed by one more query, as is a bill of another month.
 */
interface RowSources {
  rooms: readonly RoomDoc[];
  contracts: readonly ContractDoc[];
  representatives: readonly LesseeInfoDoc[];
  /** Every reminder of the bills of these months. */
  reminders: readonly OutboxMessageDoc[];
  months: readonly string[];
}

async function rowSources(deps: Deps, houseID: string, months: readonly string[]): Promise<RowSources> {
  const [rooms, contracts, representatives, reminders] = await Promise.all([
    listInHouseTogether<RoomDoc>(deps, houseID, 'room'),
    listInHouseTogether<ContractDoc>(deps, houseID, 'contract', {
      op: 'in',
      field: 'status',
      values: [CONTRACT_STATUS.active, CONTRACT_STATUS.expired],
    }),
    listInHouseTogether<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', {
      op: 'eq',
      field: 'isRepresentative',
      value: true,
    }),
    listInHouseTogether<OutboxMessageDoc>(deps, houseID, 'outboxMessage', {
      op: 'and',
      items: [
        { op: 'eq', field: 'event', value: 'billReminder' },
        {
          op: 'or',
          items: months.map((month) => ({ op: 'endswith', field: 'subjectID', value: `_${month}` })),
        },
      ],
    }),
  ]);
  return { rooms, contracts, representatives, reminders, months };
}

/** `docs` by `key`, and the wanted keys none of them has. */
function indexed<T>(docs: readonly T[], key: (doc: T) => string, wanted: Iterable<string>) {
  const found = new Map(docs.map((doc) => [key(doc), doc] as const));
  return { found, missing: [...new Set(wanted)].filter((id) => !found.has(id)) };
}

/**
 * The tenant's name and whether a reminder can reach them, per contract. A representative with a name
 * and a phone number (or a contract with an e-mail) settles both, as `tenantRecipients` would; the
 * other contracts go through `tenantRecipients`, which reads what is missing (their tenant accounts).
 */
async function rowRecipients(
  deps: Deps,
  houseID: string,
  contracts: readonly ContractDoc[],
  representatives: readonly LesseeInfoDoc[],
): Promise<Map<string, { name?: string; canRemind: boolean }>> {
  const byID = new Map(representatives.map((one) => [one.lesseeInfoID, one]));
  const shown = new Map<string, { name?: string; canRemind: boolean }>();
  const rest: ContractDoc[] = [];
  for (const contract of contracts) {
    const representative = byID.get(contract.representativeLesseeID);
    if (representative?.occupantName && (representative.phoneNumber || contract.representativeLesseeEmail)) {
      shown.set(contract.contractID, { name: representative.occupantName, canRemind: true });
    } else {
      rest.push(contract);
    }
  }
  if (rest.length > 0) {
    for (const [contractID, recipient] of await tenantRecipients(deps, houseID, rest, representatives)) {
      shown.set(contractID, {
        ...(recipient.name ? { name: recipient.name } : {}),
        canRemind: reachableChannels(recipient).length > 0,
      });
    }
  }
  return shown;
}

async function rowsOf(
  deps: Deps,
  houseID: string,
  bills: readonly MonthlyBillDoc[],
  today: string,
  sources: RowSources,
): Promise<HouseMonthBillRow[]> {
  if (bills.length === 0) return [];
  const rooms = indexed(
    sources.rooms,
    (room) => room.roomID,
    bills.map((bill) => bill.roomID),
  );
  const contracts = indexed(
    sources.contracts,
    (contract) => contract.contractID,
    bills.map((bill) => bill.contractID),
  );
  const billIDs = new Set(bills.map((bill) => bill.monthlyBillID));
  // The reminders of a bill of another month (a house billing ahead) are read after.
  const other = bills.filter(
    (bill) => !sources.months.includes(bill.month) || !bill.monthlyBillID.endsWith(`_${bill.month}`),
  );
  const [moreRooms, moreContracts, reminded] = await Promise.all([
    rooms.missing.length === 0
      ? []
      : listInHouseTogether<RoomDoc>(deps, houseID, 'room', { op: 'in', field: 'id', values: rooms.missing }),
    contracts.missing.length === 0
      ? []
      : listInHouseTogether<ContractDoc>(deps, houseID, 'contract', {
          op: 'in',
          field: 'id',
          values: contracts.missing,
        }),
    lastReminders(
      deps,
      houseID,
      other.map((bill) => bill.monthlyBillID),
    ),
  ]);
  for (const message of sources.reminders) {
    if (message.subjectID === undefined || !billIDs.has(message.subjectID)) continue;
    const known = reminded.get(message.subjectID);
    if (known === undefined || message.createdOn > known) reminded.set(message.subjectID, message.createdOn);
  }
  for (const room of moreRooms) rooms.found.set(room.roomID, room);
  for (const contract of moreContracts) contracts.found.set(contract.contractID, contract);
  const recipients = await rowRecipients(
    deps,
    houseID,
    [...new Set(bills.map((bill) => bill.contractID))].flatMap((id) => {
      const contract = contracts.found.get(id);
      return contract ? [contract] : [];
    }),
    sources.representatives,
  );
  return bills.map((bill) => {
    const recipient = recipients.get(bill.contractID);
    const lastRemindedOn = reminded.get(bill.monthlyBillID);
    return {
      monthlyBillID: bill.monthlyBillID,
      billName: bill.billName,
      billCode: bill.billCode,
      roomID: bill.roomID,
      roomName: rooms.found.get(bill.roomID)?.roomName ?? '',
      contractID: bill.contractID,
      ...(recipient?.name ? { tenantName: recipient.name } : {}),
      canRemind: recipient?.canRemind ?? false,
      total: bill.total,
      paidAmount: bill.paidAmount,
      owed: owedOnBill(bill),
      dueDate: bill.dueDate,
      status: bill.status,
      overdue: isOverdue(bill, today),
      carriedIn: carriedInOf(bill),
      ...(bill.carriedToBillID ? { carriedToBillID: bill.carriedToBillID } : {}),
      ...(lastRemindedOn ? { lastRemindedOn } : {}),
      ...(bill._etag ? { '@odata.etag': bill._etag } : {}),
    };
  });
}

/** `GET /api/MonthlyBill/HouseMonth?houseID=…&month=…&status=…&top=…&skip=…`. */
export async function listHouseMonthBills(
  actor: Actor,
  query: HouseMonthBillsQuery,
): Promise<HouseMonthBills> {
  const { deps } = actor;
  assertCollector(actor.user, BILLING_LEVELS.read);
  const houseID = await authorizeHouseID(deps, actor.user, query.houseID);
  const today = vietnamDate(deps.now());
  const billsOf = (month: string) =>
    listInHouseTogether<MonthlyBillDoc>(deps, houseID, 'monthlyBill', {
      op: 'eq',
      field: 'month',
      value: month,
    });
  // One query of the house: the months, the bills of the month asked (or else of this month and the
  // last: the newest with bills is one of them, unless the house bills ahead) and what their rows are
  // likely to need (`rowSources`). A house billing ahead reads its newest month's bills after.
  const thisMonth = vietnamMonth(deps.now());
  const candidates = query.month ? [query.month] : [thisMonth, previousMonth(thisMonth)];
  const [months, sources, ...candidateBills] = await Promise.all([
    issuedMonths(deps, houseID),
    rowSources(deps, houseID, candidates),
    ...candidates.map(billsOf),
  ]);
  const month = query.month ?? months[0] ?? thisMonth;
  const all = candidateBills[candidates.indexOf(month)] ?? (await billsOf(month));
  // The page from the month's bills already read: the filter in memory, bill names ("Hóa đơn tháng
  // mm/yyyy – <room>") in the rooms' order.
  const shown = sortBy(
    all.filter((bill) => matchesHouseBillFilter(bill, query.status, today)),
    [{ field: 'billName' }],
  );
  const page = { items: shown.slice(query.skip, query.skip + query.top), count: shown.length };
  return {
    houseID,
    month,
    today,
    months,
    totals: houseMonthTotals(all, today),
    count: page.count,
    value: await rowsOf(deps, houseID, page.items, today, sources),
  };
}
