import { createContext, useContext } from 'react';
import type { HouseSummary } from '../../lib/session';

export interface HouseChooser {
  /** Stores the house as selected; then /dashboard, or the incomplete-account notice (spec section 4). */
  chooseHouse: (house: HouseSummary) => void;
}

export const HouseChooserContext = createContext<HouseChooser | null>(null);

export function useHouseChooser(): HouseChooser {
  const chooser = useContext(HouseChooserContext);
  if (chooser === null) throw new Error('useHouseChooser() must be used inside <HouseChooserProvider>.');
  return chooser;
}
