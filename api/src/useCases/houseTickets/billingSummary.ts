import { BILL_STATUS, TICKET_STATUS, type BillingSummary } from '@nhatro/common';
import { houseTicketID } from '../../domain/houseTickets.js';
import type { HouseScopedDoc, MeterRecordDoc, MonthlyBillDoc } from '../../domain/shared/model.js';
import { vietnamMonth } from '../../domain/shared/time.js';
import type { Actor } from '../shared/actor.js';
import { authorizeHouse, houseDocs, listInHouse } from '../shared/houseScope.js';

/**
 * `GET /api/Dashboard/Billing?houseID=…&month=…`: a month of a house at a glance, from four reads
 * (rooms counted, the month's readings, its ticket, its bills). A bill carried over into a later one
 * counts as unpaid here: its month was not paid.
 */
export async function billingSummary(
  actor: Actor,
  houseID: string,
  month: string | undefined,
): Promise<BillingSummary> {
  const { deps } = actor;
  const house = await authorizeHouse(deps, actor.user, houseID);
  const billed = month ?? vietnamMonth(deps.now());
  const [rooms, readings, ticket, bills] = await Promise.all([
    houseDocs(deps).count({
      partitionKey: house.houseID,
      filter: { op: 'eq', field: 'type', value: 'room' },
    }),
    listInHouse<MeterRecordDoc>(deps, house.houseID, 'meterRecord', {
      op: 'eq',
      field: 'month',
      value: billed,
    }),
    houseDocs<HouseScopedDoc>(deps).read(house.houseID, houseTicketID(house.houseID, billed)),
    listInHouse<MonthlyBillDoc>(deps, house.houseID, 'monthlyBill', {
      op: 'eq',
      field: 'month',
      value: billed,
    }),
  ]);
  const kindsByRoom = new Map<string, Set<string>>();
  for (const reading of readings) {
    const kinds = kindsByRoom.get(reading.roomID) ?? new Set<string>();
    kinds.add(reading.kind);
    kindsByRoom.set(reading.roomID, kinds);
  }
  const paid = bills.filter((bill) => bill.status === BILL_STATUS.paid);
  const amountIssued = bills.reduce((sum, bill) => sum + bill.total, 0);
  const amountPaid = bills.reduce((sum, bill) => sum + bill.paidAmount, 0);
  return {
    month: billed,
    rooms,
    readingsDone: [...kindsByRoom.values()].filter((kinds) => kinds.has('electricity') && kinds.has('water'))
      .length,
    ...(ticket?.type === 'houseTicket' && ticket.status === TICKET_STATUS.draft
      ? { draftTicketID: ticket.houseTicketID }
      : {}),
    billsIssued: bills.length,
    billsPaid: paid.length,
    billsUnpaid: bills.length - paid.length,
    amountIssued,
    amountPaid,
    amountOwed: amountIssued - amountPaid,
  };
}
