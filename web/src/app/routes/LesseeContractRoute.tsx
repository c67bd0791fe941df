// /lesseeContract is two slices: the tenant's contract (contracts) and its handover records (handovers).
import { LesseeContractPage } from '../../features/contracts/LesseeContractPage';
import { HandoverSection } from '../../features/handovers/HandoverSection';

/** The tenant's contract, with its handover records to read and download (signing is by the link). */
export function LesseeContractRoute() {
  return (
    <LesseeContractPage
      below={(contract) => <HandoverSection contractID={contract.contractID} canEdit={false} />}
    />
  );
}
