import {
  BILLING_LEVELS,
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
import { vietnamDate, vietnamMonth } from '../../domain/shared/time.js';
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

async function rowsOf(
  deps: Deps,
  houseID: string,
  bills: readonly MonthlyBillDoc[],
  today: string,
): Promise<HouseMonthBillRow[]> {
  if (bills.length === 0) return [];
  const contractIDs = [...new Set(bills.map((bill) => bill.contractID))];
  // The rooms, contracts, their occupants (the representatives) and the reminders: one query of the house.
  const [rooms, contracts, occupants, reminded] = await Promise.all([
    listInHouseTogether<RoomDoc>(deps, houseID, 'room', {
      op: 'in',
      field: 'id',
      values: [...new Set(bills.map((bill) => bill.roomID))],
    }),
    listInHouseTogether<ContractDoc>(deps, houseID, 'contract', {
      op: 'in',
      field: 'id',
      values: contractIDs,
    }),
    listInHouseTogether<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', {
      op: 'in',
      field: 'contractID',
      values: contractIDs,
    }),
    lastReminders(
      deps,
      houseID,
      bills.map((bill) => bill.monthlyBillID),
    ),
  ]);
  const recipients = await tenantRecipients(deps, houseID, contracts, occupants);
  const roomNames = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  return bills.map((bill) => {
    const recipient = recipients.get(bill.contractID);
    const lastRemindedOn = reminded.get(bill.monthlyBillID);
    return {
      monthlyBillID: bill.monthlyBillID,
      billName: bill.billName,
      billCode: bill.billCode,
      roomID: bill.roomID,
      roomName: roomNames.get(bill.roomID) ?? '',
      contractID: bill.contractID,
      ...(recipient?.name ? { tenantName: recipient.name } : {}),
      canRemind: recipient !== undefined && reachableChannels(recipient).length > 0,
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
  // The months and a month's bills in one query: the month asked, or else this month, which is the
  // newest with bills from the billing day on; before it (or when the house bills ahead) the newest
  // month's bills follow once the months are known.
  const guess = query.month ?? vietnamMonth(deps.now());
  const [months, guessed] = await Promise.all([issuedMonths(deps, houseID), billsOf(guess)]);
  const month = query.month ?? months[0] ?? guess;
  const all = month === guess ? guessed : await billsOf(month);
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
    value: await rowsOf(deps, houseID, page.items, today),
  };
}
