import { randomUUID } from 'node:crypto';
import type { ContractChangeDoc, ContractDoc } from '../../domain/shared/model.js';
import type { Actor } from '../shared/actor.js';

/** A contract's history: one entry per changed field, who changed it, when and why. */

interface FieldChange {
  field: string;
  oldValue: string | number | boolean | null;
  newValue: string | number | boolean | null;
}

/** The history entries of `changes` to a contract, made by `by` at `changedOn`. */
export function contractChanges(
  contract: ContractDoc,
  changes: FieldChange[],
  by: { userID: string; name: string },
  changedOn: string,
  reason: string | undefined,
): ContractChangeDoc[] {
  return changes.map((change) => {
    const contractChangeID = randomUUID();
    return {
      id: contractChangeID,
      pk: contract.houseID,
      type: 'contractChange',
      contractChangeID,
      houseID: contract.houseID,
      contractID: contract.contractID,
      ...change,
      changedBy: by.userID,
      changedByName: by.name,
      changedOn,
      ...(reason ? { reason } : {}),
    };
  });
}

/** The history entries of changes the actor makes now. */
export function recordChanges(
  actor: Actor,
  contract: ContractDoc,
  changes: FieldChange[],
  reason: string | undefined,
): ContractChangeDoc[] {
  const by = { userID: actor.user.userID, name: actor.user.account.fullName };
  return contractChanges(contract, changes, by, actor.deps.now().toISOString(), reason);
}
