import { useEffect } from 'react';
import { LESSOR_STATUS, ROLE_IDS, useSessionActions, useSignedInSession } from '../../lib/session';

/**
 * Keeps the session in step with the landlord's lessor status: once the server says complete (1), the
 * account is active (the full navigation) and the stored houses say so too, so choosing a house no longer
 * shows the incomplete-account modal. Also heals a session made before the info was completed elsewhere.
 */
export function useLessorStatusSync(status: number | undefined): void {
  const session = useSignedInSession();
  const { setUserActive, setHouses } = useSessionActions();
  const isLandlord = session.role.roleID === ROLE_IDS.houseModerator;
  const staleHouses = session.houses.some((house) => house.lessorInfo?.status === LESSOR_STATUS.incomplete);
  useEffect(() => {
    if (!isLandlord || status !== LESSOR_STATUS.complete) return;
    if (staleHouses) {
      setHouses(
        session.houses.map((house) => ({ ...house, lessorInfo: { status: LESSOR_STATUS.complete } })),
      );
    }
    if (!session.isUserActive) setUserActive(true);
  }, [isLandlord, status, staleHouses, session.houses, session.isUserActive, setHouses, setUserActive]);
}
