import {
  CONTRACT_STATUS,
  ROLE,
  type ContractDebt,
  type ContractDebtQuery,
  type HouseDebtRow,
  type HouseDebts,
  type HouseDebtsQuery,
} from '@nhatro/common';
import {
  contractDebts,
  debtReminderAfterDaysOf,
  debtReminderEveryDaysOf,
  isDebtFlagged,
} from '../../domain/debts.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc, LesseeInfoDoc, MonthlyBillDoc, RoomDoc } from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import type { Actor } from '../shared/actor.js';
import { contractForCaller } from '../shared/contractScope.js';
import {
  authorizeHouseID,
  docInNamedHouse,
  houseTogether,
  listInHouse,
  listInHouseTogether,
  namedHouse,
} from '../shared/houseScope.js';
import { chunks } from '../shared/outboxMessages.js';
import { billingOfContract, debtPausesOfHouse, openDebtsOfHouse, readDebtPause } from './facts.js';

/** Events per page of a contract's timeline when the query names none. */
export const DEBT_TIMELINE_PAGE = 100;
/** Contracts per page of a house's debts when the query names none. */
export const HOUSE_DEBTS_PAGE = 100;

/**
 * `GET /api/Debt/Contract`: a contract the caller may see (a tenant: their own) with its balance, open
 * debts oldest first and a page of its timeline (oldest first). The contract, its house, bills, charges
 * and pause are one query of the house the caller names (`houseID`, a tenant's own: `namedHouse`); a
 * contract elsewhere, or no house named, is looked up first.
 */
export async function getContractDebt(actor: Actor, query: ContractDebtQuery): Promise<ContractDebt> {
  const { deps } = actor;
  const today = vietnamDate(deps.now());
  const read = (houseID: string, known?: ContractDoc) =>
    Promise.all([
      known ?? docInNamedHouse<ContractDoc>(actor, houseID, 'contract', query.contractID, 'contractID'),
      houseTogether(deps, houseID),
      billingOfContract(deps, houseID, query.contractID),
      readDebtPause(deps, houseID, query.contractID),
    ]);
  const named = namedHouse(actor.user, query.houseID);
  let found = named === undefined ? undefined : await read(named);
  if (!found?.[0]) {
    const contract = await contractForCaller(actor, query.contractID);
    found = await read(contract.houseID, contract);
  }
  const [contract, house, billing, pause] = found;
  if (!contract) throw AppError.notFound();
  const debts = contractDebts(billing.bills, billing.charges, today, contract.terminatedOn);
  const skip = query.skip ?? 0;
  const top = query.top ?? DEBT_TIMELINE_PAGE;
  return {
    contractID: contract.contractID,
    houseID: contract.houseID,
    roomID: contract.roomID,
    owed: debts.owed,
    openCredit: debts.openCredit,
    balance: debts.balance,
    openDebts: debts.openDebts,
    timeline: debts.timeline.slice(skip, skip + top),
    timelineTotal: debts.timeline.length,
    ...(pause
      ? { reminderPause: { paused: pause.paused, changedBy: pause.changedBy, changedOn: pause.changedOn } }
      : {}),
    reminderAfterDays: debtReminderAfterDaysOf(house),
    reminderEveryDays: debtReminderEveryDaysOf(house),
  };
}

/** The representatives' names by occupant id: from those read with the contracts, the rest read after. */
async function representativeNames(
  actor: Actor,
  houseID: string,
  contracts: readonly ContractDoc[],
  representatives: readonly LesseeInfoDoc[],
): Promise<Map<string, string>> {
  const names = new Map(representatives.map((lessee) => [lessee.lesseeInfoID, lessee.occupantName]));
  const ids = [...new Set(contracts.map((contract) => contract.representativeLesseeID))].filter(
    (id) => !names.has(id),
  );
  for (const chunk of chunks(ids)) {
    const found = await listInHouse<LesseeInfoDoc>(actor.deps, houseID, 'lesseeInfo', {
      op: 'in',
      field: 'id',
      values: chunk,
    });
    for (const lessee of found) names.set(lessee.lesseeInfoID, lessee.occupantName);
  }
  return names;
}

/**
 * `GET /api/Debt/House`: per contract of the house, what it owes, its credit and its oldest debt's age.
 * Contracts listed: the active ones and every ended one that still owes or holds credit; with `month`,
 * those with a bill of that month. Flagged contracts first (oldest debt first), then by room.
 */
export async function getHouseDebts(actor: Actor, query: HouseDebtsQuery): Promise<HouseDebts> {
  if (actor.user.roleID !== ROLE.houseModerator && actor.user.roleID !== ROLE.staff)
    throw AppError.forbidden();
  const houseID = await authorizeHouseID(actor.deps, actor.user, query.houseID);
  const today = vietnamDate(actor.deps.now());
  // One query of the house: the house, its contracts, rooms and representatives, the open debts, the
  // pauses and the month's bills (`listInHouseTogether`).
  const [house, contracts, rooms, representatives, open, pauses, monthBills] = await Promise.all([
    houseTogether(actor.deps, houseID),
    listInHouseTogether<ContractDoc>(actor.deps, houseID, 'contract'),
    listInHouseTogether<RoomDoc>(actor.deps, houseID, 'room'),
    listInHouseTogether<LesseeInfoDoc>(actor.deps, houseID, 'lesseeInfo', {
      op: 'eq',
      field: 'isRepresentative',
      value: true,
    }),
    openDebtsOfHouse(actor.deps, houseID, today),
    debtPausesOfHouse(actor.deps, houseID),
    query.month
      ? listInHouseTogether<MonthlyBillDoc>(actor.deps, houseID, 'monthlyBill', {
          op: 'eq',
          field: 'month',
          value: query.month,
        })
      : Promise.resolve(undefined),
  ]);
  const inMonth = monthBills ? new Set(monthBills.map((bill) => bill.contractID)) : undefined;
  const listed = contracts.filter((contract) => {
    if (inMonth) return inMonth.has(contract.contractID);
    return contract.status === CONTRACT_STATUS.active || open.has(contract.contractID);
  });
  const afterDays = debtReminderAfterDaysOf(house);
  const names = await representativeNames(actor, houseID, listed, representatives);
  const roomNames = new Map(rooms.map((room) => [room.roomID, room.roomName]));
  const rows: HouseDebtRow[] = listed.map((contract) => {
    const debts = open.get(contract.contractID);
    const oldest = debts?.openDebts[0];
    return {
      contractID: contract.contractID,
      roomID: contract.roomID,
      roomName: roomNames.get(contract.roomID) ?? '',
      tenantName: names.get(contract.representativeLesseeID) ?? '',
      owed: debts?.owed ?? 0,
      openCredit: debts?.openCredit ?? 0,
      balance: debts?.balance ?? 0,
      ...(oldest
        ? {
            oldestDueDate: oldest.dueDate,
            ...(oldest.month ? { oldestMonth: oldest.month } : {}),
            oldestDaysOverdue: oldest.daysOverdue,
          }
        : {}),
      flagged: debts ? isDebtFlagged(debts.openDebts, afterDays) : false,
      remindersPaused: pauses.get(contract.contractID)?.paused === true,
    };
  });
  const shown = query.flaggedOnly ? rows.filter((row) => row.flagged) : rows;
  shown.sort(
    (a, b) =>
      Number(b.flagged) - Number(a.flagged) ||
      (b.oldestDaysOverdue ?? -1) - (a.oldestDaysOverdue ?? -1) ||
      a.roomName.localeCompare(b.roomName, 'vi', { numeric: true }) ||
      a.contractID.localeCompare(b.contractID),
  );
  const skip = query.skip ?? 0;
  const top = query.top ?? HOUSE_DEBTS_PAGE;
  return {
    houseID,
    reminderAfterDays: afterDays,
    reminderEveryDays: debtReminderEveryDaysOf(house),
    rows: shown.slice(skip, skip + top),
    total: shown.length,
  };
}
