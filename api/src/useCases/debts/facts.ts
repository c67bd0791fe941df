import { BILL_STATUS } from '@nhatro/common';
import { contractDebts, type DebtSummary } from '../../domain/debts.js';
import type { DebtPauseDoc, MonthlyBillDoc, OneTimeChargeDoc } from '../../domain/shared/model.js';
import type { Filter } from '../../store/store.js';
import { eq } from '../../domain/shared/query.js';
import type { Deps } from '../shared/deps.js';
import { listInHouseTogether } from '../shared/houseScope.js';
import { chunks } from '../shared/outboxMessages.js';

/** The stored pause of a contract's debt reminders. */
export function debtPauseID(contractID: string): string {
  return `${contractID}_debtPause`;
}

export async function readDebtPause(
  deps: Deps,
  houseID: string,
  contractID: string,
): Promise<DebtPauseDoc | undefined> {
  // With the other reads of the house asked in the same turn (the contract's bills and charges).
  const [doc] = await listInHouseTogether<DebtPauseDoc>(deps, houseID, 'debtPause', {
    op: 'eq',
    field: 'id',
    value: debtPauseID(contractID),
  });
  return doc;
}

/** All of one contract's bills and charges, read with the other reads of its house asked in the same turn. */
export async function billingOfContract(
  deps: Deps,
  houseID: string,
  contractID: string,
): Promise<{ bills: readonly MonthlyBillDoc[]; charges: readonly OneTimeChargeDoc[] }> {
  const ofContract = eq('contractID', contractID);
  const [bills, charges] = await Promise.all([
    listInHouseTogether<MonthlyBillDoc>(deps, houseID, 'monthlyBill', ofContract),
    listInHouseTogether<OneTimeChargeDoc>(deps, houseID, 'oneTimeCharge', ofContract),
  ]);
  return { bills, charges };
}

/**
 * What a house's contracts owe and hold as credit now, by contract: only the bills still owed or holding
 * an open surplus, and the charges still owed (a paid bill without surplus changes neither figure), so a
 * house with years of bills reads only what is open. The timeline needs every bill: `billingOfContract`.
 */
export async function openDebtsOfHouse(
  deps: Deps,
  houseID: string,
  today: string,
  contractIDs?: readonly string[],
): Promise<Map<string, DebtSummary>> {
  const owedStatuses: Filter = {
    op: 'in',
    field: 'status',
    values: [BILL_STATUS.unpaid, BILL_STATUS.partlyPaid],
  };
  const scopes: Array<Filter | undefined> =
    contractIDs === undefined
      ? [undefined]
      : chunks(contractIDs).map((ids) => ({ op: 'in', field: 'contractID', values: ids }));
  const bills: MonthlyBillDoc[] = [];
  const charges: OneTimeChargeDoc[] = [];
  for (const scope of contractIDs !== undefined && contractIDs.length === 0 ? [] : scopes) {
    const and = (filter: Filter): Filter => (scope ? { op: 'and', items: [scope, filter] } : filter);
    const [owedOrCredit, owedCharges] = await Promise.all([
      listInHouseTogether<MonthlyBillDoc>(
        deps,
        houseID,
        'monthlyBill',
        and({ op: 'or', items: [owedStatuses, { op: 'eq', field: 'surplusOpen', value: true }] }),
      ),
      listInHouseTogether<OneTimeChargeDoc>(deps, houseID, 'oneTimeCharge', and(owedStatuses)),
    ]);
    bills.push(...owedOrCredit);
    charges.push(...owedCharges);
  }
  const byContract = new Map<string, { bills: MonthlyBillDoc[]; charges: OneTimeChargeDoc[] }>();
  const entry = (contractID: string) => {
    let found = byContract.get(contractID);
    if (!found) byContract.set(contractID, (found = { bills: [], charges: [] }));
    return found;
  };
  for (const bill of bills) entry(bill.contractID).bills.push(bill);
  for (const charge of charges) entry(charge.contractID).charges.push(charge);
  const result = new Map<string, DebtSummary>();
  for (const [contractID, open] of byContract) {
    result.set(contractID, contractDebts(open.bills, open.charges, today));
  }
  return result;
}

/** The pauses of a house's contracts, by contract. */
export async function debtPausesOfHouse(deps: Deps, houseID: string): Promise<Map<string, DebtPauseDoc>> {
  const pauses = await listInHouseTogether<DebtPauseDoc>(deps, houseID, 'debtPause');
  return new Map(pauses.map((pause) => [pause.contractID, pause]));
}
