import { CONTRACT_MESSAGES, CONTRACT_STATUS, type ContractRefundInput } from '@nhatro/common';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc } from '../../domain/shared/model.js';
import { vietnamDate } from '../../domain/shared/time.js';
import { isStoreError } from '../../store/store.js';
import { type Actor, writeAudited } from '../shared/actor.js';
import { contractForCaller } from '../shared/contractScope.js';
import type { HouseScopedDoc } from '../../domain/shared/model.js';
import { recordChanges } from './history.js';
import { entityView } from '../shared/views.js';

/** The landlord gave back what an ended contract's settlement owed the tenant: `POST /odata/Contract/RecordRefund`. */

/**
 * Records the refund (date, method, note, who) on the settlement, once. Refused: a contract not ended
 * (409), a settlement where the tenant owes or nothing is owed (409), a refund already recorded (409), a
 * date before the end or after today (400 naming `refundedOn`).
 */
export async function recordRefund(actor: Actor, input: ContractRefundInput) {
  const { deps } = actor;
  const contract = await contractForCaller(actor, input.contractID);
  const { settlement } = contract;
  if (contract.status !== CONTRACT_STATUS.terminated || !settlement) {
    throw AppError.conflict(CONTRACT_MESSAGES.refundNotEnded);
  }
  if (settlement.refund <= 0) throw AppError.conflict(CONTRACT_MESSAGES.nothingToRefund);
  if (settlement.refunded) throw AppError.conflict(CONTRACT_MESSAGES.alreadyRefunded);
  if (contract.terminatedOn && input.refundedOn < contract.terminatedOn) {
    throw AppError.validation([{ field: 'refundedOn', errorMessage: CONTRACT_MESSAGES.refundBeforeEnd }]);
  }
  if (input.refundedOn > vietnamDate(deps.now())) {
    throw AppError.validation([{ field: 'refundedOn', errorMessage: CONTRACT_MESSAGES.refundInFuture }]);
  }
  const refunded: ContractDoc = {
    ...contract,
    settlement: {
      ...settlement,
      refunded: {
        refundedOn: input.refundedOn,
        method: input.method,
        ...(input.note ? { note: input.note } : {}),
        recordedBy: actor.user.userID,
        recordedOn: deps.now().toISOString(),
      },
    },
  };
  // The history says it too: 'Ngày hoàn tiền' from nothing to the date.
  const history = recordChanges(
    actor,
    contract,
    [{ field: 'refundedOn', oldValue: null, newValue: input.refundedOn }],
    input.note,
  );
  let saved: HouseScopedDoc | undefined;
  try {
    [saved] = await writeAudited<HouseScopedDoc>(
      actor,
      contract.houseID,
      [
        { op: 'replace', doc: refunded, ...(contract._etag ? { ifMatch: contract._etag } : {}) },
        ...history.map((doc) => ({ op: 'create' as const, doc })),
      ],
      {
        action: 'refund',
        entity: 'contract',
        entityID: contract.contractID,
        details: { amount: settlement.refund, refundedOn: input.refundedOn, method: input.method },
      },
    );
  } catch (error) {
    if (isStoreError(error, 'precondition_failed')) throw AppError.stale();
    throw error;
  }
  return entityView(saved ?? refunded);
}
