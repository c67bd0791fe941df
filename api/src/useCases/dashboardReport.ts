import {
  CONTRACT_STATUS,
  ENDING_LISTED,
  ENDING_WITHIN_DAYS,
  ISSUE_STATUS,
  ROLE,
  type DashboardReport,
} from '@nhatro/common';
import { daysUntil, monthFigures, revenueSeries } from '../domain/dashboardReport.js';
import { AppError } from '../domain/shared/errors.js';
import { addDays } from '../domain/houseTickets.js';
import type { ContractDoc, HouseScopedDoc, LesseeInfoDoc, RoomDoc } from '../domain/shared/model.js';
import { vietnamDate, vietnamMonth } from '../domain/shared/time.js';
import type { Actor } from './shared/actor.js';
import type { Deps } from './shared/deps.js';
import { authorizeHouseID, houseDocs, listInHouse } from './shared/houseScope.js';
import { queryAll } from './shared/queryAll.js';
import { houseTotals } from './shared/houseTotals.js';

/**
 * `GET /odata/DashboardReport?houseID=…` and the running totals it reads. Every write that changes a
 * bill or charge puts `totalsOperation` in its own batch: the totals move with the bill or not at all.
 * A house without complete totals (older data, a write that found none) is rebuilt from its bills once.
 */

interface StatusOf {
  type: HouseScopedDoc['type'];
  status: unknown;
}

/** The type and status of every room and issue report of a house: one query (a projection), counted in code. */
async function roomAndIssueStatuses(deps: Deps, houseID: string): Promise<StatusOf[]> {
  const found = await queryAll(houseDocs(deps), {
    partitionKey: houseID,
    filter: { op: 'in', field: 'type', values: ['room', 'issue'] },
    select: ['type', 'status'],
  });
  return found as unknown as StatusOf[];
}

async function endingContracts(
  deps: Deps,
  houseID: string,
  today: string,
): Promise<DashboardReport['contractsEnding']> {
  const contracts = await listInHouse<ContractDoc>(deps, houseID, 'contract', {
    op: 'and',
    items: [
      { op: 'eq', field: 'status', value: CONTRACT_STATUS.active },
      { op: 'ge', field: 'endDate', value: today },
      { op: 'le', field: 'endDate', value: addDays(today, ENDING_WITHIN_DAYS) },
    ],
  });
  const listed = [...contracts]
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.contractID.localeCompare(b.contractID))
    .slice(0, ENDING_LISTED);
  // Two queries (by indexed fields) rather than two point reads per contract.
  const [rooms, occupants] = listed.length
    ? await Promise.all([
        listInHouse<RoomDoc>(deps, houseID, 'room', {
          op: 'in',
          field: 'roomID',
          values: listed.map((contract) => contract.roomID),
        }),
        listInHouse<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', {
          op: 'in',
          field: 'contractID',
          values: listed.map((contract) => contract.contractID),
        }),
      ])
    : [[], []];
  const roomNames = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  const names = new Map(occupants.map((person) => [person.lesseeInfoID, person.occupantName]));
  const items = listed.map((contract) => {
    const representativeName = names.get(contract.representativeLesseeID);
    return {
      contractID: contract.contractID,
      roomID: contract.roomID,
      roomName: roomNames.get(contract.roomID) ?? '',
      ...(representativeName !== undefined ? { representativeName } : {}),
      endDate: contract.endDate,
      daysLeft: daysUntil(today, contract.endDate),
    };
  });
  return { count: contracts.length, items };
}

/**
 * `GET /odata/DashboardReport?houseID=…` (landlord and staff of the house): rooms by status, this month's
 * bills, twelve months of revenue, contracts ending within 30 days, open issue reports. A fixed number of
 * reads whatever the house's history: one totals document, counts, and the few contracts ending.
 */
export async function dashboardReport(actor: Actor, houseID: string): Promise<DashboardReport> {
  const { deps, user } = actor;
  // A tenant reaches their own house, but its report is the landlord's and staff's.
  if (user.roleID !== ROLE.houseModerator && user.roleID !== ROLE.staff) throw AppError.forbidden();
  await authorizeHouseID(deps, user, houseID);
  const now = deps.now();
  const month = vietnamMonth(now);
  const today = vietnamDate(now);
  const [months, statuses, contractsEnding] = await Promise.all([
    houseTotals(deps, houseID),
    roomAndIssueStatuses(deps, houseID),
    endingContracts(deps, houseID, today),
  ]);
  const count = (type: HouseScopedDoc['type'], status: string | number) =>
    statuses.filter((doc) => doc.type === type && doc.status === status).length;
  const [empty, reserved, occupied] = [
    count('room', 'empty'),
    count('room', 'reserved'),
    count('room', 'occupied'),
  ];
  const [received, inProgress] = [
    count('issue', ISSUE_STATUS.received),
    count('issue', ISSUE_STATUS.inProgress),
  ];
  const total = empty + reserved + occupied;
  return {
    houseID: houseID,
    month,
    today,
    rooms: { total, empty, reserved, occupied, occupancy: total === 0 ? 0 : occupied / total },
    thisMonth: monthFigures(months[month]),
    revenue: revenueSeries(months, month),
    contractsEnding,
    openIssues: { total: received + inProgress, received, inProgress },
  };
}
