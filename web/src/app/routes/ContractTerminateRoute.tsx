// /contracts/earlyTerminate/{id} is two slices: the termination (contracts) and the move-out handover record
// (handovers), whose damaged devices and meter indexes start the termination's.
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { ContractTerminatePage } from '../../features/contracts/ContractTerminatePage';
import { useHandovers } from '../../features/handovers/handoversApi';
import { moveOutSuggestion } from '../../features/handovers/handoverDamages';

/** The termination page, its damages and final indexes started from the move-out record once known. */
export function ContractTerminateRoute() {
  const { id = '' } = useParams();
  const { data, error } = useHandovers(id);
  // The form keeps its first lines: wait for the records (or their failure: then it starts empty).
  if (data === undefined && error === undefined) return <PageLoader />;
  return <ContractTerminatePage suggested={moveOutSuggestion(data)} />;
}
