// Debts (issue 26 §3): a house's contracts by oldest debt. The dashboard's card (debts) and the month's
// bills screen (monthlyBills) both show them.
import { DEBT_PAGE_MAX, type HouseDebts } from '@nhatro/common';
import type { SWRResponse } from 'swr';
import { useApiResource } from '../swr';

export const DEBT_PATH = '/api/Debt';

export const houseDebtsKeys = {
  /** Contracts past the house's days (the dashboard's flag). */
  flagged: (houseID: string) =>
    `${DEBT_PATH}/House?houseID=${encodeURIComponent(houseID)}&flaggedOnly=true&top=${DEBT_PAGE_MAX}`,
  /** Contracts with a bill of `month` (the month's bills screen). */
  ofMonth: (houseID: string, month: string) =>
    `${DEBT_PATH}/House?houseID=${encodeURIComponent(houseID)}&month=${encodeURIComponent(month)}&top=${DEBT_PAGE_MAX}`,
} as const;

export function useHouseDebts(key: string | null): SWRResponse<HouseDebts, Error> {
  return useApiResource<HouseDebts>(key);
}
