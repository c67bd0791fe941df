// /contracts/{id} is three slices: the contract (contracts), its balance over time (debts, issue 26 §3) and
// its handover records (handovers).
import { BILLING_LEVELS, LEVEL } from '@nhatro/common';
import { ContractDebtSection } from '../../features/debts/ContractDebtSection';
import { ContractDetailPage } from '../../features/contracts/ContractDetailPage';
import { HandoverSection } from '../../features/handovers/HandoverSection';
import { useSignedInSession } from '../../lib/session';

/**
 * The contract, with 'Công nợ' for whoever may read the house's bills (the pause for whoever may remind) and
 * 'Biên bản bàn giao' (move-in, move-out) beside its room and people.
 */
export function ContractDetailRoute() {
  const { role } = useSignedInSession();
  const showDebts = role.billingPermission >= BILLING_LEVELS.read;
  return (
    <ContractDetailPage
      below={(contract, level) => (
        <>
          {showDebts && (
            <ContractDebtSection
              contractID={contract.contractID}
              houseID={contract.houseID}
              canPause={role.billingPermission >= BILLING_LEVELS.remind}
            />
          )}
          <HandoverSection
            contractID={contract.contractID}
            where={{ houseID: contract.houseID, roomID: contract.roomID }}
            canEdit={level >= LEVEL.update}
          />
        </>
      )}
    />
  );
}
