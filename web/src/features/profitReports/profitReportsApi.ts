import type { ProfitReport, RentTaxThreshold, RentTaxThresholdInput } from '@nhatro/common';
import { apiRequest } from '../../lib/api';
import { useApiResource } from '../../lib/api/swr';

const enc = encodeURIComponent;

/** `houseID` null: every house the caller keeps. */
function reportQuery(houseID: string | null, year: number): string {
  return houseID === null ? `year=${year}` : `houseID=${enc(houseID)}&year=${year}`;
}

export const profitReportKeys = {
  report: (houseID: string | null, year: number) => `/odata/ProfitReport?${reportQuery(houseID, year)}`,
  export: (houseID: string | null, year: number) => `/api/ProfitReport/Export?${reportQuery(houseID, year)}`,
  threshold: '/api/MetaData/RentTaxThreshold',
} as const;

export function useProfitReport(houseID: string | null, year: number) {
  return useApiResource<ProfitReport>(profitReportKeys.report(houseID, year));
}

export function useRentTaxThreshold() {
  return useApiResource<{ status: boolean; data: RentTaxThreshold }>(profitReportKeys.threshold);
}

export function setRentTaxThreshold(input: RentTaxThresholdInput): Promise<unknown> {
  return apiRequest('/api/MetaData/SetRentTaxThreshold', {
    method: 'POST',
    body: input,
    toastBadRequest: false,
    handledStatuses: [400],
  });
}
