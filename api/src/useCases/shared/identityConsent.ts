import { holdsIdentityData, IDENTITY_CONSENT_PURPOSE } from '../../domain/personalData.js';
import type { ContractDoc, LesseeInfoDoc } from '../../domain/shared/model.js';
import type { Deps } from './deps.js';
import { houseDocs } from './houseScope.js';

/**
 * Consent to keep an occupant's identity data (Law 91/2025/QH15): what for, when, recorded by whom.
 * Recorded when the identity number or photos are first taken; the person confirms it themselves on
 * the guest contract page or in their account.
 */
export function consentRecord(
  occupant: Partial<LesseeInfoDoc>,
  recordedBy: { username: string; fullName?: string | undefined },
  now: Date,
): Pick<LesseeInfoDoc, 'consentPurpose' | 'consentAt' | 'consentBy'> | Record<string, never> {
  if (occupant.consentAt || !holdsIdentityData({ status: 1, ...occupant })) return {};
  return {
    consentPurpose: IDENTITY_CONSENT_PURPOSE,
    consentAt: now.toISOString(),
    consentBy: recordedBy.fullName ? `${recordedBy.fullName} (${recordedBy.username})` : recordedBy.username,
  };
}

/** The contract's representative confirmed the consent (the guest contract page, when signing). */
export async function confirmIdentityConsent(deps: Deps, contract: ContractDoc, at: string): Promise<void> {
  if (!contract.representativeLesseeID) return;
  const lessee = await houseDocs<LesseeInfoDoc>(deps).read(contract.houseID, contract.representativeLesseeID);
  if (lessee?.type !== 'lesseeInfo' || lessee.consentConfirmedAt) return;
  await houseDocs<LesseeInfoDoc>(deps).patch(contract.houseID, lessee.id, [
    { op: 'set', path: '/consentConfirmedAt', value: at },
    ...(lessee.consentPurpose
      ? []
      : [{ op: 'set' as const, path: '/consentPurpose', value: IDENTITY_CONSENT_PURPOSE }]),
  ]);
}
