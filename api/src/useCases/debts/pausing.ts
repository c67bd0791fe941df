import { ROLE, type DebtPause, type DebtPauseInput } from '@nhatro/common';
import { AppError } from '../../domain/shared/errors.js';
import type { DebtPauseDoc } from '../../domain/shared/model.js';
import { type Actor, writeAudited } from '../shared/actor.js';
import { contractForCaller } from '../shared/contractScope.js';
import { debtPauseID } from './facts.js';

/**
 * `POST /api/Debt/Pause`: the landlord (or billing staff) pauses or resumes a contract's automatic debt
 * reminders; who and when are kept with it and in the audit trail.
 */
export async function setDebtPause(actor: Actor, input: DebtPauseInput): Promise<DebtPause> {
  if (actor.user.roleID !== ROLE.houseModerator && actor.user.roleID !== ROLE.staff)
    throw AppError.forbidden();
  const contract = await contractForCaller(actor, input.contractID);
  const pause: DebtPause = {
    paused: input.paused,
    changedBy: actor.user.userID,
    changedOn: actor.deps.now().toISOString(),
  };
  const doc: DebtPauseDoc = {
    id: debtPauseID(contract.contractID),
    pk: contract.houseID,
    type: 'debtPause',
    houseID: contract.houseID,
    contractID: contract.contractID,
    ...pause,
  };
  await writeAudited(actor, contract.houseID, [{ op: 'upsert', doc }], {
    action: input.paused ? 'pauseDebtReminders' : 'resumeDebtReminders',
    entity: 'contract',
    entityID: contract.contractID,
  });
  return pause;
}
