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
import type { HouseScopedDoc, LesseeInfoDoc } from '../domain/shared/model.js';
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

/** The fields the report reads of a house's rooms, issue reports and contracts ending soon. */
interface Row {
  type: HouseScopedDoc['type'];
  status: unknown;
  roomID?: string;
  roomName?: string;
  contractID?: string;
  endDate?: string;
  representativeLesseeID?: string;
}

/**
 * In one query (a projection): the type and status of every room and issue report of the house, with
 * the rooms' names, and the active contracts ending within `ENDING_WITHIN_DAYS` days; counted in code.
 */
async function reportRows(deps: Deps, houseID: string, today: string): Promise<Row[]> {
  const found = await queryAll(houseDocs(deps), {
    partitionKey: houseID,
    filter: {
      op: 'or',
      items: [
        { op: 'in', field: 'type', values: ['room', 'issue'] },
        {
          op: 'and',
          items: [
            { op: 'eq', field: 'type', value: 'contract' },
            { op: 'eq', field: 'status', value: CONTRACT_STATUS.active },
            { op: 'ge', field: 'endDate', value: today },
            { op: 'le', field: 'endDate', value: addDays(today, ENDING_WITHIN_DAYS) },
          ],
        },
      ],
    },
    select: ['type', 'status', 'roomID', 'roomName', 'contractID', 'endDate', 'representativeLesseeID'],
  });
  return found as unknown as Row[];
}

type EndingContract = Required<Pick<Row, 'roomID' | 'contractID' | 'endDate' | 'representativeLesseeID'>>;

async function endingContracts(
  deps: Deps,
  houseID: string,
  today: string,
  rows: readonly Row[],
): Promise<DashboardReport['contractsEnding']> {
  const contracts = rows.filter((row) => row.type === 'contract') as unknown as EndingContract[];
  const listed = [...contracts]
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.contractID.localeCompare(b.contractID))
    .slice(0, ENDING_LISTED);
  // The representatives' names: one more query, only when contracts are ending.
  const occupants = listed.length
    ? await listInHouse<LesseeInfoDoc>(deps, houseID, 'lesseeInfo', {
        op: 'in',
        field: 'contractID',
        values: listed.map((contract) => contract.contractID),
      })
    : [];
  const roomNames = new Map(
    rows.flatMap((row) => (row.type === 'room' && row.roomID ? [[row.roomID, row.roomName ?? '']] : [])),
  );
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
 * reads whatever the house's history: the totals document and one query (statuses, room names, contracts
 * ending), beside them one more for the representatives' names only when contracts are ending.
 */
export async function dashboardReport(actor: Actor, houseID: string): Promise<DashboardReport> {
  const { deps, user } = actor;
  // A tenant reaches their own house, but its report is the landlord's and staff's.
  if (user.roleID !== ROLE.houseModerator && user.roleID !== ROLE.staff) throw AppError.forbidden();
  await authorizeHouseID(deps, user, houseID);
  const now = deps.now();
  const month = vietnamMonth(now);
  const today = vietnamDate(now);
  const [months, rows] = await Promise.all([houseTotals(deps, houseID), reportRows(deps, houseID, today)]);
  const contractsEnding = await endingContracts(deps, houseID, today, rows);
  const statuses = rows.filter((row) => row.type !== 'contract');
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
    houseID,
    month,
    today,
    rooms: { total, empty, reserved, occupied, occupancy: total === 0 ? 0 : occupied / total },
    thisMonth: monthFigures(months[month]),
    revenue: revenueSeries(months, month),
    contractsEnding,
    openIssues: { total: received + inProgress, received, inProgress },
  };
}
