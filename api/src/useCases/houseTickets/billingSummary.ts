import {
  BILL_STATUS,
  CONTRACT_STATUS,
  TICKET_STATUS,
  type BillingSummary,
  type PastEndContract,
} from '@nhatro/common';
import { houseTicketID, runsMonthToMonth } from '../../domain/houseTickets.js';
import type {
  ContractDoc,
  HouseTicketDoc,
  MeterRecordDoc,
  MonthlyBillDoc,
  RoomDoc,
} from '../../domain/shared/model.js';
import { vietnamDate, vietnamMonth } from '../../domain/shared/time.js';
import type { Actor } from '../shared/actor.js';
import { authorizeHouseID, listInHouseTogether } from '../shared/houseScope.js';

/** Contracts past their end date and not ended (month to month), oldest end first, with their room's name. */
function pastEndContracts(
  contracts: readonly ContractDoc[],
  rooms: readonly RoomDoc[],
  today: string,
): PastEndContract[] {
  const names = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  return contracts
    .filter((contract) => runsMonthToMonth(contract, today))
    .map((contract) => ({
      contractID: contract.contractID,
      roomID: contract.roomID,
      roomName: names.get(contract.roomID) ?? '',
      endDate: contract.endDate,
    }))
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.roomName.localeCompare(b.roomName, 'vi'));
}

/**
 * `GET /api/Dashboard/Billing?houseID=…&month=…`: a month of a house at a glance, in one query of the
 * house: its rooms (counted, and naming the contracts past their end), the month's readings, ticket and
 * bills and the contracts past their end. A bill carried over into a later one
 * counts as unpaid here: its month was not paid. Contracts past their end date and not ended (month to
 * month, 'quá hạn, chưa gia hạn') are listed for the landlord to extend or end.
 */
export async function billingSummary(
  actor: Actor,
  houseID: string,
  month: string | undefined,
): Promise<BillingSummary> {
  const { deps } = actor;
  await authorizeHouseID(deps, actor.user, houseID);
  const billed = month ?? vietnamMonth(deps.now());
  const today = vietnamDate(deps.now());
  const [rooms, readings, ticket, bills, pastEnd] = await Promise.all([
    listInHouseTogether<RoomDoc>(deps, houseID, 'room'),
    listInHouseTogether<MeterRecordDoc>(deps, houseID, 'meterRecord', {
      op: 'eq',
      field: 'month',
      value: billed,
    }),
    listInHouseTogether<HouseTicketDoc>(deps, houseID, 'houseTicket', {
      op: 'eq',
      field: 'id',
      value: houseTicketID(houseID, billed),
    }).then(([one]) => one),
    listInHouseTogether<MonthlyBillDoc>(deps, houseID, 'monthlyBill', {
      op: 'eq',
      field: 'month',
      value: billed,
    }),
    listInHouseTogether<ContractDoc>(deps, houseID, 'contract', {
      op: 'and',
      items: [
        { op: 'in', field: 'status', values: [CONTRACT_STATUS.active, CONTRACT_STATUS.expired] },
        { op: 'lt', field: 'endDate', value: today },
      ],
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
    rooms: rooms.length,
    readingsDone: [...kindsByRoom.values()].filter((kinds) => kinds.has('electricity') && kinds.has('water'))
      .length,
    ...(ticket?.status === TICKET_STATUS.draft ? { draftTicketID: ticket.houseTicketID } : {}),
    billsIssued: bills.length,
    billsPaid: paid.length,
    billsUnpaid: bills.length - paid.length,
    amountIssued,
    amountPaid,
    amountOwed: amountIssued - amountPaid,
    pastEndContracts: pastEndContracts(pastEnd, rooms, today),
  };
}
