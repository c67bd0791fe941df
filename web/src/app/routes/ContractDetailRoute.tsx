// /contracts/{id} is two slices: the contract (contracts) and its handover records (handovers).
import { LEVEL } from '@nhatro/common';
import { ContractDetailPage } from '../../features/contracts/ContractDetailPage';
import { HandoverSection } from '../../features/handovers/HandoverSection';

/** The contract, with 'Biên bản bàn giao' (move-in, move-out) beside its room and people. */
export function ContractDetailRoute() {
  return (
    <ContractDetailPage
      below={(contract, level) => (
        <HandoverSection contractID={contract.contractID} canEdit={level >= LEVEL.update} />
      )}
    />
  );
}
