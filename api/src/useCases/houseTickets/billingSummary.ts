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
import type { Deps } from '../shared/deps.js';
import type { Actor } from '../shared/actor.js';
import { authorizeHouseID, houseDocs, listInHouseTogether } from '../shared/houseScope.js';

/** Contracts past their end date and not ended (month to month), oldest end first, with their room. */
async function pastEndContracts(
  deps: Deps,
  houseID: string,
  contracts: readonly ContractDoc[],
  today: string,
): Promise<PastEndContract[]> {
  const running = contracts.filter((contract) => runsMonthToMonth(contract, today));
  if (running.length === 0) return [];
  const rooms = new Map(
    (await listInHouseTogether<RoomDoc>(deps, houseID, 'room')).map((room) => [room.roomID, room.roomName]),
  );
  return running
    .map((contract) => ({
      contractID: contract.contractID,
      roomID: contract.roomID,
      roomName: rooms.get(contract.roomID) ?? '',
      endDate: contract.endDate,
    }))
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.roomName.localeCompare(b.roomName, 'vi'));
}

/**
 * `GET /api/Dashboard/Billing?houseID=…&month=…`: a month of a house at a glance: its rooms counted, and
 * in one query the month's readings, ticket and bills and the contracts past their end (their rooms'
 * names in one more query when there are some). A bill carried over into a later one
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
    houseDocs(deps).count({
      partitionKey: houseID,
      filter: { op: 'eq', field: 'type', value: 'room' },
    }),
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
    rooms,
    readingsDone: [...kindsByRoom.values()].filter((kinds) => kinds.has('electricity') && kinds.has('water'))
      .length,
    ...(ticket?.status === TICKET_STATUS.draft ? { draftTicketID: ticket.houseTicketID } : {}),
    billsIssued: bills.length,
    billsPaid: paid.length,
    billsUnpaid: bills.length - paid.length,
    amountIssued,
    amountPaid,
    amountOwed: amountIssued - amountPaid,
    pastEndContracts: await pastEndContracts(deps, houseID, pastEnd, today),
  };
}
