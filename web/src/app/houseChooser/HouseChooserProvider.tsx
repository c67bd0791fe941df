import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { LESSOR_STATUS, useSessionActions, type HouseSummary } from '../../lib/session';
import { HouseChooserContext, type HouseChooser } from './houseChooserContext';
import { IncompleteAccountDialog } from './IncompleteAccountDialog';

export function HouseChooserProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { selectHouse, setUserActive } = useSessionActions();
  const [isIncompleteNoticeOpen, setIsIncompleteNoticeOpen] = useState(false);

  const chooseHouse = useCallback(
    (house: HouseSummary) => {
      const isLessorInfoComplete = house.lessorInfo?.status !== LESSOR_STATUS.incomplete;
      selectHouse(house.houseID, isLessorInfoComplete);
      if (isLessorInfoComplete) void navigate(paths.dashboard);
      else setIsIncompleteNoticeOpen(true);
    },
    [navigate, selectHouse],
  );

  const goToAccountSettings = useCallback(() => {
    setUserActive(false);
    setIsIncompleteNoticeOpen(false);
    void navigate(paths.accountSettings);
  }, [navigate, setUserActive]);

  const chooser = useMemo<HouseChooser>(() => ({ chooseHouse }), [chooseHouse]);

  return (
    <HouseChooserContext value={chooser}>
      {children}
      <IncompleteAccountDialog
        open={isIncompleteNoticeOpen}
        onClose={() => setIsIncompleteNoticeOpen(false)}
        onGoToAccountSettings={goToAccountSettings}
      />
    </HouseChooserContext>
  );
}
