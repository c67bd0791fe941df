import { type ContractTerminateInput, CONTRACT_STATUS, CONTRACT_MESSAGES, settlement } from '@nhatro/common';
import { runsMonthToMonth } from '../../domain/houseTickets.js';
import { AppError } from '../../domain/shared/errors.js';
import { vietnamDate } from '../../domain/shared/time.js';
import type { OneTimeChargeDoc, ContractDoc, RoomDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import { type Actor, audit } from '../shared/actor.js';
import { contractForCaller } from '../shared/contractScope.js';
import { listInHouse, houseDocs } from '../shared/houseScope.js';
import { entityView } from '../shared/views.js';
import { recordChanges } from './history.js';

/** Ending a contract early: `POST /odata/Contract/TerminateContract`. */

/**
 * Ends a contract early: the settlement (deposit less the prorated last month, damages and unpaid
 * one-time charges) is recorded, the room is empty again and the tenant's account no longer opens
 * the contract.
 */
export async function terminateContract(actor: Actor, input: ContractTerminateInput) {
  const { deps } = actor;
  const contract = await contractForCaller(actor, input.contractID);
  if (contract.status === CONTRACT_STATUS.terminated) throw AppError.conflict(CONTRACT_MESSAGES.notActive);
  // A contract past its end runs month to month: it may end on any day after its end date.
  const monthToMonth = runsMonthToMonth(contract, vietnamDate(deps.now()));
  if (
    input.terminationDate < contract.startDate ||
    (!monthToMonth && input.terminationDate > contract.endDate)
  ) {
    throw AppError.validation([
      { field: 'terminationDate', errorMessage: CONTRACT_MESSAGES.terminationOutsideTerm },
    ]);
  }
  // What the tenant still owes on one-time charges is taken from the deposit too (one query).
  const charges = await listInHouse<OneTimeChargeDoc>(deps, contract.houseID, 'oneTimeCharge', {
    op: 'eq',
    field: 'contractID',
    value: contract.contractID,
  });
  const unpaidCharges = charges.reduce(
    (sum, charge) => sum + Math.max(0, charge.amount - charge.paidAmount),
    0,
  );
  const result = settlement(contract, input.terminationDate, input.damageCharges, unpaidCharges);
  const ended: ContractDoc = {
    ...contract,
    status: CONTRACT_STATUS.terminated,
    terminatedOn: input.terminationDate,
    terminationReason: input.reason,
    settlement: result,
  };
  const room = await houseDocs<RoomDoc>(deps).read(contract.houseID, contract.roomID);
  const history = recordChanges(
    actor,
    contract,
    [{ field: 'status', oldValue: contract.status, newValue: CONTRACT_STATUS.terminated }],
    input.reason,
  );
  await houseDocs<HouseScopedDoc>(deps).batch(contract.houseID, [
    { op: 'replace', doc: ended, ...(contract._etag ? { ifMatch: contract._etag } : {}) },
    ...(room?.type === 'room'
      ? [
          {
            op: 'replace' as const,
            doc: { ...room, status: 'empty' as const },
            ...(room._etag ? { ifMatch: room._etag } : {}),
          },
        ]
      : []),
    ...history.map((doc) => ({ op: 'create' as const, doc })),
  ]);
  await audit(actor, {
    action: 'terminate',
    entity: 'contract',
    entityID: contract.contractID,
    houseID: contract.houseID,
    details: { ...result },
  });
  return entityView(ended);
}
