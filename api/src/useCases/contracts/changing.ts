import { type ContractUpdateInput, CONTRACT_STATUS, CONTRACT_MESSAGES } from '@nhatro/common';
import { changedFields } from '../../domain/contracts.js';
import { AppError } from '../../domain/shared/errors.js';
import type { ContractDoc, HouseScopedDoc } from '../../domain/shared/model.js';
import { vietnamDate, nextMonth, vietnamMonth } from '../../domain/shared/time.js';
import { type Actor, writeAudited } from '../shared/actor.js';
import { contractForCaller, ACTIVE_CONTRACT } from '../shared/contractScope.js';
import { assertCurrent, houseDocs } from '../shared/houseScope.js';
import { entityView } from '../shared/views.js';
import { recordChanges, contractChanges } from './history.js';
import type { Deps } from '../shared/deps.js';

/**
 * Changing a running contract: the landlord extends it or changes the rent, deposit or e-mail (each change
 * kept in its history), and the nightly job marks the contracts whose term ended as expired.
 */

const CHANGEABLE = ['endDate', 'rentFee', 'deposit', 'deposited', 'representativeLesseeEmail'] as const;

/** Extends the term, changes the rent (from a month), the deposit or the email; each change is kept. */
export async function updateContract(
  actor: Actor,
  contractID: string,
  input: Omit<ContractUpdateInput, 'contractID'>,
  ifMatch?: string,
) {
  const contract = await contractForCaller(actor, contractID);
  if (contract.status === CONTRACT_STATUS.terminated) throw AppError.conflict(CONTRACT_MESSAGES.notActive);
  assertCurrent(contract, ifMatch);
  const { reason, rentFromMonth, ...fields } = input;
  const next: ContractDoc = { ...contract };
  for (const field of CHANGEABLE) {
    const value = fields[field];
    if (value !== undefined) Object.assign(next, { [field]: value });
  }
  if (next.endDate <= next.startDate) {
    throw AppError.validation([{ field: 'endDate', errorMessage: CONTRACT_MESSAGES.endBeforeStart }]);
  }
  // Extending an expired contract past today makes it active again.
  if (contract.status === CONTRACT_STATUS.expired && next.endDate >= vietnamDate(actor.deps.now())) {
    next.status = ACTIVE_CONTRACT;
  }
  const changes = changedFields(contract, next, [...CHANGEABLE, 'status']);
  if (changes.length === 0) return entityView(contract);
  if (next.rentFee !== contract.rentFee) {
    // Bills of earlier months keep the old rent (domain/shared/bills.ts reads these two fields).
    const fromMonth = rentFromMonth ?? nextMonth(vietnamMonth(actor.deps.now()));
    next.rentFromMonth = fromMonth;
    next.previousRentFee = contract.rentFee;
    const rentChange = changes.find((change) => change.field === 'rentFee');
    if (rentChange) rentChange.field = `rentFee (từ tháng ${fromMonth.slice(5)}/${fromMonth.slice(0, 4)})`;
  }
  const history = recordChanges(actor, contract, changes, reason);
  const [saved] = await writeAudited<HouseScopedDoc>(
    actor,
    contract.houseID,
    [
      { op: 'replace', doc: next, ifMatch: ifMatch ?? (contract._etag as string) },
      ...history.map((doc) => ({ op: 'create' as const, doc })),
    ],
    {
      action: 'update',
      entity: 'contract',
      entityID: contractID,
      details: { fields: changes.map((change) => change.field) },
    },
  );
  return entityView(saved as ContractDoc);
}

/** The nightly job's name in a contract's history. */
const SYSTEM = { userID: 'system', name: 'Hệ thống' };

/**
 * The nightly job: active contracts whose end date has passed (in Vietnam) become expired (status 2),
 * with a history entry. The room stays occupied and the tenant keeps their account until the
 * landlord extends the contract (which makes it active again) or ends it.
 */
export async function expireContracts(deps: Deps): Promise<number> {
  const today = vietnamDate(deps.now());
  const due = await deps.store.container<ContractDoc>('houses').query({
    filter: {
      op: 'and',
      items: [
        { op: 'eq', field: 'type', value: 'contract' },
        { op: 'eq', field: 'status', value: ACTIVE_CONTRACT },
        { op: 'lt', field: 'endDate', value: today },
      ],
    },
    top: 1000,
  });
  for (const contract of due.items) {
    const history = contractChanges(
      contract,
      [{ field: 'status', oldValue: ACTIVE_CONTRACT, newValue: CONTRACT_STATUS.expired }],
      SYSTEM,
      deps.now().toISOString(),
      `Hết hạn ngày ${contract.endDate}`,
    );
    await houseDocs<HouseScopedDoc>(deps).batch(contract.houseID, [
      {
        op: 'replace',
        doc: { ...contract, status: CONTRACT_STATUS.expired },
        ...(contract._etag ? { ifMatch: contract._etag } : {}),
      },
      ...history.map((doc) => ({ op: 'create' as const, doc })),
    ]);
  }
  return due.items.length;
}
