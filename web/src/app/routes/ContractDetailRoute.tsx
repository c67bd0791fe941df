// /contracts/{id} is two slices: the contract (contracts) and its balance over time (debts, issue 26 §3).
import { BILLING_LEVELS } from '@nhatro/common';
import { ContractDebtSection } from '../../features/debts/ContractDebtSection';
import { ContractDetailPage } from '../../features/contracts/ContractDetailPage';
import { useSignedInSession } from '../../lib/session';

/** The contract, with 'Công nợ' for whoever may read the house's bills (the pause for whoever may remind). */
export function ContractDetailRoute() {
  const { role } = useSignedInSession();
  if (role.billingPermission < BILLING_LEVELS.read) return <ContractDetailPage />;
  return (
    <ContractDetailPage
      extra={(contract) => (
        <ContractDebtSection
          contractID={contract.contractID}
          canPause={role.billingPermission >= BILLING_LEVELS.remind}
        />
      )}
    />
  );
}
