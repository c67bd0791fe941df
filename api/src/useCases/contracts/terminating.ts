import {
  type ContractTerminateInput,
  CONTRACT_STATUS,
  CONTRACT_MESSAGES,
  DEFAULT_BILL_ROUNDING,
  settlement,
} from '@nhatro/common';
import { AppError } from '../../domain/shared/errors.js';
import { vietnamDate } from '../../domain/shared/time.js';
import type {
  OneTimeChargeDoc,
  ContractDoc,
  HouseDoc,
  HouseScopedDoc,
  MonthlyBillDoc,
  RoomDoc,
  RoomTicketDoc,
} from '../../domain/shared/model.js';
import { roomTicketID, runsMonthToMonth } from '../../domain/houseTickets.js';
import { openSurplus, sumLines, withRounding } from '../../domain/shared/bills.js';
import type { Deps } from '../shared/deps.js';
import { owedAmount, paidFromDeposit, rentBilled } from '../../domain/contracts.js';
import { isStoreError } from '../../store/store.js';
import { batchWithTotals, billChangesIn, type Op } from '../shared/houseTotals.js';
import { type Actor, auditOp } from '../shared/actor.js';
import { contractForCaller } from '../shared/contractScope.js';
import { listInHouse, houseDocs } from '../shared/houseScope.js';
import { entityView } from '../shared/views.js';
import { recordChanges } from './history.js';
import { moveOut } from './moveOut.js';
import { damageLines, withLiquidation } from './liquidationLines.js';

/** Ending a contract early: `POST /odata/Contract/TerminateContract`. */

/** A room ticket without its rent lines (the settlement charged that rent), its total rounded again. */
async function withoutRent(deps: Deps, houseID: string, ticket: RoomTicketDoc): Promise<RoomTicketDoc> {
  const house = await houseDocs<HouseDoc>(deps).read(houseID, houseID);
  const lines = withRounding(
    ticket.lines.filter((line) => line.kind !== 'rent'),
    house?.billRounding ?? DEFAULT_BILL_ROUNDING,
  );
  return { ...ticket, lines, total: sumLines(lines) };
}

/** The contract the caller ends, if it may end on that day (within its term, or after it month to month). */
async function endingContract(
  actor: Actor,
  contractID: string,
  terminationDate: string,
): Promise<ContractDoc> {
  const contract = await contractForCaller(actor, contractID);
  if (contract.status === CONTRACT_STATUS.terminated) throw AppError.conflict(CONTRACT_MESSAGES.notActive);
  // A contract past its end runs month to month: it may end on any day after its end date.
  const monthToMonth = runsMonthToMonth(contract, vietnamDate(actor.deps.now()));
  if (terminationDate < contract.startDate || (!monthToMonth && terminationDate > contract.endDate)) {
    throw AppError.validation([
      { field: 'terminationDate', errorMessage: CONTRACT_MESSAGES.terminationOutsideTerm },
    ]);
  }
  return contract;
}

/**
 * The contract's charges and bills (what they still owe is taken from the deposit, and they are then paid
 * by it, so nothing is asked twice) and its room.
 */
async function moneyDocsOf(deps: Deps, contract: ContractDoc) {
  const [charges, bills, room] = await Promise.all([
    listInHouse<OneTimeChargeDoc>(deps, contract.houseID, 'oneTimeCharge', {
      op: 'eq',
      field: 'contractID',
      value: contract.contractID,
    }),
    listInHouse<MonthlyBillDoc>(deps, contract.houseID, 'monthlyBill', {
      op: 'eq',
      field: 'contractID',
      value: contract.contractID,
    }),
    houseDocs<RoomDoc>(deps).read(contract.houseID, contract.roomID),
  ]);
  return { charges, bills, room };
}

/**
 * Ends a contract (early, or any day after its end when it runs month to month): the settlement (deposit
 * less the last month's rent for the days lived not yet billed, damages, and what its one-time charges and
 * issued bills still owe) is recorded, those charges and bills are paid from the deposit ('deposit'
 * payments), the room is empty again and the tenant's account no longer opens the contract.
 */
export async function terminateContract(
  actor: Actor,
  input: Omit<ContractTerminateInput, 'damages' | 'damageCharges'> &
    Partial<Pick<ContractTerminateInput, 'damages' | 'damageCharges'>>,
) {
  const { deps } = actor;
  const contract = await endingContract(actor, input.contractID, input.terminationDate);
  const { charges, bills, room } = await moneyDocsOf(deps, contract);
  const leaving = await moveOut(deps, contract, room?.type === 'room' ? room : undefined, input);
  const now = deps.now().toISOString();
  const taken = [...charges, ...bills].flatMap((doc) => {
    const paid = paidFromDeposit(doc, now, actor.user.userID);
    return paid ? [{ before: doc, after: paid }] : [];
  });
  const owedOn = (type: 'oneTimeCharge' | 'monthlyBill') =>
    taken
      .filter(({ before }) => before.type === type)
      .reduce((sum, { before }) => sum + owedAmount(before), 0);
  // Money paid beyond the bills that no later bill took is given back with the deposit.
  const refunded = bills.flatMap((bill) => {
    const open = bill.surplusOpen ? openSurplus(bill) : 0;
    if (open <= 0) return [];
    const { surplusOpen: _open, ...rest } = bill;
    return [{ before: bill, after: { ...rest, surplusRefunded: (bill.surplusRefunded ?? 0) + open } }];
  });
  const lastMonthBill = bills.find((bill) => bill.month === input.terminationDate.slice(0, 7));
  const damages = damageLines(input);
  const settled = settlement(
    contract,
    input.terminationDate,
    damages.reduce((sum, line) => sum + line.amount, 0),
    owedOn('oneTimeCharge'),
    {
      billedRent: lastMonthBill ? rentBilled(lastMonthBill) : undefined,
      unpaidBills: owedOn('monthlyBill'),
      meterUse: leaving.meterUse,
      roundingStep: leaving.roundingStep,
      openSurplus: refunded.reduce((sum, { before }) => sum + openSurplus(before), 0),
    },
  );
  const { result, owedCharge } = withLiquidation(
    actor,
    contract,
    settled,
    damages,
    taken.map(({ before }) => before),
  );
  // A draft of that month made before the end still asks its rent: the settlement charges it now.
  const draft = result.rentMonth
    ? await houseDocs<HouseScopedDoc>(deps).read(
        contract.houseID,
        roomTicketID(contract.contractID, result.rentMonth),
      )
    : undefined;
  const draftWithoutRent =
    draft?.type === 'roomTicket' && !draft.monthlyBillID
      ? await withoutRent(deps, contract.houseID, draft)
      : undefined;
  const ended: ContractDoc = {
    ...contract,
    status: CONTRACT_STATUS.terminated,
    terminatedOn: input.terminationDate,
    terminationReason: input.reason,
    ...leaving.contract,
    settlement: result,
  };
  const history = recordChanges(
    actor,
    contract,
    [{ field: 'status', oldValue: contract.status, newValue: CONTRACT_STATUS.terminated }],
    input.reason,
  );
  const ops: Op[] = [
    { op: 'replace', doc: ended, ...(contract._etag ? { ifMatch: contract._etag } : {}) },
    ...(room?.type === 'room'
      ? [
          {
            op: 'replace' as const,
            doc: { ...room, ...leaving.room, status: 'empty' as const },
            ...(room._etag ? { ifMatch: room._etag } : {}),
          },
        ]
      : []),
    ...history.map((doc) => ({ op: 'create' as const, doc })),
    ...(owedCharge ? [{ op: 'create' as const, doc: owedCharge }] : []),
    ...(draftWithoutRent
      ? [
          {
            op: 'replace' as const,
            doc: draftWithoutRent,
            ...(draftWithoutRent._etag ? { ifMatch: draftWithoutRent._etag } : {}),
          },
        ]
      : []),
  ];
  for (const { before, after } of [...taken, ...refunded]) {
    ops.push({ op: 'replace', doc: after, ...(before._etag ? { ifMatch: before._etag } : {}) });
  }
  // The settlement and its audit entry are saved together or not at all.
  ops.push(
    auditOp(actor, contract.houseID, {
      action: 'terminate',
      entity: 'contract',
      entityID: contract.contractID,
      details: { ...result },
    }),
  );
  try {
    await batchWithTotals(
      deps,
      contract.houseID,
      ops,
      billChangesIn(ops, new Map([...taken, ...refunded].map(({ before }) => [before.id, before]))),
    );
  } catch (error) {
    // A payment or edit landed meanwhile on the contract, a bill or a charge: the settlement is stale.
    if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
    throw error;
  }
  return entityView(ended);
}
